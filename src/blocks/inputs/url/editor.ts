// The Website input block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultUrlInputOptions } from './schema.js'
import { inputSummary, placeholder } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.URL,
  category: 'inputs',
  label: 'Website input',
  description: 'Asks for a URL and checks it',
  icon: 'IconWorld',
  defaults: () => ({ options: structuredClone(defaultUrlInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary(placeholder((t) => t('Type a URL...'))),
}
