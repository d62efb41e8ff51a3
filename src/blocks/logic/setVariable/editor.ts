// The Set variable block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock, CardContext } from '../../../contract/bot/card.js'
import { short } from '../../../contract/bot/cardSummaries.js'
import { defaultSetVariableOptions } from './schema.js'

/** "Set Score to {{Score}} + 1", "Set Today to Today": the variable and what it gets, on one short line. */
const setSummary = (block: CardBlock, { variableName, t }: CardContext) => {
  const options = (block.options ?? {}) as { variableId?: string; type?: string; expressionToEvaluate?: string }
  if (!options.variableId) return t('No variable chosen yet')
  const value = options.type && options.type !== 'Custom' ? options.type : options.expressionToEvaluate?.trim()
  const variable = variableName(options.variableId)
  return value ? t('Set {{variable}} to {{value}}', { variable, value: short(value) }) : t('Set {{variable}}', { variable })
}

export const card: BlockCard = {
  type: LogicBlockType.SET_VARIABLE,
  category: 'logic',
  label: 'Set variable',
  description: 'Gives a variable a value, computed or fixed',
  icon: 'IconVariable',
  defaults: () => ({ options: structuredClone(defaultSetVariableOptions) }),
  hints: { labels: { 'options.variableId': 'Variable' } },
  exits: 'block',
  summary: setSummary,
}
