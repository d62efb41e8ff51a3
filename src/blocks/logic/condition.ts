// Condition: the first item whose condition holds decides the path; none → the block's own ("else") edge.
import type { ConditionBlock } from '../../schema/blocks/logic.js'
import { evaluateCondition } from '../../engine/conditions.js'
import type { ActionKind } from '../actions/types.js'

export const condition: ActionKind<ConditionBlock> = {
  type: 'Condition',
  execute(block, ctx) {
    const match = (block.items ?? []).find((item) => evaluateCondition(item.content, ctx.variables))
    // A matching item without an edge falls through to the next block, like Typebot.
    return { outgoingEdgeId: match ? (match.outgoingEdgeId ?? undefined) : (block.outgoingEdgeId ?? undefined) }
  },
}
