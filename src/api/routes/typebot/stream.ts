// Streamed completions for Typebot's client: the AI SDK "data stream" line protocol it parses, `0:"<text>"` per
// piece and `3:"<log as JSON text>"` for an error, each line ending in a newline. Problems found before the stream
// starts are JSON errors with real statuses (the client retries 403, 500 and 503 once, then logs the message).
import { z } from 'zod'
import { idSchema } from '../../../contract/api.js'
import { defineRoute } from '../../route.js'
import { exampleIds } from '../botExamples.js'
import { errors } from '../chat.js'
import { sendCompletionStream } from '../stream.js'
import { chatOrigin } from './origin.js'

const textPart = (text: string) => `0:${JSON.stringify(text)}\n`
/** The client parses the error part's string as a log (`{ status, description, details?, context? }`). */
const errorPart = (description: string) =>
  `3:${JSON.stringify(JSON.stringify({ status: 'error', description, context: 'While streaming the answer' }))}\n`

export const dataStreamRoute = (version: 'v1' | 'v2') =>
  defineRoute({
    method: 'POST',
    path: `/api/${version}/sessions/{sessionId}/streamMessage`,
    operationId: `typebotStreamMessage${version.toUpperCase()}`,
    auth: 'optional',
    previewToken: true,
    tags: ['Typebot-compatible chat'],
    summary: `Stream the completion of the LLM block a chat waits on, in the AI SDK data-stream format (Typebot's ${version} path); the client then sends the full text with continueChat`,
    description: `Typebot's streamMessage: the generated text of the LLM block the chat waits on, as AI SDK data-stream lines (\`0:"<piece>"\`, or a \`3:\` line with the error), for Typebot's embed client. It then sends the full text with continueChat. Takes callers without credentials unless TYPEBOT_PUBLIC_CHAT is off.`,
    example: {
      params: { sessionId: exampleIds.sessionId },
      body: {},
      response: { status: 200, body: '0:"Our spring"\n0:" menu has a lavender latte."\n' },
    },
    params: z.object({ sessionId: idSchema }),
    // The legacy OpenAI action sends the messages again: the server streams what it kept, so they are not read.
    body: z.unknown(),
    responses: { 200: { description: 'text/plain: `0:"<text>"` lines, or a `3:` error line' }, ...errors },
    async handler(ctx) {
      const stream = await ctx.app.chats.completionStream(ctx.params.sessionId, { origin: chatOrigin(ctx.req), user: ctx.user })
      return sendCompletionStream(ctx, stream, {
        contentType: 'text/plain; charset=utf-8',
        headers: { 'x-vercel-ai-data-stream': 'v1' },
        piece: textPart,
        end: (end) => (end.ok ? '' : errorPart(end.message)),
      })
    },
  })
