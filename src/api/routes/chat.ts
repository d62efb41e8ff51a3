// The chat runtime: operations 6 (preview start), 7 (start) and 8 (continue), and webhook delivery. Anonymous
// callers reach the `optional` routes only when PUBLIC_CHAT is on (the chat plugin's auth hook).
import { z } from 'zod'
import { clientLogsBody, continueChatBody, continueChatResponse, previewStartBody, startChatBody, startChatResponse } from '../../contract/chat.js'
import { defineRoute } from '../route.js'
import { botParams, errorSchema, idSchema } from '../../contract/api.js'
import type { FastifyRequest } from 'fastify'

const tags = ['Chat']
export const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Origin not allowed', schema: errorSchema },
  404: { description: 'Unknown bot or session', schema: errorSchema },
  409: { description: 'Another request advanced this session at the same time', schema: errorSchema },
}

export const origin = (req: FastifyRequest) => (typeof req.headers.origin === 'string' ? req.headers.origin : undefined)

export const chatRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/blocks/{blockId}/results/{resultId}/executeWebhook',
    auth: 'required',
    tags,
    summary: "Deliver the payload a webhook block waits for (any JSON body); the chat's next continueChat resumes with it",
    params: z.object({ botId: idSchema, blockId: idSchema, resultId: idSchema }),
    body: z.unknown(),
    responses: { 200: { description: 'Delivered', schema: z.object({ message: z.string() }) }, ...errors },
    async handler({ app, user, params, body }) {
      await app.chats.deliverWebhook(user, params.botId, params.blockId, params.resultId, body ?? null)
      return { message: 'Webhook received' }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/preview/startChat',
    auth: 'required',
    tags,
    summary: 'Start a preview chat on the draft (or on the bot given in the body); nothing is stored as a result',
    params: botParams,
    body: previewStartBody,
    responses: { 200: { description: 'First messages and input', schema: startChatResponse.omit({ resultId: true }) }, ...errors },
    async handler({ app, user, params, body }) {
      const { textBubbleContentFormat, ...options } = body
      const { schemaVersion: _, ...started } = await app.chats.startPreview(user, params.botId, { ...options, textFormat: textBubbleContentFormat })
      return started
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{publicId}/startChat',
    auth: 'optional',
    tags,
    summary: 'Start a chat on the published version of a bot (by its public id); the run is stored as a result',
    params: z.object({ publicId: idSchema }),
    body: startChatBody,
    responses: { 200: { description: 'First messages and input', schema: startChatResponse }, ...errors },
    async handler({ app, req, params, body }) {
      const { textBubbleContentFormat, ...options } = body
      const { schemaVersion: _, ...started } = await app.chats.startLive(params.publicId, {
        ...options,
        textFormat: textBubbleContentFormat,
        origin: origin(req),
      })
      return started
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/continueChat',
    auth: 'optional',
    tags,
    summary: 'Send the next message of a chat',
    params: z.object({ sessionId: idSchema }),
    body: continueChatBody,
    responses: { 200: { description: 'Next messages and input', schema: continueChatResponse }, ...errors },
    async handler({ app, req, user, params, body }) {
      return app.chats.continue(params.sessionId, body.message, {
        user,
        textFormat: body.textBubbleContentFormat,
        origin: origin(req),
        arrivedAt: req.arrivedAt,
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/clientLogs',
    auth: 'optional',
    tags,
    summary: "Report logs of the chat client (failed client-side actions…); stored on the chat's result, also right after its last turn",
    params: z.object({ sessionId: idSchema }),
    body: clientLogsBody,
    responses: { 200: { description: 'How many logs were stored', schema: z.object({ stored: z.number() }) }, ...errors },
    async handler({ app, req, user, params, body }) {
      return app.clientLogs.report(params.sessionId, body.clientLogs, { origin: origin(req), user })
    },
  }),
]
