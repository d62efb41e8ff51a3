// The Image block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { mediaSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: BubbleBlockType.IMAGE,
  category: 'bubbles',
  label: 'Image',
  description: 'A picture or GIF from a URL',
  icon: 'IconPhoto',
  defaults: () => ({ content: {} }),
  exits: 'block',
  summary: mediaSummary((t) => t('No image yet')),
}
