import { Alert, Button, Group, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { AuthLayout } from '../components/AuthLayout.js'
import { errorMessage, LoadingState } from '../components/states.js'
import { msg } from '../i18n/index.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { useSubmit } from '../lib/forms.js'
import type { Invitation, Role } from '../lib/types.js'

const roleText: Record<Role, string> = {
  admin: msg('an admin (manages members and settings)'),
  member: msg('a member (builds and publishes bots)'),
  guest: msg('a guest (can look, not change)'),
}

export const InvitationPage = () => {
  const { t } = useTranslation()
  const { token } = useParams()
  const { status, refresh } = useAuth()
  const navigate = useNavigate()
  const client = useQueryClient()
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<{ invitation: Invitation }>(`/v1/invitations/${encodeURIComponent(token!)}`).then((r) => r.invitation),
  })
  const respond = useSubmit(async (answer: 'accept' | 'decline') => {
    await api.post(`/v1/invitations/${encodeURIComponent(token!)}/${answer}`)
    // Away first: refreshing the sign-in state drops every query, and this page would read the invitation (gone
    // now) again.
    navigate(answer === 'accept' ? `/w/${invitation.data!.workspaceId}/bots` : '/', { replace: true })
    await client.invalidateQueries({ queryKey: ['workspaces'] })
    await refresh()
  })
  if (invitation.isPending) return <LoadingState />
  if (invitation.error)
    return (
      <AuthLayout title={t('This invitation cannot be used')}>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(invitation.error)} {t('Ask the person who invited you for a new link.')}
        </Alert>
        <Button component={Link} to="/" variant="default">
          {t('Go to Parley')}
        </Button>
      </AuthLayout>
    )
  const inv = invitation.data
  const here = `/invitations/${token}`
  return (
    <AuthLayout title={t('Join {{workspace}}', { workspace: inv.workspaceName })}>
      <Text>
        <Trans
          t={t}
          i18nKey={msg('{{inviter}} invited <b>{{email}}</b> to the workspace <b>{{workspace}}</b> as {{role}}.')}
          values={{ inviter: inv.inviterName ?? t('An admin'), email: inv.email, workspace: inv.workspaceName, role: t(roleText[inv.role]) }}
          components={{ b: <b /> }}
        />
      </Text>
      {respond.error && (
        <Alert color="red" variant="light" role="alert">
          {respond.error}
        </Alert>
      )}
      {status?.user ? (
        status.user.email?.toLowerCase() === inv.email.toLowerCase() ? (
          <Group grow>
            <Button variant="default" loading={respond.busy} onClick={() => void respond.submit('decline')}>
              {t('Decline')}
            </Button>
            <Button loading={respond.busy} onClick={() => void respond.submit('accept')}>
              {t('Accept invitation')}
            </Button>
          </Group>
        ) : (
          <Alert color="yellow" variant="light">
            {t(
              'You are signed in as {{account}}. This invitation is for {{email}}: sign out, then open this link again and sign in with that address.',
              {
                account: status.user.email ?? '',
                email: inv.email,
              },
            )}
          </Alert>
        )
      ) : (
        <Group grow>
          <Button component={Link} variant="default" to={`/signin?next=${encodeURIComponent(here)}&email=${encodeURIComponent(inv.email)}`}>
            {t('Sign in')}
          </Button>
          <Button
            component={Link}
            to={`/signup?next=${encodeURIComponent(here)}&email=${encodeURIComponent(inv.email)}&invitation=${encodeURIComponent(token!)}`}
          >
            {t('Create account')}
          </Button>
        </Group>
      )}
    </AuthLayout>
  )
}
