import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AuthLayout } from '../components/AuthLayout.js'
import { errorMessage } from '../components/states.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'

/** The emailed sign-in link: its token is spent once, then the user is in. */
export const MagicLinkPage = () => {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { refresh } = useAuth()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const spent = useRef(false)
  useEffect(() => {
    // Strict mode runs effects twice in development; the link works only once.
    if (spent.current) return
    spent.current = true
    api
      .post('/v1/auth/magic-link/consume', { token: params.get('token') ?? '' })
      .then(async () => {
        await refresh()
        navigate('/', { replace: true })
      })
      .catch((err) => setError(errorMessage(err)))
  }, [params, refresh, navigate])
  return (
    <AuthLayout title={t('Signing you in')}>
      {error ? (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Text size="sm">
            {t('Links work once and for 15 minutes.')}{' '}
            <Anchor component={Link} to="/signin">
              {t('Ask for a new one')}
            </Anchor>
            .
          </Text>
        </Stack>
      ) : (
        <Loader aria-label={t('Signing in')} />
      )}
    </AuthLayout>
  )
}
