// The Buttons block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock } from '../../../contract/bot/card.js'
import { defaultChoiceInputOptions } from '../../../contract/bot/blocks/shared.js'
import { choiceHints } from '../../../contract/bot/formHints.js'
import { newId } from '../../../contract/ids.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

const isMultipleChoice = (block: CardBlock) => (block.options as { isMultipleChoice?: boolean } | undefined)?.isMultipleChoice === true

export const card: BlockCard = {
  type: InputBlockType.CHOICE,
  category: 'inputs',
  label: 'Buttons',
  description: 'Offers buttons; each can lead somewhere else',
  icon: 'IconSquareCheck',
  defaults: () => ({ items: [{ id: newId(), content: '' }], options: structuredClone(defaultChoiceInputOptions) }),
  hints: choiceHints,
  exits: (block) => (isMultipleChoice(block) ? 'items+else' : 'items'),
  elseLabel: 'Any choice',
  summary: inputSummary(),
}
