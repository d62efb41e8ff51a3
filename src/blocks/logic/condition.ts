// Condition: the first item whose condition holds decides the path; none → the block's own ("else") edge.
import type { ConditionBlock } from '../../schema/blocks/logic.js'
import type { Variable } from '../../schema/common.js'
import { compileCondition } from '../../engine/conditions.js'
import type { ActionKind, ActionResult, BlockExecutor } from '../actions/types.js'

const compileBlock = (block: ConditionBlock, variables: Variable[]): BlockExecutor => {
  // A matching item without an edge falls through to the next block, like Typebot. The results never change, so
  // they are built once (frozen: the engine only reads them).
  const items = (block.items ?? []).map((item) => ({
    holds: compileCondition(item.content, variables),
    result: Object.freeze<ActionResult>({ outgoingEdgeId: item.outgoingEdgeId ?? undefined }),
  }))
  const otherwise = Object.freeze<ActionResult>({ outgoingEdgeId: block.outgoingEdgeId ?? undefined })
  return (ctx) => {
    for (const item of items) if (item.holds(ctx.variables)) return item.result
    return otherwise
  }
}

export const condition: ActionKind<ConditionBlock> = {
  type: 'Condition',
  execute: (block, ctx) => compileBlock(block, ctx.variables)(ctx),
  compile: (block, bot) => compileBlock(block, bot.variables),
}
