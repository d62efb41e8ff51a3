// The bot's variables: add, rename (references follow), mark session-only (not saved with results), delete when
// nothing uses them. Changes come out as a whole new bot, like every editor change, so undo covers them.
import { ActionIcon, Badge, Button, Group, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { newId } from '../../../../../src/contract/ids.js'
import type { EditorBot, Variable } from '../types.js'
import { renameVariable, variableNameProblem } from './renameVariable.js'
import { variableUsage } from './variableUsage.js'

export type VariablesPanelProps = {
  bot: EditorBot
  onChange: (bot: EditorBot) => void
  readOnly?: boolean
}

export const VariablesPanel = ({ bot, onChange, readOnly }: VariablesPanelProps) => {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const problem = name.trim() ? variableNameProblem(bot, '', name) : undefined
  const add = () => {
    if (!name.trim() || problem) return
    onChange({ ...bot, variables: [...bot.variables, { id: `v${newId().slice(1)}`, name: name.trim() }] })
    setName('')
  }
  const update = (id: string, patch: Partial<Variable>) =>
    onChange({ ...bot, variables: bot.variables.map((v) => (v.id === id ? { ...v, ...patch } : v)) })
  return (
    <Stack gap="sm" role="region" aria-label={t('Variables')}>
      {!readOnly && (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            add()
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('New variable')}
              placeholder={t('Name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={problem}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} disabled={!name.trim() || Boolean(problem)}>
              {t('Add')}
            </Button>
          </Group>
        </form>
      )}
      {bot.variables.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('No variables yet. Inputs save answers into variables; create them here or from any block.')}
        </Text>
      ) : (
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Session only')}</Table.Th>
              <Table.Th>{t('Used')}</Table.Th>
              {!readOnly && <Table.Th>{t('Delete')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bot.variables.map((v) => (
              <VariableRow
                key={v.id}
                bot={bot}
                variable={v}
                readOnly={readOnly}
                onRename={(next) => onChange(renameVariable(bot, v.id, next))}
                onSessionOnly={(on) => update(v.id, { isSessionVariable: on || undefined })}
                onDelete={() => onChange({ ...bot, variables: bot.variables.filter((x) => x.id !== v.id) })}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}

type RowProps = {
  bot: EditorBot
  variable: Variable
  readOnly?: boolean
  onRename: (name: string) => void
  onSessionOnly: (on: boolean) => void
  onDelete: () => void
}

const VariableRow = ({ bot, variable, readOnly, onRename, onSessionOnly, onDelete }: RowProps) => {
  const { t } = useTranslation()
  // The name is edited locally and applied on blur/Enter: renaming rewrites the whole bot, not once per keystroke.
  const [draft, setDraft] = useState<string | undefined>()
  const shown = draft ?? variable.name
  const problem = draft === undefined ? undefined : variableNameProblem(bot, variable.id, draft)
  const commit = () => {
    if (draft !== undefined && !problem) onRename(draft)
    setDraft(undefined)
  }
  const usage = variableUsage(bot, variable.id)
  const uses = usage.byId + usage.byName
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          aria-label={t('Name of variable {{name}}', { name: variable.name })}
          value={shown}
          readOnly={readOnly}
          error={problem}
          size="xs"
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit()
            if (e.key === 'Escape') setDraft(undefined)
          }}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t('Variable {{name}} is session only', { name: variable.name })}
          checked={variable.isSessionVariable === true}
          onChange={(e) => onSessionOnly(e.currentTarget.checked)}
          disabled={readOnly}
        />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={uses ? 'blue' : 'gray'} aria-label={t('{{name}} is used {{uses}} times', { name: variable.name, uses })}>
          {uses}
        </Badge>
      </Table.Td>
      {!readOnly && (
        <Table.Td>
          <Tooltip label={uses ? t('Used in the bot: remove its uses first') : t('Delete {{name}}', { name: variable.name })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('Delete variable {{name}}', { name: variable.name })}
              disabled={uses > 0}
              onClick={onDelete}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      )}
    </Table.Tr>
  )
}
