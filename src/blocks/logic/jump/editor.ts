// The Jump block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'

export const card: BlockCard = {
  type: LogicBlockType.JUMP,
  category: 'logic',
  label: 'Jump',
  description: 'Goes to another group',
  icon: 'IconArrowForward',
  defaults: () => ({ options: {} }),
  exits: 'none',
}
