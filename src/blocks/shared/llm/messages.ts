// Chat messages of the OpenAI-style blocks (legacy "OpenAI" and the forged `openai`/`mistral`), built from the
// block's message list: plain system/user/assistant messages are templated, a "Dialogue" spreads a list variable
// into alternating turns, and the legacy "Messages sequence ✨" interleaves two list variables.
import type { BlockContext, MaybePromise } from '../../../engine/kinds.js'
import type { VariableUpdate, VariableValue } from '../../../engine/types.js'
import { withTemplating } from '../inputs.js'

export type LlmRole = 'system' | 'user' | 'assistant'
/** A piece of a user message that holds images (see vision.ts). */
export type MessagePart = { type: 'text'; text: string } | { type: 'image'; url: string }
/** `content` is the text; `parts`, when present, the same message with its images, for models that see them. */
export type LlmMessage = { role: LlmRole; content: string; name?: string; parts?: MessagePart[] }

/** One entry of a block's `messages` option (the shapes of both block families). */
export type MessageOption = {
  role?: string
  content?: unknown
  name?: string
  dialogueVariableId?: string
  startsBy?: 'user' | 'assistant'
}

const isPlainRole = (role: string | undefined): role is LlmRole => role === 'system' || role === 'user' || role === 'assistant'

/** A variable's value as a list: lists as they are, JSON array text parsed, any other text as one item. */
export const asList = (value: VariableValue): (string | null)[] | undefined => {
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) return value
  try {
    const parsed = JSON.parse(value)
    if (Array.isArray(parsed)) return parsed.map((item) => (item === null || item === undefined ? null : String(item)))
  } catch {}
  return [value]
}

/** A list read as a conversation: turns alternate, the first one by `startsBy` (user unless told otherwise). */
export const dialogueMessages = (items: (string | null)[], startsBy: 'user' | 'assistant' = 'user'): LlmMessage[] => {
  const first: LlmRole = startsBy === 'assistant' ? 'assistant' : 'user'
  const second: LlmRole = first === 'user' ? 'assistant' : 'user'
  return items.flatMap((item, index) => (item ? [{ role: index % 2 === 0 ? first : second, content: item }] : []))
}

/** Two lists zipped into turns: the longer list speaks first; with equal lengths the assistant does (as in Typebot). */
export const sequenceMessages = (user: (string | null)[], assistant: (string | null)[]): LlmMessage[] => {
  const userFirst = user.length > assistant.length
  const [leading, trailing] = userFirst ? [user, assistant] : [assistant, user]
  const [leadRole, trailRole]: LlmRole[] = userFirst ? ['user', 'assistant'] : ['assistant', 'user']
  return leading
    .flatMap((item, i) => [
      { role: leadRole, content: item ?? '' },
      { role: trailRole, content: trailing[i] ?? '' },
    ])
    .filter((m) => m.content)
}

/**
 * The messages to send, plus the variable updates the legacy sequence implies: its two variables become lists so
 * that later answers accumulate in them instead of replacing the single text.
 */
export const buildMessages = (
  options: MessageOption[] | undefined,
  ctx: BlockContext,
): MaybePromise<{ messages: LlmMessage[]; variableUpdates: VariableUpdate[] }> =>
  withTemplating(options, ctx, (template) => messagesOf(options, ctx, template))

const messagesOf = (options: MessageOption[] | undefined, ctx: BlockContext, template: (text: string) => string) => {
  const valueOf = (id: string | undefined) => (id ? ctx.variables.find((v) => v.id === id)?.value : undefined)
  const variableUpdates: VariableUpdate[] = []
  const messages = (options ?? []).flatMap((option): LlmMessage[] => {
    if (option.role === 'Dialogue') return dialogueMessages(asList(valueOf(option.dialogueVariableId)) ?? [], option.startsBy)
    if (option.role === 'Messages sequence ✨') {
      const ids = option.content && typeof option.content === 'object' ? (option.content as Record<string, unknown>) : {}
      const userId = typeof ids.userMessagesVariableId === 'string' ? ids.userMessagesVariableId : undefined
      const assistantId = typeof ids.assistantMessagesVariableId === 'string' ? ids.assistantMessagesVariableId : undefined
      if (!userId || !assistantId) return []
      const lists = [userId, assistantId].map((id) => {
        const value = valueOf(id)
        const list = asList(value)
        if (list && !Array.isArray(value)) variableUpdates.push({ variableId: id, value: list })
        return list ?? []
      })
      return sequenceMessages(lists[0], lists[1])
    }
    if (!isPlainRole(option.role) || typeof option.content !== 'string') return []
    const content = template(option.content)
    if (!content.trim()) return []
    const name = option.name ? template(option.name) : ''
    return [{ role: option.role, content, ...(name && { name }) }]
  })
  return { messages, variableUpdates }
}
