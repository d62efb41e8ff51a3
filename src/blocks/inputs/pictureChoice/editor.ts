// The Picture choice block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock } from '../../../contract/bot/card.js'
import { choiceHints } from '../../../contract/bot/formHints.js'
import { newId } from '../../../contract/ids.js'
import { defaultPictureChoiceOptions } from './schema.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

const isMultipleChoice = (block: CardBlock) => (block.options as { isMultipleChoice?: boolean } | undefined)?.isMultipleChoice === true

export const card: BlockCard = {
  type: InputBlockType.PICTURE_CHOICE,
  category: 'inputs',
  label: 'Picture choice',
  description: 'Offers pictures to pick from',
  icon: 'IconLayoutGrid',
  defaults: () => ({ items: [{ id: newId() }], options: structuredClone(defaultPictureChoiceOptions) }),
  hints: { ...choiceHints, hidden: ['options.dynamicItems'] },
  exits: (block) => (isMultipleChoice(block) ? 'items+else' : 'items'),
  elseLabel: 'Any choice',
  itemLabel: (_block, item, { t }) =>
    (typeof item.title === 'string' && item.title) || (typeof item.content === 'string' && item.content) || t('Picture'),
  summary: inputSummary(),
}
