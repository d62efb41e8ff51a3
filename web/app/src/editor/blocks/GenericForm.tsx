// Renders the field descriptors of formModel.ts over an object value: each change gives back a new object with the
// other keys (unknown ones included) untouched, so editing one option never drops what the form does not show.
import { Fieldset, Group, NumberInput, Paper, Select, Stack, Switch, Text, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { midSentence } from '../../i18n/index.js'
import { newId } from '../../../../../src/contract/ids.js'
import type { EditorContext } from '../types.js'
import { VariableInput } from '../variables/VariableInput.js'
import { VariableSelect } from '../variables/VariableSelect.js'
import { CredentialsSelect } from './CredentialsSelect.js'
import { type Field, isShown } from './formModel.js'
import { AddRow, RowControls } from './RowControls.js'

export type Obj = Record<string, unknown>
export const asObj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {})

/** `obj` with `key` set to `value`, or without `key` when `value` is undefined. */
export const withKey = (obj: Obj, key: string, value: unknown): Obj => {
  const next = { ...obj }
  if (value === undefined) delete next[key]
  else next[key] = value
  return next
}

/** A number-or-variable option: a number when the text is one, else the text (`{{variable}}`), else nothing. */
const numberOrText = (text: string): number | string | undefined =>
  text.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text

export type GenericFormProps = {
  fields: Field[]
  value: unknown
  onChange: (next: Obj) => void
  ctx: EditorContext
  /** Block type, for the credentials a `credentialsId` option names. */
  credentialsType: (key: string) => string | undefined
}

export const GenericForm = ({ fields, value, onChange, ctx, credentialsType }: GenericFormProps) => {
  const obj = asObj(value)
  return (
    <Stack gap="sm">
      {fields
        .filter((field) => isShown(field, obj))
        .map((field) => (
          <FieldControl
            key={field.key}
            field={field}
            value={obj[field.key]}
            onChange={(v) => onChange(withKey(obj, field.key, v))}
            ctx={ctx}
            credentialsType={credentialsType}
          />
        ))}
    </Stack>
  )
}

type ControlProps = {
  field: Field
  value: unknown
  onChange: (next: unknown) => void
  ctx: EditorContext
  credentialsType: (key: string) => string | undefined
}

const FieldControl = ({ field, value, onChange, ctx, credentialsType }: ControlProps) => {
  const { t } = useTranslation()
  const { label, help } = field
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
  // A value of another shape than the schema says (older or newer builds): shown, kept, not edited.
  if (value && typeof value === 'object' && field.kind !== 'section' && field.kind !== 'list') return <JsonView label={label} value={value} />
  switch (field.kind) {
    case 'text':
      return (
        <VariableInput
          label={label}
          description={help}
          value={text}
          // A default the widget says in the visitor's language: shown in the app's.
          placeholder={field.placeholder && t(field.placeholder)}
          multiline={field.multiline}
          onChange={(v) => onChange(v === '' ? undefined : v)}
          ctx={ctx}
        />
      )
    case 'number':
      return field.orVariable ? (
        <VariableInput label={label} description={help} value={text} onChange={(v) => onChange(numberOrText(v))} ctx={ctx} />
      ) : (
        <NumberInput
          label={label}
          description={help}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
          readOnly={ctx.readOnly}
        />
      )
    case 'switch':
      return (
        <Switch
          label={label}
          description={help}
          checked={value === true}
          onChange={(e) => !ctx.readOnly && onChange(e.currentTarget.checked)}
          disabled={ctx.readOnly}
        />
      )
    case 'select':
      return (
        <Select
          label={label}
          description={help}
          data={field.options}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v ?? undefined)}
          clearable={!ctx.readOnly}
          readOnly={ctx.readOnly}
        />
      )
    case 'variable':
      return <VariableSelect label={label} description={help} value={typeof value === 'string' ? value : undefined} onChange={onChange} ctx={ctx} />
    case 'credentials':
      return (
        <CredentialsSelect
          label={label}
          description={help}
          value={typeof value === 'string' ? value : undefined}
          onChange={onChange}
          type={credentialsType(field.key)}
          ctx={ctx}
        />
      )
    case 'section':
      if (!label) return <GenericForm fields={field.fields} value={value} onChange={onChange} ctx={ctx} credentialsType={credentialsType} />
      return (
        <Fieldset legend={label} variant="filled">
          {help && (
            <Text size="xs" c="dimmed" mb="xs">
              {help}
            </Text>
          )}
          <GenericForm fields={field.fields} value={value} onChange={onChange} ctx={ctx} credentialsType={credentialsType} />
        </Fieldset>
      )
    case 'list':
      return <ListEditor field={field} value={value} onChange={onChange} ctx={ctx} credentialsType={credentialsType} />
    case 'json':
      return <JsonView label={label} help={help} value={value} />
  }
}

const JsonView = ({ label, help, value }: { label: string; help?: string; value: unknown }) => {
  const { t } = useTranslation()
  return (
    <Textarea
      label={label}
      description={help ?? t('Not editable here; kept as it is.')}
      value={value === undefined ? '' : JSON.stringify(value, null, 2)}
      readOnly
      autosize
      maxRows={10}
      styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
    />
  )
}

/** Rows of an array option: add, remove, move; rows keep their ids (edges may start from them). */
const ListEditor = ({ field, value, onChange, ctx, credentialsType }: ControlProps & { field: Extract<Field, { kind: 'list' }> }) => {
  const { t } = useTranslation()
  const rows = Array.isArray(value) ? (value as unknown[]) : []
  const set = (next: unknown[]) => onChange(next)
  const scalar = field.fields.length === 0
  const _move = (from: number, to: number) => {
    const next = [...rows]
    const [row] = next.splice(from, 1)
    next.splice(to, 0, row)
    set(next)
  }
  return (
    <Fieldset legend={field.label} variant="filled">
      <Stack gap="xs">
        {field.help && (
          <Text size="xs" c="dimmed">
            {field.help}
          </Text>
        )}
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('None yet.')}
          </Text>
        )}
        {rows.map((row, i) => {
          const rowLabel = `${field.label} ${i + 1}`
          const key = (!scalar && typeof asObj(row).id === 'string' ? (asObj(row).id as string) : undefined) ?? i
          return (
            <Paper key={key} withBorder p="xs" aria-label={rowLabel} role="group">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <div style={{ flex: 1, minWidth: 0 }}>
                  {scalar ? (
                    <VariableInput
                      label={rowLabel}
                      value={typeof row === 'string' ? row : ''}
                      onChange={(v) => set(rows.map((r, j) => (j === i ? v : r)))}
                      ctx={ctx}
                    />
                  ) : (
                    <GenericForm
                      fields={field.fields}
                      value={row}
                      onChange={(next) => set(rows.map((r, j) => (j === i ? next : r)))}
                      ctx={ctx}
                      credentialsType={credentialsType}
                    />
                  )}
                </div>
                {!ctx.readOnly && <RowControls name={rowLabel} list={rows} index={i} onChange={set} />}
              </Group>
            </Paper>
          )
        })}
        {!ctx.readOnly && (
          <AddRow onClick={() => set([...rows, scalar ? '' : field.itemHasId ? { id: newId() } : {}])}>
            {t('Add to {{list}}', { list: midSentence(field.label) })}
          </AddRow>
        )}
      </Stack>
    </Fieldset>
  )
}
