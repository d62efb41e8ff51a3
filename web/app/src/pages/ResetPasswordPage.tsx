import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { MIN_PASSWORD } from '../components/AccountForm.js'
import { AuthLayout } from '../components/AuthLayout.js'
import { msg } from '../i18n/index.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { useSubmit } from '../lib/forms.js'

/** Without a token: ask for a reset link. With one (from the link): choose a new password. */
export const ResetPasswordPage = () => {
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? <ChooseNewPassword token={token} /> : <RequestLink initialEmail={params.get('email') ?? ''} />
}

const RequestLink = ({ initialEmail }: { initialEmail: string }) => {
  const { t } = useTranslation()
  const { status } = useAuth()
  const [email, setEmail] = useState(initialEmail)
  const [sent, setSent] = useState(false)
  const request = useSubmit(async () => {
    await api.post('/v1/auth/password-reset', { email })
    setSent(true)
  })
  const back = (
    <Anchor component={Link} to="/signin">
      {t('Back to sign in')}
    </Anchor>
  )
  if (!status?.methods.passwordResetByEmail) {
    return (
      <AuthLayout title={t('Reset your password')} footer={back}>
        <Alert color="blue" variant="light">
          <Trans
            t={t}
            i18nKey={msg(
              'This server does not send emails. Ask its administrator for a reset link (they can make one with <code>{{command}}</code>).',
            )}
            values={{ command: `parley user reset-link --email ${email || 'you@example.com'}` }}
            components={{ code: <code /> }}
          />
        </Alert>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t('Reset your password')} subtitle={t('We will email you a link to choose a new password.')} footer={back}>
      {sent ? (
        <Alert color="green" variant="light" title={t('Check your inbox')}>
          {t('If an account exists for {{email}}, a reset link is on its way.', { email })}
        </Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void request.submit()
          }}
        >
          <Stack gap="sm">
            {request.error && (
              <Alert color="red" variant="light" role="alert">
                {request.error}
              </Alert>
            )}
            <TextInput
              label={t('Email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={request.busy}>
              {t('Send reset link')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  )
}

const ChooseNewPassword = ({ token }: { token: string }) => {
  const { t } = useTranslation()
  const { refresh } = useAuth()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const short = password.length > 0 && password.length < MIN_PASSWORD
  const confirm = useSubmit(async () => {
    await api.post('/v1/auth/password-reset/confirm', { token, password })
    await refresh()
    navigate('/', { replace: true })
  })
  return (
    <AuthLayout title={t('Choose a new password')}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!short) void confirm.submit()
        }}
      >
        <Stack gap="sm">
          {confirm.error && (
            <Alert color="red" variant="light" role="alert">
              {confirm.error}
            </Alert>
          )}
          <PasswordInput
            label={t('New password')}
            autoComplete="new-password"
            required
            value={password}
            error={short ? t('Use at least {{min}} characters.', { min: MIN_PASSWORD }) : undefined}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={confirm.busy}>
            {t('Save password and sign in')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
