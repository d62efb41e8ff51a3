// The Embed block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { defaultEmbedBubbleContent } from './schema.js'
import { mediaSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: BubbleBlockType.EMBED,
  category: 'bubbles',
  label: 'Embed',
  description: 'A web page or PDF shown in the chat',
  icon: 'IconCode',
  defaults: () => ({ content: structuredClone(defaultEmbedBubbleContent) }),
  exits: 'block',
  summary: mediaSummary((t) => t('Nothing to show yet')),
}
