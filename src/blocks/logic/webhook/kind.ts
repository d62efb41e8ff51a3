// Webhook listener ("webhook"): pauses the chat until a payload arrives, either as the client's reply or through
// the result's inbound webhook endpoint (docs/chat.md), and maps it into variables like an HTTP response.
import type { WebhookBlock } from './schema.js'
import type { ActionKind } from '../../../engine/kinds.js'
import { type HttpResponse, mapResponse, parseResponseReply } from '../../shared/responseMapping.js'

export const webhookListener: ActionKind<WebhookBlock> = {
  type: 'webhook',
  category: 'logic',
  execute: () => ({ clientSideActions: [{ type: 'listenForWebhook', expectsDedicatedReply: true }], waitsForReply: true }),
  acceptsDelivery: true,
  async resume(block, reply, ctx, waiting) {
    const delivered = waiting.delivered as HttpResponse | undefined
    const response = delivered ?? (reply?.type === 'text' ? parseResponseReply(reply.text) : undefined)
    if (!response) return { logs: [{ status: 'error', description: 'Provided response is not valid JSON ({ statusCode, data } expected).' }] }
    return { variableUpdates: await mapResponse(block.options?.responseVariableMapping, response, ctx) }
  },
}
