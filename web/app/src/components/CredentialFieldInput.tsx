// One field of a credentials form (lib/credentialTypes.ts): secrets as password inputs, numbers, switches and
// multi-line values as theirs. Shared by the Credentials page and the forms that create credentials in place.
import { Checkbox, NumberInput, PasswordInput, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { CredentialField } from '../lib/credentialTypes.js'

export type CredentialValue = string | number | boolean

export const CredentialFieldInput = ({
  field: f,
  value,
  onChange,
}: {
  field: CredentialField
  value: CredentialValue | undefined
  onChange: (value: CredentialValue) => void
}) => {
  const { t } = useTranslation()
  const common = { label: t(f.label), description: f.description ? t(f.description) : undefined, required: f.required }
  if (f.kind === 'boolean')
    return (
      <Checkbox label={common.label} description={common.description} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
    )
  if (f.kind === 'number')
    return <NumberInput {...common} placeholder={f.placeholder} value={(value as number | undefined) ?? ''} onChange={(v) => onChange(v)} />
  if (f.kind === 'multiline')
    return <Textarea {...common} autosize minRows={3} value={(value as string | undefined) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
  const Input = f.secret ? PasswordInput : TextInput
  return (
    <Input
      {...common}
      placeholder={f.placeholder}
      autoComplete={f.secret ? 'off' : undefined}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  )
}
