// The Phone input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultPhoneInputOptions } from './schema.js'
import { inputSummary, placeholder } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.PHONE,
  category: 'inputs',
  label: 'Phone input',
  description: 'Asks for a phone number with its country',
  icon: 'IconPhone',
  defaults: () => ({ options: structuredClone(defaultPhoneInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary(placeholder((t) => t('Type your phone number...'))),
}
