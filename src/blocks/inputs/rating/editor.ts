// The Rating block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultRatingInputOptions } from './schema.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.RATING,
  category: 'inputs',
  label: 'Rating',
  description: 'Asks for a rating with numbers or icons',
  icon: 'IconStar',
  defaults: () => ({ options: structuredClone(defaultRatingInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary((o, t) => {
    // As the chat draws it: numbers from `startsAt` (0 by default), icons from 1; both up to `length`.
    const from = o.buttonType === 'Icons' ? 1 : typeof o.startsAt === 'number' ? o.startsAt : 0
    return t('Rate from {{from}} to {{to}}', { from, to: typeof o.length === 'number' && o.length ? o.length : 10 })
  }),
}
