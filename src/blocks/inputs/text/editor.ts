// The Text input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultTextInputOptions } from './schema.js'
import { inputSummary, placeholder } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.TEXT,
  category: 'inputs',
  label: 'Text input',
  description: 'Asks for a free text answer',
  icon: 'IconForms',
  defaults: () => ({ options: structuredClone(defaultTextInputOptions) }),
  hints: { ...textLikeHints, labels: { ...textLikeHints.labels, 'options.isLong': 'Long text' } },
  exits: 'block',
  summary: inputSummary(placeholder((t) => t('Type your answer...'))),
}
