import type { ChatInput } from '../../../src/blocks/wire.js'
import type { ChatLog } from '../../../src/contract/chat.js'
import type { PreviewStart } from './api.js'

// Options of initStandard / initPopup / initBubble (and, for the basic ones, the custom elements' attributes).
export type WidgetOptions = {
  /** The bot's public id. */
  bot: string
  /** Parley's URL; defaults to the origin the script was loaded from. */
  apiHost?: string
  prefilledVariables?: Record<string, unknown>
  resultId?: string
  onAnswer?(answer: { message: string; blockId: string }): void
  onEnd?(): void
  onNewInputBlock?(input: ChatInput): void
  onNewLogs?(logs: ChatLog[]): void
  /** Restart asks this instead of starting over itself (the builder's preview restarts on the draft as edited now). */
  onRestart?(): void
  /** initStandard: the container (or the <parley-standard> element) to render into. */
  element?: HTMLElement
  /** Popup and bubble: open by themselves after this many milliseconds. */
  autoShowDelay?: number
  /** Bubble: a message shown next to the launcher before the chat is opened. */
  previewMessage?: { message: string; avatarUrl?: string; autoShowDelay?: number }
  /**
   * The builder's preview: runs the bot's draft (or `preview.bot`, unsaved) through the preview start, `bot` being
   * the bot's id; nothing is remembered between visits.
   */
  preview?: Omit<PreviewStart, 'prefilledVariables'>
  /** Sent with every API call (the preview token, for the builder's preview). */
  headers?: Record<string, string>
  /** Bubble: the launcher's colours. */
  button?: { backgroundColor?: string; iconColor?: string }
  /**
   * Names this chat among several on a page (as Typebot's `id`): commands given an id (`Parley.open('sales')`) reach
   * only it, and initPopup / initBubble replace only the chat of the same id. Custom elements: their `id` attribute.
   */
  id?: string
  /**
   * Popup and bubble: the page's element(s) that open this chat when clicked: a CSS selector (every match, now and
   * later) or elements. Each such element is marked `aria-haspopup="dialog"` and has `aria-expanded` kept up to date.
   */
  trigger?: string | HTMLElement | HTMLElement[]
}

export type Mode = 'standard' | 'popup' | 'bubble'
