import { useNavigate } from 'react-router'
import { AccountForm } from '../components/AccountForm.js'
import { AuthLayout } from '../components/AuthLayout.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { useSubmit } from '../lib/forms.js'

/** First run: no account can sign in yet; the first one is created here. */
export const SetupPage = () => {
  const { refresh } = useAuth()
  const navigate = useNavigate()
  const setup = useSubmit(async (input: { name: string; email: string; password: string }) => {
    await api.post('/v1/auth/setup', input)
    await refresh()
    navigate('/', { replace: true })
  })
  return (
    <AuthLayout
      title="Welcome to Parley"
      subtitle="Create the first account. It gets a workspace of its own, where you can import or build bots and invite others."
    >
      <AccountForm submitLabel="Create account" busy={setup.busy} error={setup.error} onSubmit={(input) => void setup.submit(input)} />
    </AuthLayout>
  )
}
