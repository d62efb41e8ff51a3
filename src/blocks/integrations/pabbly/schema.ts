// The HTTP request block's options under another type.
import type { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, httpRequestOptionsSchema } from '../../../contract/bot/blocks/shared.js'

export const pabblyConnectBlockSchema = blockOf(IntegrationBlockType.PABBLY_CONNECT, { options: opt(httpRequestOptionsSchema) })
export type PabblyConnectBlock = z.infer<typeof pabblyConnectBlockSchema>
