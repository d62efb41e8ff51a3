// The Number input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultNumberInputOptions } from './schema.js'
import { inputSummary, placeholder } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.NUMBER,
  category: 'inputs',
  label: 'Number input',
  description: 'Asks for a number, with bounds',
  icon: 'IconNumbers',
  defaults: () => ({ options: structuredClone(defaultNumberInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary(placeholder((t) => t('Type a number...'))),
}
