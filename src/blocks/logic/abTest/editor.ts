// The A/B test block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { newId } from '../../../contract/ids.js'
import { defaultAbTestOptions } from './schema.js'

export const card: BlockCard = {
  type: LogicBlockType.AB_TEST,
  category: 'logic',
  label: 'A/B test',
  description: 'Splits users between two paths',
  icon: 'IconAB',
  defaults: () => ({
    items: [
      { id: newId(), path: 'a' },
      { id: newId(), path: 'b' },
    ],
    options: structuredClone(defaultAbTestOptions),
  }),
  hints: { labels: { 'options.aPercent': 'Percent of users on path A' }, hidden: ['items'] },
  exits: 'items',
  itemLabel: (block, item, { t }) => {
    const a = (block.options as { aPercent?: number } | undefined)?.aPercent ?? defaultAbTestOptions.aPercent
    return item.path === 'b' ? t('B · {{percent}} %', { percent: 100 - a }) : t('A · {{percent}} %', { percent: a })
  },
}
