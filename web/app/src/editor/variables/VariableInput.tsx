// A text option that may hold `{{variables}}`: a text box (one line or several) with a button that inserts a
// variable's reference where the cursor is, creating the variable if it is new.
import { ActionIcon, Popover, Textarea, TextInput, Tooltip } from '@mantine/core'
import { IconBraces } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorContext } from '../types.js'
import { reference } from './botStrings.js'
import { VariableSelect } from './VariableSelect.js'

export type VariableInputProps = {
  label: string
  value: string | null | undefined
  onChange: (value: string) => void
  ctx: EditorContext
  description?: string
  placeholder?: string
  multiline?: boolean
}

export const VariableInput = ({ label, value, onChange, ctx, description, placeholder, multiline }: VariableInputProps) => {
  const { t } = useTranslation()
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const [picking, setPicking] = useState(false)
  const text = value ?? ''

  const insert = (id: string | undefined) => {
    setPicking(false)
    const variable = ctx.variables.find((v) => v.id === id)
    if (!variable) return
    const el = field.current
    const [start, end] = [el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length]
    const ref = reference(variable.name)
    onChange(text.slice(0, start) + ref + text.slice(end))
    // Back to the text with the cursor after the reference, once React has rendered the new value.
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + ref.length, start + ref.length)
    })
  }

  const picker = ctx.readOnly ? undefined : (
    <Popover opened={picking} onChange={setPicking} position="bottom-end" width={260} trapFocus withinPortal>
      <Popover.Target>
        <Tooltip label={t('Insert a variable')}>
          <ActionIcon variant="subtle" aria-label={t('Insert a variable')} onClick={() => setPicking((o) => !o)}>
            <IconBraces size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <VariableSelect label={t('Variable to insert')} value={null} onChange={insert} ctx={ctx} autoFocus defaultDropdownOpened />
      </Popover.Dropdown>
    </Popover>
  )
  const common = {
    label,
    description,
    placeholder,
    value: text,
    readOnly: ctx.readOnly,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    rightSection: picker,
  }
  return multiline ? <Textarea ref={field} autosize minRows={2} maxRows={12} {...common} /> : <TextInput ref={field} {...common} />
}
