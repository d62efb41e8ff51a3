// The conversation, kept in the session state for bots that put it in a variable (Set variable "Transcript").
import type { CompiledBot } from './compile.js'
import { richTextToPlainText } from './richText.js'
import { MAX_VARIABLE_CHARS } from './scope.js'
import type { SessionState } from './state.js'
import type { ChatMessage } from './types.js'

/** Adds a line to the transcript when the bot keeps one. */
export const remember = (state: SessionState, bot: CompiledBot, role: 'assistant' | 'user', text: string | undefined) => {
  if (!text || !bot.needsTranscript) return
  const transcript = (state.transcript ??= [])
  transcript.push({ role, text: text.slice(0, MAX_VARIABLE_CHARS) })
  // The oldest lines go first: the transcript never outgrows what one variable may hold.
  let length = transcript.reduce((sum, line) => sum + line.text.length, 0)
  while (length > MAX_VARIABLE_CHARS && transcript.length > 1) length -= transcript.shift()!.text.length
}

/** What a bubble says, for transcripts: its text, or the URL of its media. */
export const messageText = (message: ChatMessage): string | undefined => {
  const content = message.content as Record<string, any>
  if (content.type === 'markdown') return content.markdown
  if (content.type === 'richText') return richTextToPlainText(content.richText ?? [])
  return typeof content.url === 'string' ? content.url : undefined
}
