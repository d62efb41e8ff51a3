// The Condition block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { newId } from '../../../contract/ids.js'

type Comparison = { variableId?: string | null; comparisonOperator?: string | null; value?: string | null }

/** A condition's comparisons in words: "Score Greater than 3 AND Name Is set". */
const conditionLabel: NonNullable<BlockCard['itemLabel']> = (_block, item, { variableName, t }) => {
  const content = item.content as { comparisons?: Comparison[] | null; logicalOperator?: string | null } | undefined
  const parts = (content?.comparisons ?? []).map((c) =>
    [c.variableId ? variableName(c.variableId) : '…', c.comparisonOperator ?? 'Equal to', c.value ?? ''].join(' ').trim(),
  )
  return parts.length ? parts.join(` ${content?.logicalOperator ?? 'AND'} `) : t('Configure…')
}

export const card: BlockCard = {
  type: LogicBlockType.CONDITION,
  category: 'logic',
  label: 'Condition',
  description: 'Goes one way or another depending on variables',
  icon: 'IconGitBranch',
  defaults: () => ({ items: [{ id: newId(), content: { logicalOperator: 'AND', comparisons: [{ id: newId() }] } }] }),
  exits: 'items+else',
  elseLabel: 'Else',
  itemLabel: conditionLabel,
}
