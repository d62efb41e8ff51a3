// A channel's start condition: comparisons of the contact's first message, all of which (AND) or any of which (OR)
// must hold for the bot to start. No comparison: every first message starts it.
import { ActionIcon, Button, Fieldset, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { type Comparison, ComparisonOperators, type Condition, LogicalOperator } from '../../../../../../src/contract/bot/common.js'
import { newId } from '../../../../../../src/contract/ids.js'
import { midSentence } from '../../../i18n/index.js'
import { operatorChoices, unaryOperators } from './channels.js'

export const StartConditionEditor = ({
  value,
  onChange,
  readOnly,
}: {
  value: Condition | undefined
  onChange: (next: Condition) => void
  readOnly: boolean
}) => {
  const { t } = useTranslation()
  const comparisons = value?.comparisons ?? []
  const operator = value?.logicalOperator ?? LogicalOperator.AND
  const setComparisons = (next: Comparison[]) => onChange({ ...value, logicalOperator: operator, comparisons: next })
  const setComparison = (i: number, patch: Partial<Comparison>) => setComparisons(comparisons.map((c, j) => (j === i ? { ...c, ...patch } : c)))
  const operators = operatorChoices.map((o) => ({ value: o.value, label: t(o.label) }))
  return (
    <Fieldset legend={t('Start condition')} variant="filled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {comparisons.length
            ? t('The bot starts only when the contact’s first message meets the condition; other messages get no answer.')
            : t('None: any first message starts the bot.')}
        </Text>
        {comparisons.length > 1 && (
          <SegmentedControl
            aria-label={t('Combine comparisons with')}
            data={[
              { value: LogicalOperator.AND, label: t('All must hold (AND)') },
              { value: LogicalOperator.OR, label: t('Any may hold (OR)') },
            ]}
            value={operator}
            onChange={(v) => onChange({ ...value, logicalOperator: v as LogicalOperator, comparisons })}
            readOnly={readOnly}
            size="xs"
            w="fit-content"
          />
        )}
        {comparisons.map((c, i) => {
          const name = t('Comparison {{number}}', { number: i + 1 })
          return (
            <Paper key={c.id ?? i} withBorder p="xs" role="group" aria-label={name}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} pb={7} style={{ whiteSpace: 'nowrap' }}>
                  {t('User message')}
                </Text>
                <Select
                  label={t('Operator')}
                  data={operators}
                  value={c.comparisonOperator ?? null}
                  onChange={(v) => setComparison(i, { comparisonOperator: (v ?? undefined) as Comparison['comparisonOperator'] })}
                  allowDeselect={false}
                  readOnly={readOnly}
                  w={220}
                />
                {!unaryOperators.has(c.comparisonOperator ?? '') && (
                  <TextInput
                    label={t('Value')}
                    value={c.value ?? ''}
                    onChange={(e) => setComparison(i, { value: e.currentTarget.value })}
                    readOnly={readOnly}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                )}
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('Remove {{name}}', { name: midSentence(name) })}
                    onClick={() => setComparisons(comparisons.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          )
        })}
        {!readOnly && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setComparisons([...comparisons, { id: newId(), comparisonOperator: ComparisonOperators.EQUAL, value: '' }])}
          >
            {t('Add a comparison')}
          </Button>
        )}
      </Stack>
    </Fieldset>
  )
}
