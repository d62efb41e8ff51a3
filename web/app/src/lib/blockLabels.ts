// How a block is named and summarised for people (flow view, results labels fall back on the server's).
const names: Record<string, string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  embed: 'Embed',
  audio: 'Audio',
  'text input': 'Text input',
  'number input': 'Number input',
  'email input': 'Email input',
  'url input': 'Website input',
  'date input': 'Date input',
  'time input': 'Time input',
  'phone number input': 'Phone input',
  'choice input': 'Buttons',
  'picture choice input': 'Picture choice',
  'payment input': 'Payment',
  'rating input': 'Rating',
  'file input': 'File upload',
  cards: 'Cards',
  'Set variable': 'Set variable',
  Condition: 'Condition',
  Redirect: 'Redirect',
  Code: 'Script',
  'Typebot link': 'Bot link',
  Wait: 'Wait',
  'AB test': 'A/B test',
  webhook: 'Wait for webhook',
  Jump: 'Jump',
  Return: 'Return',
  Webhook: 'HTTP request',
}

export const blockLabel = (type: string) => names[type] ?? type.charAt(0).toUpperCase() + type.slice(1)

export const isInputBlock = (type: string) => type.endsWith(' input') || type === 'cards'

type RichNode = { text?: string; children?: RichNode[] }
const plain = (nodes: RichNode[] | undefined): string => (nodes ?? []).map((n) => n.text ?? plain(n.children)).join(' ')

/** A short description of what the block does: its text, its buttons, the variable it sets… */
export const blockSummary = (block: { type: string; content?: unknown; options?: unknown }): string => {
  const content = (block.content ?? {}) as { richText?: RichNode[]; url?: string }
  const options = (block.options ?? {}) as { labels?: { placeholder?: string }; variableId?: string; url?: string }
  const items = (block as { items?: { content?: string }[] }).items
  if (block.type === 'text') return plain(content.richText).trim()
  if (items?.length)
    return items
      .map((i) => i.content ?? '')
      .filter(Boolean)
      .join(' · ')
  return content.url ?? options.labels?.placeholder ?? options.url ?? ''
}
