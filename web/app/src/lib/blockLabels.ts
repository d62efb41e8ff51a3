// How a block is named and summarised for people (flow view, results labels fall back on the server's). The names
// are the editor's block catalog's, so the palette, the canvas and the results read alike.
import { catalogEntry } from '../editor/blocks/catalog.js'

export const blockLabel = (type: string) => catalogEntry(type)?.label ?? type.charAt(0).toUpperCase() + type.slice(1)

export const isInputBlock = (type: string) => catalogEntry(type)?.category === 'inputs'

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
