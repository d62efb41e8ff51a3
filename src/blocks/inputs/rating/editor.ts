// The Rating block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultRatingInputOptions } from './schema.js'

export const card: BlockCard = {
  type: InputBlockType.RATING,
  category: 'inputs',
  label: 'Rating',
  description: 'Asks for a rating with numbers or icons',
  icon: 'IconStar',
  defaults: () => ({ options: structuredClone(defaultRatingInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
}
