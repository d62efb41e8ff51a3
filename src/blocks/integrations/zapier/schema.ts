// The HTTP request block's options under another type.
import type { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, httpRequestOptionsSchema } from '../../../contract/bot/blocks/shared.js'

export const zapierBlockSchema = blockOf(IntegrationBlockType.ZAPIER, { options: opt(httpRequestOptionsSchema) })
export type ZapierBlock = z.infer<typeof zapierBlockSchema>
