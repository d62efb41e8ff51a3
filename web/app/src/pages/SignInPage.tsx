import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { IconKey, IconMail } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { AuthLayout } from '../components/AuthLayout.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { safeNext, useSubmit } from '../lib/forms.js'

export const SignInPage = () => {
  const { t } = useTranslation()
  const { status, refresh } = useAuth()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const next = safeNext(params.get('next'))
  const [email, setEmail] = useState(params.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [linkSent, setLinkSent] = useState(false)
  const signIn = useSubmit(async () => {
    await api.post('/v1/auth/signin', { email, password })
    await refresh()
    navigate(next, { replace: true })
  })
  const magic = useSubmit(async () => {
    await api.post('/v1/auth/magic-link', { email })
    setLinkSent(true)
  })
  if (status?.setupNeeded) return <Navigate to="/setup" replace />
  if (status?.user) return <Navigate to={next} replace />
  const error = signIn.error ?? magic.error ?? (params.get('error') ? params.get('error') : null)
  return (
    <AuthLayout
      title={t('Sign in')}
      subtitle={t('Build, publish and follow your chatbots.')}
      footer={
        status?.signupOpen && (
          <>
            {t('New here?')}{' '}
            <Anchor component={Link} to={`/signup${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`}>
              {t('Create an account')}
            </Anchor>
          </>
        )
      }
    >
      {params.get('expired') && !error && (
        <Alert color="yellow" variant="light">
          {t('Your session has ended. Sign in again to continue.')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {linkSent ? (
        <Alert color="green" variant="light" icon={<IconMail aria-hidden />} title={t('Check your inbox')}>
          {t('If an account exists for {{email}}, a sign-in link is on its way. It works once, for a short time.', { email })}
        </Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void signIn.submit()
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('Email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t('Password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Anchor component={Link} to={`/reset-password${email ? `?email=${encodeURIComponent(email)}` : ''}`} size="sm" ta="right">
              {t('Forgot your password?')}
            </Anchor>
            <Button type="submit" loading={signIn.busy} fullWidth>
              {t('Sign in')}
            </Button>
            {status?.methods.magicLink && (
              <Button
                variant="default"
                leftSection={<IconMail size={16} aria-hidden />}
                loading={magic.busy}
                disabled={!email}
                onClick={() => void magic.submit()}
              >
                {t('Email me a sign-in link')}
              </Button>
            )}
          </Stack>
        </form>
      )}
      {status?.methods.oidc && (
        <>
          <Divider label={t('or')} labelPosition="center" />
          <Button
            component="a"
            href={`/v1/auth/oidc/start?next=${encodeURIComponent(next)}`}
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
          >
            {t('Continue with {{provider}}', { provider: status.methods.oidc.name })}
          </Button>
        </>
      )}
      {!status?.signupOpen && (
        <Text size="xs" c="dimmed">
          {t('Accounts on this server are created by invitation.')}
        </Text>
      )}
    </AuthLayout>
  )
}
