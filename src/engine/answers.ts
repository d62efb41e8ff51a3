// An input's valid reply: its variable, the stack entry's answers (by key), the stored answer and the transcript.
import type { Block } from '../contract/bot/blocks/index.js'
import type { CompiledBot } from './compile.js'
import { remember } from './transcript.js'
import type { TurnCore } from './turnCore.js'
import type { ParsedReply, UserReply } from './types.js'

export const saveAnswer = (core: TurnCore, block: Block, parsed: Extract<ParsedReply, { status: 'success' }>, message: UserReply | undefined) => {
  const { state, entry, scope } = core
  const { content } = parsed
  // Files sent with the reply are stored with the answer, whatever the input (uploads, text-input attachments).
  const attachedFileUrls =
    parsed.attachedFileUrls ?? (message?.type === 'text' && message.attachedFileUrls?.length ? message.attachedFileUrls : undefined)
  const variableId = ((block as { options?: { variableId?: string | null } }).options ?? {}).variableId
  scope.applyUpdates(parsed.variableUpdates)
  if (variableId) scope.appendOrSet(variableId, content)

  const key = answerKey(core.bot, block, variableId ?? undefined)
  const value = attachedFileUrls?.length ? `${attachedFileUrls.join(', ')}\n\n${content}` : content
  const answers = entry.answers.filter((a) => a.key !== key)
  answers.push({ key, value })
  entry.answers = answers
  if (entry.resultId) {
    core.effects.answers.push({ resultId: entry.resultId, blockId: block.id, content, ...(attachedFileUrls?.length && { attachedFileUrls }) })
    entry.hasAnswered = true
  }
  if (state.progress) state.progress.totalAnswers++
  remember(state, core.bot, 'user', content)
  if (message?.type === 'text' && content !== message.text) core.output.lastMessageNewFormat = content
}

/** An answer's key: its variable's name, else its group's title (numbered after the group's first input). */
const answerKey = (bot: CompiledBot, block: Block, variableId: string | undefined): string => {
  const variable = variableId ? bot.variableById.get(variableId) : undefined
  if (variable) return variable.name
  const location = bot.blockAt.get(block.id)
  if (!location?.group.title) return block.id
  const inputIndex = location.group.blocks.filter((b) => bot.kinds.get(b.type)?.category === 'input').findIndex((b) => b.id === block.id)
  return inputIndex > 0 ? `${location.group.title} (${inputIndex})` : location.group.title
}
