// Streaming of generated completions: a chat paused on an LLM block (client actions `stream` and
// `streamOpenAiChatCompletion`) gets the provider's tokens as server-sent events, then sends the full text with
// continueChat. Protocol: `data: {"text":"…"}` per piece, then `event: done` with `data: {"text":"<full text>"}`,
// or `event: error` with `data: {"message":"…"}`. Problems found before the stream starts are JSON errors.
import { PassThrough } from 'node:stream'
import { z } from 'zod'
import { idSchema } from '../../contract/api.js'
import { defineRoute } from '../route.js'
import { errors, origin } from './chat.js'

const event = (name: string | undefined, data: unknown) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`

export const streamRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/streamMessage',
    auth: 'optional',
    tags: ['Chat'],
    summary: 'Stream the completion of the LLM block a chat waits on (text/event-stream); then send the full text with continueChat',
    params: z.object({ sessionId: idSchema }),
    responses: {
      200: {
        description:
          'text/event-stream: `data: {"text"}` per piece, then `event: done` (`{"text"}`: the full text) or `event: error` (`{"message"}`)',
      },
      ...errors,
    },
    async handler(ctx) {
      const stream = await ctx.app.chats.completionStream(ctx.params.sessionId, { origin: origin(ctx.req) })
      const out = new PassThrough()
      // A client that went away must not turn late writes into errors.
      const write = (chunk: string, end = false) => {
        if (out.destroyed || out.writableEnded) return
        if (end) out.end(chunk)
        else out.write(chunk)
      }
      stream((text) => write(event(undefined, { text }))).then(
        (end) => write(end.ok ? event('done', { text: end.text }) : event('error', { message: end.message }), true),
        (err: unknown) => {
          ctx.req.log.error({ err }, 'completion stream failed')
          write(event('error', { message: 'Internal error while streaming the completion.' }), true)
        },
      )
      return ctx.reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(out)
    },
  }),
]
