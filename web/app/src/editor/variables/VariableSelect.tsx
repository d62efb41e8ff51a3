// Picking a variable by name, or creating one by typing a new name: inputs save answers into variables, and most
// options name one. The value is the variable's id (what the bot stores).
import { Select } from '@mantine/core'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorContext } from '../types.js'

const createPrefix = '\u0000create:'

export type VariableSelectProps = {
  label: string
  /** The selected variable's id. */
  value: string | null | undefined
  onChange: (id: string | undefined) => void
  ctx: EditorContext
  description?: string
  placeholder?: string
  autoFocus?: boolean
  /** Opens its list when shown (the insert-variable picker). */
  defaultDropdownOpened?: boolean
}

export const VariableSelect = ({ label, value, onChange, ctx, description, placeholder, autoFocus, defaultDropdownOpened }: VariableSelectProps) => {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const name = search.trim()
  const exact = ctx.variables.find((v) => v.name === name)
  const options = ctx.variables.map((v) => ({ value: v.id, label: v.name }))
  // What Enter takes comes first: the variable of exactly that name, else the new one of that name.
  const createLabel = (variable: string) => t('Create “{{name}}”', { name: variable })
  const data = [
    ...(name && !exact && !ctx.readOnly ? [{ value: createPrefix + name, label: createLabel(name) }] : []),
    ...(exact ? [{ value: exact.id, label: exact.name }] : []),
    ...options.filter((o) => o.value !== exact?.id),
  ]
  /** The name last picked or created here: a blur right after a pick (before the field re-renders) takes nothing more. */
  const taken = useRef<string | undefined>(undefined)
  const pick = (next: string | null) => {
    if (next?.startsWith(createPrefix)) {
      taken.current = next.slice(createPrefix.length)
      onChange(ctx.createVariable(taken.current).id)
      return
    }
    taken.current = ctx.variables.find((v) => v.id === next)?.name
    onChange(next ?? undefined)
  }
  // A name typed and left (Tab, a click elsewhere) is taken as if confirmed: never silently dropped. The search may
  // briefly hold the picked option's label ("Create “…”"), which is not a name.
  const [createBefore, createAfter] = createLabel('\u0000').split('\u0000')
  const isCreateLabel = (text: string) => (createBefore ? text.startsWith(createBefore) : Boolean(createAfter) && text.endsWith(createAfter))
  const commitTyped = () => {
    const current = ctx.variables.find((v) => v.id === value)
    if (!name || ctx.readOnly || current?.name === name || taken.current === name || isCreateLabel(name)) return
    pick(exact ? exact.id : createPrefix + name)
  }
  // A value naming a variable that no longer exists is shown as such rather than as an empty select.
  const missing = value && !ctx.variables.some((v) => v.id === value)
  return (
    <Select
      label={label}
      description={description}
      placeholder={ctx.readOnly ? t('None') : (placeholder ?? t('Pick or type a new name'))}
      data={missing ? [...data, { value, label: t('Unknown variable ({{id}})', { id: value }) }] : data}
      value={value ?? null}
      searchable
      selectFirstOptionOnChange
      clearable={!ctx.readOnly}
      readOnly={ctx.readOnly}
      autoFocus={autoFocus}
      defaultDropdownOpened={defaultDropdownOpened}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={commitTyped}
      nothingFoundMessage={t('No variable yet: type a name to create one')}
      onChange={pick}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
