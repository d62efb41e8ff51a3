// Condition: the first item whose condition holds wins; the block's own `outgoingEdgeId` is the "else" path.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { conditionSchema, opt } from '../../../contract/bot/common.js'
import { blockOf, itemBaseSchema } from '../../../contract/bot/blocks/shared.js'

export const conditionBlockSchema = blockOf(LogicBlockType.CONDITION, {
  items: opt(z.array(itemBaseSchema.extend({ content: opt(conditionSchema) }))),
})
export type ConditionBlock = z.infer<typeof conditionBlockSchema>
