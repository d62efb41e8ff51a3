// The Bot link block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'

export const card: BlockCard = {
  type: LogicBlockType.TYPEBOT_LINK,
  category: 'logic',
  label: 'Bot link',
  description: 'Continues in another bot or group',
  icon: 'IconLink',
  defaults: () => ({ options: {} }),
  exits: 'block',
}
