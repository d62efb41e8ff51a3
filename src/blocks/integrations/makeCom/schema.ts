// The HTTP request block's options under another type.
import type { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, httpRequestOptionsSchema } from '../../../contract/bot/blocks/shared.js'

export const makeComBlockSchema = blockOf(IntegrationBlockType.MAKE_COM, { options: opt(httpRequestOptionsSchema) })
export type MakeComBlock = z.infer<typeof makeComBlockSchema>
