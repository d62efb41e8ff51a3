// The Cards block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { newId } from '../../../contract/ids.js'

export const card: BlockCard = {
  type: InputBlockType.CARDS,
  category: 'inputs',
  label: 'Cards',
  description: 'Shows cards with their own buttons',
  icon: 'IconCards',
  defaults: () => ({ items: [{ id: newId(), title: '', paths: [{ id: newId(), text: 'Select' }] }], options: {} }),
  exits: 'paths',
}
