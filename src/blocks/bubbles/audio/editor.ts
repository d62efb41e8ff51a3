// The Audio block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { mediaSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: BubbleBlockType.AUDIO,
  category: 'bubbles',
  label: 'Audio',
  description: 'A sound clip played in the chat',
  icon: 'IconVolume',
  defaults: () => ({ content: {} }),
  exits: 'block',
  summary: mediaSummary((t) => t('No audio yet')),
}
