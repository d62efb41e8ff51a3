// The Text block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock } from '../../../contract/bot/card.js'

type RichNode = { text?: string; children?: RichNode[] }
const plain = (nodes: RichNode[] | undefined): string => (nodes ?? []).map((n) => n.text ?? plain(n.children)).join(' ')

/** The message's text, without its formatting. */
const textSummary = (block: CardBlock) => plain((block.content as { richText?: RichNode[] } | undefined)?.richText).trim()

export const card: BlockCard = {
  type: BubbleBlockType.TEXT,
  category: 'bubbles',
  label: 'Text',
  description: 'A message with formatting, links and variables',
  icon: 'IconMessageCircle',
  defaults: () => ({ content: { richText: [{ type: 'p', children: [{ text: '' }] }] } }),
  exits: 'block',
  summary: textSummary,
}
