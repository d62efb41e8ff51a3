// The Return block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'

export const card: BlockCard = {
  type: LogicBlockType.RETURN,
  category: 'logic',
  label: 'Return',
  description: 'Goes back to where the last jump came from',
  icon: 'IconArrowBackUp',
  defaults: () => ({ options: {} }),
  exits: 'none',
}
