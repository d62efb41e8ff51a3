// The text next to each connection point of a block: a button's label, a condition's comparisons, an A/B path.
import type { Block } from '../types.js'

type Comparison = { variableId?: string | null; comparisonOperator?: string | null; value?: string | null }
type Item = {
  id: string
  content?: unknown
  title?: string | null
  path?: string | null
  paths?: { id: string; text?: string | null }[] | null
}

const conditionText = (content: unknown, variableName: (id: string) => string) => {
  const c = content as { comparisons?: Comparison[] | null; logicalOperator?: string | null } | undefined
  const parts = (c?.comparisons ?? []).map((cmp) =>
    [cmp.variableId ? variableName(cmp.variableId) : '…', cmp.comparisonOperator ?? 'Equal to', cmp.value ?? ''].join(' ').trim(),
  )
  return parts.length ? parts.join(` ${c?.logicalOperator ?? 'AND'} `) : 'Configure…'
}

export const itemLabel = (block: Block, item: Item, variableName: (id: string) => string): string => {
  switch (block.type) {
    case 'Condition':
      return conditionText(item.content, variableName)
    case 'AB test': {
      const a = (block.options as { aPercent?: number } | undefined)?.aPercent ?? 50
      return item.path === 'b' ? `B · ${100 - a} %` : `A · ${a} %`
    }
    case 'picture choice input':
      return item.title || (typeof item.content === 'string' ? item.content : '') || 'Picture'
    default:
      return (typeof item.content === 'string' && item.content) || 'Click to edit'
  }
}

/** The block-level exit's label where a block also has items. */
export const defaultExitLabel = (block: Block) => (block.type === 'Condition' ? 'Else' : block.type.endsWith('input') ? 'Any choice' : null)
