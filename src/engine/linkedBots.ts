// Typebot links: a linked bot runs on top of the stack, with its own result unless it merges with its parent, and
// hands control (and, when merging, its variables) back when its path ends.
import type { GroupV6 } from '../contract/bot/bot.js'
import { edgeTarget } from './compile.js'
import { resultEffect } from './effects.js'
import type { ActionResult } from './kinds.js'
import type { Target } from './state.js'
import type { TurnCore } from './turnCore.js'
import type { VariableValue } from './types.js'

/** Linked bots nest at most this deep: a link cycle ends with an error log instead of growing forever. */
const MAX_LINK_DEPTH = 16

/**
 * Linked bots keep their own results: a link inside a loop would otherwise create results (rows) by the hundred in
 * one turn. Past this many new results in a turn, further links that need one are skipped with an error log.
 */
export const MAX_NEW_RESULTS_PER_TURN = 16

/**
 * Pushes a linked bot on the stack and returns where it starts. The parent resumes after the link block
 * (its edge, else the next block of its group) once the linked bot's path ends.
 */
export const enterLinkedBot = (core: TurnCore, link: NonNullable<ActionResult['linkTo']>, group: GroupV6, index: number): Target | undefined => {
  const { state, effects } = core
  if (state.stack.length >= MAX_LINK_DEPTH) {
    core.log({ status: 'error', description: `Typebot link skipped: bots are linked more than ${MAX_LINK_DEPTH} levels deep (a link cycle?).` })
    return undefined
  }
  const parent = core.entry
  const block = group.blocks[index]
  const resume =
    edgeTarget(core.bot, block.outgoingEdgeId) ?? (group.blocks[index + 1] ? { groupId: group.id, blockId: group.blocks[index + 1].id } : undefined)
  const start = link.groupId ? { groupId: link.groupId } : edgeTarget(link.bot, link.bot.events.find((e) => e.type === 'start')?.outgoingEdgeId)
  if (!start || !link.bot.groupById.has(start.groupId)) {
    core.log({
      status: 'error',
      description: 'Failed to link typebot: the target group does not exist.',
      details: JSON.stringify({ botId: link.bot.botId, groupId: link.groupId }),
    })
    return undefined
  }
  const sameBot = link.bot.snapshotId === parent.snapshotId
  const merge = sameBot || link.mergeResults
  if (parent.resultId && !merge && effects.newResults.length >= MAX_NEW_RESULTS_PER_TURN) {
    core.log({
      status: 'error',
      description: `Typebot link skipped: this turn already created ${MAX_NEW_RESULTS_PER_TURN} results of linked bots (a link in a loop?).`,
    })
    return undefined
  }
  if (resume) parent.resume.unshift(resume)
  let resultId = parent.resultId
  if (parent.resultId && !merge) {
    resultId = core.deps.runtime.newId()
    effects.newResults.push({ id: resultId, botId: link.bot.botId })
  }
  const values: Record<string, VariableValue> = {}
  for (const variable of link.bot.variables) {
    for (const entry of state.stack) {
      const source = core.bots.get(entry.snapshotId)?.variables.find((v) => v.name === variable.name)
      const value = source && entry.values[source.id]
      if (value !== undefined && value !== null) {
        values[variable.id] = value
        break
      }
    }
  }
  core.bots.set(link.bot.snapshotId, link.bot)
  state.stack.unshift({
    botId: link.bot.botId,
    snapshotId: link.bot.snapshotId,
    resultId: state.isPreview ? undefined : resultId,
    values,
    answers: merge ? [...parent.answers] : [],
    isMergingWithParent: merge,
    resume: [],
  })
  core.resetScope()
  return start
}

/** A linked bot ended: its result completes, and a merging child hands its variables back by name. */
export const finishLinkedBot = (core: TurnCore) => {
  const child = core.state.stack.shift()!
  const childBot = core.bots.get(child.snapshotId)
  if (child.resultId && !child.isMergingWithParent && childBot) core.effects.results.push(resultEffect(childBot, child, true))
  if (child.isMergingWithParent && childBot) {
    const parentBot = core.bot
    const parent = core.entry
    for (const [id, value] of Object.entries(child.values)) {
      const name = childBot.variableById.get(id)?.name
      const target = parentBot.variables.find((v) => v.name === name)
      if (target) parent.values[target.id] = value
    }
    const keys = new Set(child.answers.map((a) => a.key))
    parent.answers = [...parent.answers.filter((a) => !keys.has(a.key)), ...child.answers]
    parent.hasAnswered ||= child.hasAnswered
  }
  core.resetScope()
}
