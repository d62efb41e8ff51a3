// The Set variable block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { defaultSetVariableOptions } from './schema.js'

export const card: BlockCard = {
  type: LogicBlockType.SET_VARIABLE,
  category: 'logic',
  label: 'Set variable',
  description: 'Gives a variable a value, computed or fixed',
  icon: 'IconVariable',
  defaults: () => ({ options: structuredClone(defaultSetVariableOptions) }),
  hints: { labels: { 'options.variableId': 'Variable' } },
  exits: 'block',
}
