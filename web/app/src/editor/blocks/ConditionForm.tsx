// Condition: each item is a path with its own edge, taken when its comparisons hold (all of them with AND, any with
// OR); the first path that holds wins, the block's own edge is the "else". Paths keep their ids (edges start there).
import { ActionIcon, Button, Fieldset, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { type Comparison, ComparisonOperators, type Condition, LogicalOperator } from '../../../../../src/contract/bot/common.js'
import { newId } from '../../../../../src/contract/ids.js'
import type { BlockFormProps, EditorContext } from '../types.js'
import { VariableInput } from '../variables/VariableInput.js'
import { VariableSelect } from '../variables/VariableSelect.js'
import { asObj } from './GenericForm.js'
import { itemsOf } from '../../../../../src/contract/bot/graph.js'
import { type Item, withItems } from './blockParts.js'
import { AddRow } from './RowControls.js'

/** Operators that compare the variable with nothing. */
const unary = new Set<string>([ComparisonOperators.IS_SET, ComparisonOperators.IS_EMPTY])

const conditionOf = (item: Item): Condition => asObj(item.content) as Condition

export const ConditionForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const { t } = useTranslation()
  const items = itemsOf(block)
  const setItems = (next: Item[]) => onChange(withItems(block, next))
  const setCondition = (i: number, condition: Condition) => setItems(items.map((item, j) => (j === i ? { ...item, content: condition } : item)))
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('Each path has its own link on the canvas. The first path whose condition holds is taken; otherwise the block’s “else” link.')}
      </Text>
      {items.map((item, i) => (
        <PathEditor
          key={item.id}
          name={t('Path {{number}}', { number: i + 1 })}
          removeLabel={t('Remove path {{number}}', { number: i + 1 })}
          condition={conditionOf(item)}
          onChange={(c) => setCondition(i, c)}
          onRemove={items.length > 1 ? () => setItems(items.filter((_, j) => j !== i)) : undefined}
          ctx={ctx}
        />
      ))}
      {!ctx.readOnly && (
        <AddRow
          onClick={() => setItems([...items, { id: newId(), content: { logicalOperator: LogicalOperator.AND, comparisons: [{ id: newId() }] } }])}
        >
          {t('Add a path')}
        </AddRow>
      )}
    </Stack>
  )
}

type PathProps = {
  name: string
  /** The remove button's text ("Remove path 2"). */
  removeLabel: string
  condition: Condition
  onChange: (c: Condition) => void
  onRemove?: () => void
  ctx: EditorContext
}

const PathEditor = ({ name, removeLabel, condition, onChange, onRemove, ctx }: PathProps) => {
  const { t } = useTranslation()
  const comparisons = condition.comparisons ?? []
  const operator = condition.logicalOperator ?? LogicalOperator.AND
  const setComparisons = (next: Comparison[]) => onChange({ ...condition, comparisons: next })
  const setComparison = (i: number, patch: Partial<Comparison>) => setComparisons(comparisons.map((c, j) => (j === i ? { ...c, ...patch } : c)))
  return (
    <Fieldset legend={name} variant="filled">
      <Stack gap="xs">
        {comparisons.length > 1 && (
          <SegmentedControl
            aria-label={t('{{path}}: combine comparisons with', { path: name })}
            data={[
              { value: LogicalOperator.AND, label: t('All must hold (AND)') },
              { value: LogicalOperator.OR, label: t('Any may hold (OR)') },
            ]}
            value={operator}
            onChange={(v) => onChange({ ...condition, logicalOperator: v as LogicalOperator })}
            readOnly={ctx.readOnly}
            size="xs"
          />
        )}
        {comparisons.map((c, i) => {
          const label = t('{{path}}, comparison {{number}}', { path: name, number: i + 1 })
          return (
            <Paper key={c.id ?? i} withBorder p="xs" role="group" aria-label={label}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <VariableSelect label={t('Variable')} value={c.variableId} onChange={(id) => setComparison(i, { variableId: id })} ctx={ctx} />
                  <Select
                    label={t('Operator')}
                    data={Object.values(ComparisonOperators)}
                    value={c.comparisonOperator ?? null}
                    onChange={(v) => setComparison(i, { comparisonOperator: (v ?? undefined) as Comparison['comparisonOperator'] })}
                    readOnly={ctx.readOnly}
                  />
                  {!unary.has(c.comparisonOperator ?? '') && (
                    <VariableInput label={t('Value')} value={c.value} onChange={(v) => setComparison(i, { value: v })} ctx={ctx} />
                  )}
                </Stack>
                {!ctx.readOnly && comparisons.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('Remove {{name}}', { name: label })}
                    onClick={() => setComparisons(comparisons.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          )
        })}
        {!ctx.readOnly && (
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setComparisons([...comparisons, { id: newId() }])}
            >
              {t('Add a comparison')}
            </Button>
            {onRemove && (
              <Button variant="subtle" size="xs" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onRemove}>
                {removeLabel}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Fieldset>
  )
}
