// Logic and integration blocks: running a block's execute/resume, applying its result (variables, logs, messages,
// client-side actions) and following where it leads (wait, link, return mark, jump, edge).
import type { Block } from '../contract/bot/blocks/index.js'
import type { FlowGroup } from './flow.js'
import type { ActionResult, BlockExecutor, MaybePromise } from './kinds.js'
import { BudgetExceeded } from './limits.js'
import { enterLinkedBot } from './linkedBots.js'
import type { GroupRun, TurnCore } from './turnCore.js'

/**
 * Runs a block's execute/resume. A block that fails unexpectedly is logged and passed, like Typebot's
 * per-block error logs, never a 500. Synchronous blocks (most logic) stay synchronous: no promise per block.
 */
export const runAction = (core: TurnCore, block: Block, run: BlockExecutor): MaybePromise<ActionResult> => {
  let result: MaybePromise<ActionResult>
  // A turn runs one block at a time, so regex timeouts counted meanwhile are this block's.
  const regexTimeoutsBefore = core.limits.regexTimeouts
  try {
    result = run(core.scope.context)
  } catch (err) {
    return failedAction(block, err)
  }
  if (!(result instanceof Promise)) return core.limits.regexTimeouts > regexTimeoutsBefore ? afterRegexTimeout(core, block, result) : result
  return result.then(
    (value) => afterOutsideCall(core, block, value, regexTimeoutsBefore),
    (err) => afterOutsideCall(core, block, failedAction(block, err), regexTimeoutsBefore),
  )
}

const failedAction = (block: Block, err: unknown): ActionResult => {
  if (err instanceof BudgetExceeded) throw err
  return {
    logs: [
      {
        status: 'error',
        description: `Block "${block.type}" failed: ${(err as Error)?.message ?? String(err)}`,
        details: JSON.stringify({ blockId: block.id }),
      },
    ],
  }
}

/** A block whose regex tests ran out of their budget says so: the comparison counted them as not matching. */
const afterRegexTimeout = (core: TurnCore, block: Block, result: ActionResult): ActionResult => {
  core.log({
    status: 'error',
    description: 'A regular expression ran out of time (100 ms) and counted as not matching.',
    details: JSON.stringify({ blockId: block.id }),
  })
  return result
}

/** After an asynchronous block: its regex timeouts are logged, and an integration's wait does not count (see `restartClock`). */
const afterOutsideCall = (core: TurnCore, block: Block, result: ActionResult, regexTimeoutsBefore: number): ActionResult => {
  if (core.limits.regexTimeouts > regexTimeoutsBefore) afterRegexTimeout(core, block, result)
  if (core.bot.kinds.get(block.type)?.category === 'integration') core.limits.restartClock()
  return result
}

/** The variables, logs, messages and client-side actions of an action's result. */
export const applyActionResult = (core: TurnCore, result: ActionResult, fromIntegration: boolean) => {
  if (result.variableUpdates) core.scope.applyUpdates(result.variableUpdates)
  if (result.logs) for (const log of result.logs) core.log(log, fromIntegration)
  core.output.add(result)
}

/** Applies an action's result; returns where the group's run ends, or undefined to go on with the next block. */
export const afterAction = (core: TurnCore, group: FlowGroup, index: number, result: ActionResult): GroupRun | undefined => {
  const { block, kind } = group.blocks[index]
  const { state } = core
  applyActionResult(core, result, kind?.category === 'integration')
  if (result.waitsForReply) return core.waitOn(block, result.waitingData)
  if (result.linkTo) {
    // Located once the linked bot runs: the start is a target in its flow.
    const start = enterLinkedBot(core, result.linkTo, group.group, index)
    return start ? { stop: false, next: core.locate(start) } : undefined
  }
  if (result.returnMark !== undefined) {
    if (result.returnMark === null) delete state.returnMark
    else state.returnMark = { blockId: result.returnMark }
  }
  if (result.returnToMark && state.returnMark) {
    const mark = state.returnMark
    const location = core.bot.blockAt.get(mark.blockId)
    if (!location) {
      delete state.returnMark
      core.log({ status: 'error', description: 'Could not find block to return to', context: 'Error while executing Return block' })
      return { stop: false }
    }
    // A reply event's mark stays (as `called`) until the input has handled the interrupted reply.
    if (mark.autoResumeMessage) mark.status = 'called'
    else delete state.returnMark
    return { stop: false, next: core.locate({ groupId: location.group.id, blockId: mark.blockId }) }
  }
  if (result.jumpTo) return { stop: false, next: core.locate(result.jumpTo) }
  if (result.outgoingEdgeId === null) return { stop: false }
  if (result.outgoingEdgeId !== undefined) {
    const next = core.scope.flow.edges.get(result.outgoingEdgeId)
    if (next) return { stop: false, next }
  }
  return undefined
}
