// The Date input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultDateInputOptions } from './schema.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.DATE,
  category: 'inputs',
  label: 'Date input',
  description: 'Asks for a date or a range of dates',
  icon: 'IconCalendar',
  defaults: () => ({ options: structuredClone(defaultDateInputOptions) }),
  hints: { ...textLikeHints, order: { options: ['isRange', 'hasTime', 'format', 'labels', 'variableId'] } },
  exits: 'block',
  summary: inputSummary((o, t) => {
    if (o.isRange) return o.hasTime ? t('Pick a date range and time') : t('Pick a date range')
    return o.hasTime ? t('Pick a date and time') : t('Pick a date')
  }),
}
