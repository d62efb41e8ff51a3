// The chat runtime: operations 6 (preview start), 7 (start) and 8 (continue), and webhook delivery. Anonymous
// callers reach the `optional` routes only when PUBLIC_CHAT is on (the chat plugin's auth hook).
import { z } from 'zod'
import { clientLogsBody, continueChatBody, previewStartBody, startChatBody } from '../../contract/chat.js'
import { continueChatResponse, startChatResponse } from '../../blocks/wire.js'
import { arrivalOf } from '../chatArrivals.js'
import { defineRoute } from '../route.js'
import { exampleFirstTurn, exampleIds, exampleLastTurn, examplePreviewStart } from './botExamples.js'
import { botParams, errorSchema, idSchema } from '../../contract/api.js'
import type { FastifyRequest } from 'fastify'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Chat']
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
    operationId: 'executeWebhook',
    auth: 'required',
    tags,
    summary: "Deliver the payload a webhook block waits for (any JSON body); the chat's next continueChat resumes with it",
    description:
      'Hands the data a chat waits for to its webhook block ("wait for webhook"), e.g. from your order system once an order is ready; the chat resumes with it at its next continueChat. For members and admins of the bot\'s workspace; `resultId` is the result\'s id or the key startChat answered. 404 when no chat of that result waits on that block.',
    example: {
      params: { botId: exampleIds.botId, blockId: 'w4k9c2hq8z1xm5n7b3v6l0p2s', resultId: exampleIds.resultId },
      body: { orderId: 'A-1043', status: 'ready', pickupCounter: 2 },
      response: { status: 200, body: { message: 'Webhook received' } },
    },
    params: z.object({ botId: idSchema, blockId: idSchema, resultId: idSchema }),
    body: z.unknown(),
    responses: { 200: { description: 'Delivered', schema: z.object({ message: z.string() }) }, ...errors },
    async handler({ app, user, params, body, req }) {
      const { contact } = await app.chats.deliverWebhook(user, params.botId, params.blockId, params.resultId, body ?? null)
      if (contact) req.server.conversationRunner.resume(contact)
      return { message: 'Webhook received' }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/preview/startChat',
    operationId: 'startPreviewChat',
    auth: 'required',
    previewToken: true,
    tags,
    summary: 'Start a preview chat on the draft (or on the bot given in the body); nothing is stored as a result',
    description:
      "Starts a chat on the bot's draft to try it before publishing (members and admins; guests get 404): nothing is stored as a result and allowed origins do not apply. Send `bot` to run an unsaved graph, or `startFrom` to begin at a group or event. Send email blocks send nothing in preview, unless `sendEmailsToMe` is true: then they write to your own verified email address only, never to the recipients the block names (400 when your address is not verified). Only you can continue the session it answers.",
    example: {
      params: { botId: exampleIds.botId },
      body: { startFrom: { type: 'group', groupId: exampleIds.welcomeGroupId } },
      response: {
        status: 200,
        body: examplePreviewStart,
      },
    },
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
    operationId: 'startChat',
    auth: 'optional',
    tags,
    summary: 'Start a chat on the published version of a bot (by its public id); the run is stored as a result',
    description:
      'Starts a chat with a published bot, found by its public id: the answer has the first bubbles, the `input` to show and the `sessionId` to send the answers to (POST /v1/sessions/{sessionId}/continueChat). Takes callers without credentials when PUBLIC_CHAT is on. Keep `resultId` to resume the same result later; a closed bot answers `bot_closed`, an origin the bot does not allow 403.',
    example: {
      params: { publicId: exampleIds.publicId },
      body: { textBubbleContentFormat: 'richText' },
      response: {
        status: 200,
        body: {
          sessionId: exampleIds.sessionId,
          resultId: exampleIds.resultKey,
          bot: {
            id: exampleIds.botId,
            version: '3',
            theme: {},
            settings: { general: {}, typingEmulation: {} },
            publishedAt: '2026-03-02T09:20:41.232Z',
          },
          ...exampleFirstTurn,
        },
      },
    },
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
    operationId: 'continueChat',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: 'Send the next message of a chat',
    description:
      "Sends the visitor's answer to the input the chat waits on and returns the next bubbles and input; no `input` in the answer means the chat has ended. An invalid answer (e.g. not an email) gets the input's retry message and the same input again. Takes callers without credentials when PUBLIC_CHAT is on; a preview session only from whoever started it.",
    example: {
      params: { sessionId: exampleIds.sessionId },
      body: { message: { type: 'text', text: 'Ada' } },
      response: { status: 200, body: exampleLastTurn },
    },
    params: z.object({ sessionId: idSchema }),
    body: continueChatBody,
    responses: { 200: { description: 'Next messages and input', schema: continueChatResponse }, ...errors },
    async handler({ app, req, user, params, body }) {
      return app.chats.continue(params.sessionId, body.message, {
        user,
        textFormat: body.textBubbleContentFormat,
        origin: origin(req),
        arrival: arrivalOf(req),
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/clientLogs',
    operationId: 'saveClientLogs',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: "Report logs of the chat client (failed client-side actions…); stored on the chat's result, also right after its last turn",
    description:
      "Stores what went wrong on the chat client's side (a redirect or script that failed…) with the chat's result, where GET …/results/{resultId}/logs shows it; works after the chat's last turn too. Up to 20 logs per call. Preview sessions store nothing (0). Takes callers without credentials when PUBLIC_CHAT is on.",
    example: {
      params: { sessionId: exampleIds.sessionId },
      body: { clientLogs: [{ status: 'error', description: 'Could not open the payment page', context: 'While redirecting to Stripe' }] },
      response: { status: 200, body: { stored: 1 } },
    },
    params: z.object({ sessionId: idSchema }),
    body: clientLogsBody,
    responses: { 200: { description: 'How many logs were stored', schema: z.object({ stored: z.number() }) }, ...errors },
    async handler({ app, req, user, params, body }) {
      return app.clientLogs.report(params.sessionId, body.clientLogs, { origin: origin(req), user })
    },
  }),
]
