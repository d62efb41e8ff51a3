// What a turn answers the client: bubbles, the input, client-side actions and logs, gathered while the flow runs.
import { builtInTextsOf } from '../contract/bot/builtInTexts.js'
import type { Variable } from '../contract/bot/common.js'
import type { TextContent } from '../contract/chatWire.js'
import type { CompiledBot } from './compile.js'
import type { ActionResult, ClientSideAction } from './kinds.js'
import type { ChatLog, ChatMessage, ChatResponse, TextFormat } from './types.js'
import { parseVariables } from './variables.js'

export class TurnOutput {
  readonly messages: ChatMessage[] = []
  readonly actions: ClientSideAction[] = []
  /** The turn's logs, each with whether only the bot's owners may read it (see `LogVisibility`). */
  private readonly logs: { log: ChatLog; ownersOnly: boolean }[] = []
  input?: Record<string, unknown>
  lastMessageNewFormat?: string
  /** The client streamed the bubble the walk reaches first (an LLM block's answer): it is not sent again. */
  bubbleAlreadyShown = false
  /** Client-side actions name the bubble they follow. */
  private lastBubbleBlockId?: string

  log(log: ChatLog, ownersOnly: boolean) {
    this.logs.push({ log, ownersOnly })
  }

  /** A bubble block's message (not sent again when the client already showed it). */
  bubble(message: ChatMessage, blockId: string, alreadyShown: boolean) {
    if (!alreadyShown) this.messages.push(message)
    this.lastBubbleBlockId = blockId
  }

  /** The messages and client-side actions of an action's result. */
  add(result: ActionResult) {
    for (const message of result.messages ?? []) {
      this.messages.push(message)
      this.lastBubbleBlockId = message.id
    }
    if (result.clientSideActions)
      for (const action of result.clientSideActions) {
        this.actions.push(this.lastBubbleBlockId ? { ...action, lastBubbleBlockId: this.lastBubbleBlockId } : action)
      }
  }

  /** Asks again: the retry text goes before the input shown again (the block's, the bot's, else the default in its language). */
  retry(blockId: string, blockRetry: string | undefined, bot: CompiledBot, variables: Variable[], format: TextFormat) {
    const systemMessage = bot.settings?.general?.systemMessages?.invalidMessage
    const text = blockRetry || (systemMessage ? parseVariables(systemMessage, variables) : '') || builtInTextsOf(bot.settings).invalidMessage
    this.messages.push({ id: blockId, type: 'text', content: textContent(text, format) })
  }

  /** The response so far; previews answer the builder (write access): every log. Live answers go to whoever chats: no owners-only log. */
  response(isPreview: boolean): ChatResponse {
    const response: ChatResponse = { messages: this.messages }
    if (this.lastMessageNewFormat !== undefined) response.lastMessageNewFormat = this.lastMessageNewFormat
    if (this.input) response.input = this.input as ChatResponse['input']
    if (this.actions.length) response.clientSideActions = this.actions
    const logs = isPreview ? this.logs : this.logs.filter((l) => !l.ownersOnly)
    if (logs.length) response.logs = logs.map((l) => l.log)
    return response
  }
}

/** Avatars and a background whose URL is a variable change with it (reference 3.2 `dynamicTheme`). */
export const dynamicAvatars = (bot: CompiledBot, variables: Variable[]) => {
  const host = bot.theme?.chat?.hostAvatar?.url
  const guest = bot.theme?.chat?.guestAvatar?.url
  const background = bot.theme?.general?.background?.content
  const isDynamic = (url: unknown): url is string => typeof url === 'string' && url.startsWith('{{')
  if (!isDynamic(host) && !isDynamic(guest) && !isDynamic(background)) return undefined
  return {
    ...(isDynamic(host) && { hostAvatarUrl: parseVariables(host, variables) }),
    ...(isDynamic(guest) && { guestAvatarUrl: parseVariables(guest, variables) }),
    ...(isDynamic(background) && { backgroundUrl: parseVariables(background, variables) }),
  }
}

/** A plain text bubble content in the requested format. */
const textContent = (text: string, format: TextFormat): TextContent =>
  format === 'markdown' ? { type: 'markdown', markdown: text } : { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] }
