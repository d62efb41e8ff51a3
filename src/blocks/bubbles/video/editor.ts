// The Video block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { mediaSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: BubbleBlockType.VIDEO,
  category: 'bubbles',
  label: 'Video',
  description: 'A video file, YouTube or Vimeo link',
  icon: 'IconMovie',
  defaults: () => ({ content: {} }),
  exits: 'block',
  summary: mediaSummary((t) => t('No video yet')),
}
