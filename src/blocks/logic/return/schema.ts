import type { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const returnBlockSchema = blockOf(LogicBlockType.RETURN, {})
export type ReturnBlock = z.infer<typeof returnBlockSchema>
