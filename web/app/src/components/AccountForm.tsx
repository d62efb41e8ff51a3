// Name, email and a new password: the form of the first-run setup and of sign-up.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export const MIN_PASSWORD = 8

export const AccountForm = ({
  submitLabel,
  initialEmail = '',
  emailLocked = false,
  busy,
  error,
  onSubmit,
}: {
  submitLabel: string
  initialEmail?: string
  emailLocked?: boolean
  busy: boolean
  error: string | null
  onSubmit: (input: { name: string; email: string; password: string }) => void
}) => {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const short = password.length > 0 && password.length < MIN_PASSWORD
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (!short) onSubmit({ name: name.trim(), email: email.trim(), password })
      }}
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Your name')} autoComplete="name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('Email')}
          type="email"
          autoComplete="email"
          required
          readOnly={emailLocked}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label={t('Password')}
          description={t('At least {{min}} characters.', { min: MIN_PASSWORD })}
          autoComplete="new-password"
          required
          value={password}
          error={short ? t('Use at least {{min}} characters.', { min: MIN_PASSWORD }) : undefined}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
