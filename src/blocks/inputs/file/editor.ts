// The File upload block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { textLikeHints } from '../../../contract/bot/formHints.js'
import { defaultFileInputOptions } from './schema.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.FILE,
  category: 'inputs',
  label: 'File upload',
  description: 'Asks for one or more files',
  icon: 'IconUpload',
  defaults: () => ({ options: structuredClone(defaultFileInputOptions) }),
  hints: textLikeHints,
  exits: 'block',
  summary: inputSummary((o, t) => (o.isMultipleAllowed ? t('Collect files') : t('Collect a file'))),
}
