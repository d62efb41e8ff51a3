// The text next to each connection point of a block, from its card: a button's label, a condition's comparisons,
// an A/B path; beside items, the block's own exit ("Else", "Any choice").
import { cardOf } from '../../../../../src/blocks/cards.js'
import { t } from '../../i18n/index.js'
import { inAppLanguage } from '../../lib/blockLabels.js'
import type { Block } from '../types.js'

type Item = { id: string } & Record<string, unknown>

export const itemLabel = (block: Block, item: Item, variableName: (id: string) => string): string =>
  cardOf(block.type)?.itemLabel?.(block, item, inAppLanguage({ variableName })) ??
  ((typeof item.content === 'string' && item.content) || t('Click to edit'))

/** The block-level exit's label where a block also has items (the cards' labels are keys, scripts/i18n/keys.ts). */
export const defaultExitLabel = (block: Block) => {
  const label = cardOf(block.type)?.elseLabel
  return label ? t(label) : null
}
