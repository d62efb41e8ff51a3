import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AccountForm } from '../components/AccountForm.js'
import { AuthLayout } from '../components/AuthLayout.js'
import { ApiError, api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { useSubmit } from '../lib/forms.js'

/** First run: the server has no account yet; the first one is created here. */
export const SetupPage = () => {
  const { t } = useTranslation()
  const { refresh } = useAuth()
  const navigate = useNavigate()
  const setup = useSubmit(async (input: { name: string; email: string; password: string }) => {
    try {
      await api.post('/v1/auth/setup', input)
    } catch (err) {
      // Someone else set the server up meanwhile: the status says so, and the app leaves this page for sign-in.
      if (err instanceof ApiError && err.status === 409) await refresh()
      throw err
    }
    await refresh()
    navigate('/', { replace: true })
  })
  return (
    <AuthLayout
      title={t('Welcome to Parley')}
      subtitle={t('Create the first account. It gets a workspace of its own, where you can import or build bots and invite others.')}
    >
      <AccountForm submitLabel={t('Create account')} busy={setup.busy} error={setup.error} onSubmit={(input) => void setup.submit(input)} />
    </AuthLayout>
  )
}
