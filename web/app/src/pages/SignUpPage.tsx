import { Alert, Anchor } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { AccountForm } from '../components/AccountForm.js'
import { AuthLayout } from '../components/AuthLayout.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { safeNext, useSubmit } from '../lib/forms.js'

export const SignUpPage = () => {
  const { t } = useTranslation()
  const { status, refresh } = useAuth()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const next = safeNext(params.get('next'))
  // The invitation page passes its link's token: while sign-up is closed, it is what lets the invited address in.
  const invitation = params.get('invitation') ?? undefined
  const signUp = useSubmit(async (input: { name: string; email: string; password: string }) => {
    await api.post('/v1/auth/signup', { ...input, invitation })
    await refresh()
    navigate(next, { replace: true })
  })
  if (status?.setupNeeded) return <Navigate to="/setup" replace />
  if (status?.user) return <Navigate to={next} replace />
  const email = params.get('email') ?? ''
  return (
    <AuthLayout
      title={t('Create your account')}
      footer={
        <>
          {t('Already have an account?')}{' '}
          <Anchor component={Link} to={`/signin${params.size ? `?${params}` : ''}`}>
            {t('Sign in')}
          </Anchor>
        </>
      }
    >
      {!status?.signupOpen && (
        <Alert color="blue" variant="light">
          {t('This server accepts new accounts by invitation only. Open the link of your invitation, and use the email address it was sent to.')}
        </Alert>
      )}
      <AccountForm
        submitLabel={t('Create account')}
        initialEmail={email}
        emailLocked={Boolean(email)}
        busy={signUp.busy}
        error={signUp.error}
        onSubmit={(input) => void signUp.submit(input)}
      />
    </AuthLayout>
  )
}
