// The Email input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultEmailInputOptions } from './schema.js'
import { inputSummary, placeholder } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.EMAIL,
  category: 'inputs',
  label: 'Email input',
  description: 'Asks for an email address and checks it',
  icon: 'IconMail',
  defaults: () => ({ options: structuredClone(defaultEmailInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary(placeholder((t) => t('Type your email...'))),
}
