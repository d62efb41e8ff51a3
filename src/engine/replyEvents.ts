// Events that take a message before the waiting block does: commands, reply and invalid-reply events.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import { replyEventInputType } from '../contract/bot/blockTypes.js'
import { edgeTarget } from './compile.js'
import { EngineError } from './errors.js'
import type { FlowTarget } from './flow.js'
import type { TurnCore } from './turnCore.js'
import type { ParsedReply, UserReply } from './types.js'

/**
 * A `{ type: "command" }` message runs the matching command event's group: returns where the walk starts. With
 * `resumeAfter` the bot goes back to the block that was waiting when that path ends; without, a Return block on the
 * path comes back to it.
 */
export const enterCommand = (core: TurnCore, command: string): FlowTarget | undefined => {
  const { bot, state } = core
  const event = bot.events.find((e) => e.type === 'command' && (e as { options?: { command?: string } }).options?.command === command)
  if (!event) throw new EngineError('command_not_found', 'Command event not found')
  const waiting = state.waiting ? bot.blockAt.get(state.waiting.blockId) : undefined
  if (waiting) {
    // As in Typebot: `resumeAfter` queues the waiting block for when the path ends; otherwise a Return comes back.
    if ((event as { options?: { resumeAfter?: boolean } }).options?.resumeAfter)
      core.entry.resume.unshift({ groupId: waiting.group.id, blockId: waiting.block.id })
    else state.returnMark = { blockId: waiting.block.id }
  }
  delete state.waiting
  return core.locate(edgeTarget(bot, event.outgoingEdgeId) ?? core.entry.resume.shift())
}

/**
 * Reply and invalid-reply events, as Typebot runs them. A reply that fails validation runs the first invalid-reply
 * event (when it has an edge; without one the retry message is shown); any other reply runs the first reply event
 * that has an edge, so a bot without an invalid-reply event sees invalid replies there too. Either way the input
 * does not handle the reply (no answer saved) and the event's path runs, with the reply, the input's type and its
 * group's title in the event's variables. A Return block on that path comes back to the input: after an
 * invalid-reply event the input is asked again; after a reply event the input handles the interrupted reply
 * (see `Turn.resumeInterruptedReply`). Without a Return the chat goes on wherever the path leads. Returns whether
 * an event ran (its path is queued: the walk starts there).
 */
export const runReplyEvents = (core: TurnCore, block: Block, group: GroupV6, message: UserReply | undefined, parsed: ParsedReply): boolean => {
  const { bot, state, scope } = core
  const failed = parsed.status === 'fail'
  const invalidEvent = failed ? bot.events.find((e) => e.type === 'invalidReply') : undefined
  const invalidTarget = invalidEvent && edgeTarget(bot, invalidEvent.outgoingEdgeId)
  const replyEvent = invalidTarget ? undefined : bot.events.find((e) => e.type === 'reply' && e.outgoingEdgeId)
  const replyTarget = replyEvent && edgeTarget(bot, replyEvent.outgoingEdgeId)
  const event = invalidTarget ? invalidEvent : replyTarget ? replyEvent : undefined
  if (!event || !message) return false
  // Updates a valid reply carries besides the answer (card fields…) apply even though the event takes the reply.
  if (parsed.status === 'success') scope.applyUpdates(parsed.variableUpdates)
  const options = (event.options ?? {}) as { contentVariableId?: string; inputTypeVariableId?: string; inputNameVariableId?: string }
  const content = message.type === 'audio' ? message.url : message.type === 'text' ? message.text : undefined
  if (options.contentVariableId && content !== undefined) scope.set(options.contentVariableId, content)
  const inputType = replyEventInputType[block.type]
  if (options.inputTypeVariableId && inputType) scope.set(options.inputTypeVariableId, inputType)
  if (options.inputNameVariableId) scope.set(options.inputNameVariableId, group.title)
  delete state.waiting
  if (invalidTarget) {
    state.returnMark = { blockId: block.id }
    core.entry.resume.unshift(invalidTarget)
  } else {
    state.returnMark = { blockId: block.id, autoResumeMessage: message }
    // The reply event's path starts at the top of its group, whichever block the edge points to.
    core.entry.resume.unshift({ groupId: replyTarget!.groupId })
  }
  return true
}
