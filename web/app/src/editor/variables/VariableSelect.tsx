// Picking a variable by name, or creating one by typing a new name: inputs save answers into variables, and most
// options name one. The value is the variable's id (what the bot stores).
import { Select } from '@mantine/core'
import { useState } from 'react'
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
  const [search, setSearch] = useState('')
  const name = search.trim()
  const exists = ctx.variables.some((v) => v.name === name)
  const data = [
    ...ctx.variables.map((v) => ({ value: v.id, label: v.name })),
    ...(name && !exists && !ctx.readOnly ? [{ value: createPrefix + name, label: `Create “${name}”` }] : []),
  ]
  // A value naming a variable that no longer exists is shown as such rather than as an empty select.
  const missing = value && !ctx.variables.some((v) => v.id === value)
  return (
    <Select
      label={label}
      description={description}
      placeholder={ctx.readOnly ? 'None' : (placeholder ?? 'Pick or type a new name')}
      data={missing ? [...data, { value, label: `Unknown variable (${value})` }] : data}
      value={value ?? null}
      searchable
      clearable={!ctx.readOnly}
      readOnly={ctx.readOnly}
      autoFocus={autoFocus}
      defaultDropdownOpened={defaultDropdownOpened}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="No variable yet: type a name to create one"
      onChange={(next) => {
        if (next?.startsWith(createPrefix)) onChange(ctx.createVariable(next.slice(createPrefix.length)).id)
        else onChange(next ?? undefined)
      }}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
