// Typebot's push path for a webhook block, for integrations written against Typebot: the payload goes to the chat
// paused on the block and to the sockets its client listens on (plugins/realtime.ts).
import { z } from 'zod'
import { idSchema } from '../../../contract/api.js'
import { defineRoute } from '../../route.js'
import { errors } from '../chat.js'

export const typebotWebhookRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/typebots/{typebotId}/blocks/{blockId}/results/{resultId}/executeWebhook',
    auth: 'required',
    tags: ['Typebot-compatible chat'],
    summary:
      'Deliver the payload a webhook block waits for (any JSON body), as Typebot takes it; `typebotId` is the bot id, `resultId` the result id (or its client key)',
    params: z.object({ typebotId: idSchema, blockId: idSchema, resultId: idSchema }),
    body: z.unknown(),
    responses: { 200: { description: 'Delivered', schema: z.object({ message: z.literal('OK') }) }, ...errors },
    async handler({ app, user, params, body }) {
      await app.chats.deliverWebhook(user, params.typebotId, params.blockId, params.resultId, body ?? null)
      return { message: 'OK' as const }
    },
  }),
]
