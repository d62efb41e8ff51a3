// Webhook listener ("webhook"): pauses the chat until a payload arrives, either as the client's reply or through
// the result's inbound webhook endpoint (docs/chat.md), and maps it into variables like an HTTP response.
import type { WebhookBlock } from '../../schema/blocks/logic.js'
import type { ActionKind } from '../actions/types.js'
import { mapResponse, parseResponseReply } from '../integrations/responseMapping.js'

export const webhookListener: ActionKind<WebhookBlock> = {
  type: 'webhook',
  execute: () => ({ clientSideActions: [{ type: 'listenForWebhook', expectsDedicatedReply: true }], waitsForReply: true }),
  resume(block, reply, ctx) {
    const delivered = ctx.state.webhookPayload
    delete ctx.state.webhookPayload
    const response = delivered ?? (reply?.type === 'text' ? parseResponseReply(reply.text) : undefined)
    if (!response) return { logs: [{ status: 'error', description: 'Provided response is not valid JSON ({ statusCode, data } expected).' }] }
    return { variableUpdates: mapResponse(block.options?.responseVariableMapping, response, ctx) }
  },
}
