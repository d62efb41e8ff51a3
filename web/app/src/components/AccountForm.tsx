// Name, email and a new password: the form of the first-run setup and of sign-up.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'

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
        <TextInput label="Your name" autoComplete="name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={emailLocked}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          description={`At least ${MIN_PASSWORD} characters.`}
          autoComplete="new-password"
          required
          value={password}
          error={short ? `Use at least ${MIN_PASSWORD} characters.` : undefined}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
