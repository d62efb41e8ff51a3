// Webhook listener: pauses until an external call posts a payload, mapped like an HTTP response.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, responseVariableMappingSchema } from '../../../contract/bot/blocks/shared.js'

export const webhookBlockSchema = blockOf(LogicBlockType.WEBHOOK, {
  options: opt(z.looseObject({ responseVariableMapping: opt(z.array(responseVariableMappingSchema)) })),
})
export type WebhookBlock = z.infer<typeof webhookBlockSchema>
