// Typebot's push path for a webhook block, for integrations written against Typebot: the payload goes to the chat
// paused on the block and to the sockets its client listens on (plugins/realtime.ts).
import { z } from 'zod'
import { errorSchema, idSchema } from '../../../contract/api.js'
import { defineRoute } from '../../route.js'

export const typebotWebhookRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/typebots/{typebotId}/blocks/{blockId}/results/{resultId}/executeWebhook',
    operationId: 'typebotExecuteWebhook',
    auth: 'required',
    tags: ['Typebot-compatible chat'],
    summary: 'Deliver the payload a waiting webhook block expects (Typebot-compatible)',
    description:
      "For services written against Typebot: while a result's chat waits on a webhook (listen) block, any JSON body sent here becomes that block's response (`data`, status 200), mapped into variables when the chat goes on, and is pushed to the embed client's WebSocket. " +
      '`typebotId` is the bot id (not its public id), `resultId` the result id or its client key. Needs a bearer token of a user with write access to the bot (admins and members; guests get 403); the twin POST /v1/bots/{botId}/blocks/{blockId}/results/{resultId}/executeWebhook does the same.',
    example: {
      params: { typebotId: 'c9nhzz0jxbqdridupyv0rcm7c', blockId: 'b7ygw0zyg605eyjagmcaa2w6u', resultId: 'pbvqwiu1ppqvhhlolrgri7lta' },
      body: { orderId: 'A-10482', status: 'paid', amount: 49.9, currency: 'EUR' },
      response: { status: 200, body: { message: 'OK' } },
    },
    params: z.object({ typebotId: idSchema, blockId: idSchema, resultId: idSchema }),
    body: z.unknown(),
    responses: {
      200: { description: 'Delivered', schema: z.object({ message: z.literal('OK') }) },
      400: { description: 'Invalid request', schema: errorSchema },
      401: { description: 'Missing or unknown token', schema: errorSchema },
      403: { description: 'Read-only access (a guest), or a browser session without its CSRF token', schema: errorSchema },
      404: { description: 'Unknown bot (or not a member), or no chat of this result waits on that webhook block', schema: errorSchema },
      409: { description: 'The chat moved on while the payload was delivered: try again', schema: errorSchema },
    },
    async handler({ app, user, params, body, req }) {
      const { contact } = await app.chats.deliverWebhook(user, params.typebotId, params.blockId, params.resultId, body ?? null)
      if (contact) req.server.conversationRunner.resume(contact)
      return { message: 'OK' as const }
    },
  }),
]
