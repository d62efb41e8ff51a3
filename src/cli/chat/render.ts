// How `parley chat` shows a bot's answer on a terminal: bubbles as text (bold/italic as ANSI only on a TTY), media
// as labelled links, and the awaited input as a prompt with its choices numbered.
import type { RichTextNode } from '../../contract/bot/blocks/shared.js'

type Styles = { ansi: boolean }
type Message = { type: string; content: Record<string, unknown> }
export type ChatInput = { id: string; type: string; items?: Record<string, unknown>[]; options?: Record<string, any> }

const sgr = (on: boolean, codes: string[], text: string) => (on && codes.length && text ? `\x1b[${codes.join(';')}m${text}\x1b[0m` : text)

const inline = (node: RichTextNode, styles: Styles): string => {
  if (typeof node.text === 'string') {
    const codes = [node.bold && '1', node.italic && '3', node.underline && '4'].filter((c): c is string => typeof c === 'string')
    return sgr(styles.ansi, codes, node.text)
  }
  const inner = (node.children ?? []).map((child) => inline(child, styles)).join('')
  // A link keeps its address after its text, so that it can be opened from a terminal.
  if (node.type === 'a' && typeof node.url === 'string') return inner && inner !== node.url ? `${inner} (${node.url})` : node.url
  return inner
}

const isInline = (node: RichTextNode) => typeof node.text === 'string' || node.type === 'a'

/** One line per block element; list items get a bullet. */
export const richTextToTerminal = (nodes: RichTextNode[], styles: Styles): string =>
  nodes
    .map((node) => {
      const children = node.children ?? []
      if (isInline(node) || children.every(isInline)) return `${node.type === 'li' || node.type === 'lic' ? '• ' : ''}${inline(node, styles)}`
      return richTextToTerminal(children, styles)
    })
    .join('\n')

const MEDIA_LABELS: Record<string, string> = { image: 'Image', video: 'Video', audio: 'Audio', embed: 'Embed' }

export const renderMessage = (message: Message, styles: Styles): string => {
  const content = message.content
  if (message.type === 'text') {
    if (content.type === 'markdown' && typeof content.markdown === 'string') return content.markdown
    return richTextToTerminal((content.richText as RichTextNode[] | undefined) ?? [], styles)
  }
  const label = MEDIA_LABELS[message.type] ?? message.type
  const url = typeof content.url === 'string' ? content.url : undefined
  return `[${label}]${url ? ` ${url}` : ''}`
}

/** The choices of a buttons or picture choice input, as shown and as sent back. */
export const choicesOf = (input: ChatInput): { label: string; value: string }[] =>
  (input.items ?? []).map((item) => {
    const label = String(item.content ?? item.title ?? item.pictureSrc ?? item.id)
    return { label, value: String(item.content ?? item.title ?? item.id) }
  })

const HINTS: Record<string, string> = {
  'email input': 'an email address',
  'number input': 'a number',
  'url input': 'a URL',
  'phone number input': 'a phone number',
  'date input': 'a date, e.g. 2026-03-14',
  'time input': 'a time, e.g. 14:30',
}

/** What is shown before the user types: the choices, or the placeholder and a hint of what is expected. */
export const renderInput = (input: ChatInput): string => {
  const choices = choicesOf(input)
  if (input.type === 'choice input' || input.type === 'picture choice input') {
    const list = choices.map((c, i) => `  ${i + 1}) ${c.label}`).join('\n')
    const how = input.options?.isMultipleChoice ? 'Choose one or more: numbers or texts separated by commas.' : 'Choose one: its number or its text.'
    return `${list}\n${how}`
  }
  if (input.type === 'rating input') {
    return `A rating, up to ${Number(input.options?.length ?? 10)}.`
  }
  const placeholder = input.options?.labels?.placeholder
  const hint = HINTS[input.type]
  return [typeof placeholder === 'string' && placeholder ? placeholder : undefined, hint && `(${hint})`].filter(Boolean).join(' ')
}

/** The reply to send for what was typed: numbers of choices become their texts. */
export const replyFor = (input: ChatInput, typed: string): string => {
  const choices = choicesOf(input)
  if (input.type !== 'choice input' && input.type !== 'picture choice input') return typed
  const pick = (part: string) => {
    const n = Number(part)
    return Number.isInteger(n) && n >= 1 && n <= choices.length ? choices[n - 1].value : part
  }
  if (input.options?.isMultipleChoice)
    return typed
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map(pick)
      .join(', ')
  return pick(typed.trim())
}
