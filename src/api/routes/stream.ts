// Streaming of generated completions: a chat paused on an LLM block (client actions `stream` and
// `streamOpenAiChatCompletion`) gets the provider's tokens as server-sent events, then sends the full text with
// continueChat. Protocol: `data: {"text":"…"}` per piece, then `event: done` with `data: {"text":"<full text>"}`,
// or `event: error` with `data: {"message":"…"}`. Problems found before the stream starts are JSON errors.
import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { idSchema } from '../../contract/api.js'
import type { App } from '../../app/index.js'
import { defineRoute } from '../route.js'
import { exampleIds } from './botExamples.js'
import { errors, origin } from './chat.js'

const event = (name: string | undefined, data: unknown) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`

/** A completion the chat application hands over to stream. */
type CompletionStream = Awaited<ReturnType<App['chats']['completionStream']>>

/** How a stream is written on the wire: each piece of text, then how it ended (the full text, or why it failed). */
export type StreamFormat = {
  contentType: string
  piece: (text: string) => string
  end: (end: { ok: true; text: string } | { ok: false; message: string }) => string
  headers?: Record<string, string>
}

/**
 * Sends a completion stream in the given format: pieces as they come, then its end. A client that went away does
 * not turn late writes into errors; a stream that throws ends as a failure (logged).
 */
export const sendCompletionStream = (ctx: { req: FastifyRequest; reply: FastifyReply }, stream: CompletionStream, format: StreamFormat) => {
  const out = new PassThrough()
  const write = (chunk: string, end = false) => {
    if (out.destroyed || out.writableEnded) return
    if (end) out.end(chunk)
    else out.write(chunk)
  }
  stream((text) => text && write(format.piece(text))).then(
    (end) => write(format.end(end), true),
    (err: unknown) => {
      ctx.req.log.error({ err }, 'completion stream failed')
      write(format.end({ ok: false, message: 'Internal error while streaming the completion.' }), true)
    },
  )
  ctx.reply.header('content-type', format.contentType).header('cache-control', 'no-cache').header('x-accel-buffering', 'no')
  for (const [name, value] of Object.entries(format.headers ?? {})) ctx.reply.header(name, value)
  return ctx.reply.send(out)
}

export const streamRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/streamMessage',
    operationId: 'streamMessage',
    auth: 'optional',
    previewToken: true,
    tags: ['Chat'],
    summary: 'Stream the completion of the LLM block a chat waits on (text/event-stream); then send the full text with continueChat',
    description:
      'When a turn answers a client action `stream` or `streamOpenAiChatCompletion` (the chat waits on an LLM block), call this to receive the generated text as server-sent events as it comes, then send the full text with continueChat to go on. A chat not waiting on such a block answers 400. Takes callers without credentials when PUBLIC_CHAT is on.',
    example: {
      params: { sessionId: exampleIds.sessionId },
      response: {
        status: 200,
        body: 'data: {"text":"Our spring"}\n\ndata: {"text":" menu has a lavender latte."}\n\nevent: done\ndata: {"text":"Our spring menu has a lavender latte."}\n\n',
      },
    },
    params: z.object({ sessionId: idSchema }),
    responses: {
      200: {
        description:
          'text/event-stream: `data: {"text"}` per piece, then `event: done` (`{"text"}`: the full text) or `event: error` (`{"message"}`)',
      },
      ...errors,
    },
    async handler(ctx) {
      const stream = await ctx.app.chats.completionStream(ctx.params.sessionId, { origin: origin(ctx.req), user: ctx.user })
      return sendCompletionStream(ctx, stream, {
        contentType: 'text/event-stream; charset=utf-8',
        piece: (text) => event(undefined, { text }),
        end: (end) => (end.ok ? event('done', { text: end.text }) : event('error', { message: end.message })),
      })
    },
  }),
]
