// The Time input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultTimeInputOptions } from './schema.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.TIME,
  category: 'inputs',
  label: 'Time input',
  description: 'Asks for a time of day',
  icon: 'IconClock',
  defaults: () => ({ options: structuredClone(defaultTimeInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary((_options, t) => t('Pick a time')),
}
