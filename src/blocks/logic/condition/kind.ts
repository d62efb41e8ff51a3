// Condition: the first item whose condition holds decides the path; none → the block's own ("else") edge.
import type { ConditionBlock } from './schema.js'
import type { Variable } from '../../../contract/bot/common.js'
import { compileCondition } from '../../../engine/conditions.js'
import type { ActionKind, ActionResult, BlockContext, BlockExecutor, MaybePromise } from '../../../engine/kinds.js'

const compileBlock = (block: ConditionBlock, variables: Variable[]): BlockExecutor => {
  // As in Typebot, a matching item without an edge ends this path (the rest of the group does not run); when no item
  // matches, the block's own edge is followed, or the next block runs. The results never change, so they are built
  // once (frozen: the engine only reads them).
  const items = (block.items ?? []).map((item) => ({
    holds: compileCondition(item.content, variables),
    result: Object.freeze<ActionResult>({ outgoingEdgeId: item.outgoingEdgeId ?? null }),
  }))
  const otherwise = Object.freeze<ActionResult>({ outgoingEdgeId: block.outgoingEdgeId ?? undefined })
  // Items are tried in order; one that needs the sandbox or a regex answers a promise and the rest wait for it.
  const from = (ctx: BlockContext, start: number): MaybePromise<ActionResult> => {
    for (let i = start; i < items.length; i++) {
      const holds = items[i].holds(ctx.variables, ctx.runtime)
      if (holds instanceof Promise) return holds.then((h) => (h ? items[i].result : from(ctx, i + 1)))
      if (holds) return items[i].result
    }
    return otherwise
  }
  return (ctx) => from(ctx, 0)
}

export const condition: ActionKind<ConditionBlock> = {
  type: 'Condition',
  category: 'logic',
  execute: (block, ctx) => compileBlock(block, ctx.variables)(ctx),
  compile: (block, bot) => compileBlock(block, bot.variables),
}
