// The signed-in user's profile, password, the OpenID Connect provider (connected here, which is how an account whose
// email is not confirmed gets it: signing in with the provider alone does not join it) and API tokens (a token's
// secret is shown once, at creation).
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Trans, useTranslation } from 'react-i18next'
import { isLanguage, type Language, languages } from '../../../../src/contract/languages.js'
import { ConfirmDialog } from '../components/ConfirmButton.js'
import { msg } from '../i18n/index.js'
import { browserLanguage } from '../i18n/language.js'
import { PageHeader } from '../components/PageHeader.js'
import { RevealedValue } from '../components/RevealedValue.js'
import { EmptyState, ErrorState, LoadingState } from '../components/states.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { dateTime, timeAgo } from '../lib/format.js'
import { useSubmit } from '../lib/forms.js'
import type { ApiTokenInfo } from '../lib/types.js'
import { useWorkspaces } from '../lib/workspaces.js'

export const AccountPage = () => {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('Your account')} />
      <Stack maw={860} gap="lg">
        <Profile />
        <LanguageChoice />
        <Password />
        <Provider />
        <Tokens />
      </Stack>
    </>
  )
}

/** The web app's language: the browser's unless the user picks one (kept in the account, so every browser follows). */
const LanguageChoice = () => {
  const { t } = useTranslation()
  const { status, refresh } = useAuth()
  const choose = useSubmit(async (language: Language | null) => {
    await api.patch('/v1/me', { language })
    await refresh()
  })
  const browser = languages.find((l) => l.tag === browserLanguage())?.name ?? 'English'
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          {t('Language')}
        </Title>
        <Select
          label={t('Language of Parley')}
          description={t('The texts of this app. Your bots speak the language they are written in.')}
          data={[
            { value: 'browser', label: t("Your browser's ({{language}})", { language: browser }) },
            ...languages.map((l) => ({ value: l.tag, label: l.name })),
          ]}
          value={status?.user?.language ?? 'browser'}
          allowDeselect={false}
          maw={360}
          disabled={choose.busy}
          error={choose.error}
          onChange={(value) => value && void choose.submit(isLanguage(value) ? value : null)}
        />
      </Stack>
    </Card>
  )
}

const Profile = () => {
  const { t } = useTranslation()
  const { status, refresh } = useAuth()
  const [name, setName] = useState('')
  useEffect(() => setName(status?.user?.name ?? ''), [status?.user?.name])
  const save = useSubmit(async () => {
    await api.patch('/v1/me', { name: name.trim() })
    await refresh()
    notifications.show({ color: 'green', message: t('Profile saved') })
  })
  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save.submit()
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {t('Profile')}
          </Title>
          <TextInput label={t('Name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={save.error} />
          <TextInput
            label={t('Email')}
            value={status?.user?.email ?? ''}
            readOnly
            description={
              status?.user?.email && !status.user.emailVerified
                ? t(
                    'Not confirmed yet: signing in once with an emailed link, or connecting a sign-in provider that verified this address, confirms it.',
                  )
                : undefined
            }
          />
          <Group>
            <Button type="submit" loading={save.busy}>
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

const Password = () => {
  const { t } = useTranslation()
  const { status } = useAuth()
  const hasPassword = status?.user?.hasPassword !== false
  const [currentPassword, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const save = useSubmit(async () => {
    await api.patch('/v1/me', { currentPassword: currentPassword || undefined, newPassword: password })
    setCurrent('')
    setPassword('')
    notifications.show({ color: 'green', message: t('Password changed') })
  })
  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save.submit()
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {t('Password')}
          </Title>
          {!hasPassword && (
            <Text size="sm" c="dimmed">
              {t("You sign in with your organisation's account. Set a password to also sign in with your email.")}
            </Text>
          )}
          {save.error && (
            <Alert color="red" variant="light" role="alert">
              {save.error}
            </Alert>
          )}
          <Group grow align="flex-start">
            {hasPassword && (
              <PasswordInput
                label={t('Current password')}
                autoComplete="current-password"
                required
                value={currentPassword}
                onChange={(e) => setCurrent(e.currentTarget.value)}
              />
            )}
            <PasswordInput
              label={t('New password')}
              description={t('At least {{min}} characters.', { min: 8 })}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          </Group>
          <Group>
            <Button type="submit" loading={save.busy} disabled={password.length < 8}>
              {t('Change password')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

/** Connecting the server's OpenID Connect provider: a navigation through the provider that comes back here. */
const Provider = () => {
  const { t } = useTranslation()
  const { status } = useAuth()
  const [params] = useSearchParams()
  const oidc = status?.methods.oidc
  if (!oidc) return null
  const error = params.get('error')
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          {t('Sign in with {{provider}}', { provider: oidc.name })}
        </Title>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {status?.user?.oidcConnected ? (
          <Text size="sm">{t('Your {{provider}} account is connected: you can sign in with it.', { provider: oidc.name })}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('Connect your {{provider}} account to sign in with it too.', { provider: oidc.name })}
            </Text>
            <Group>
              <Button component="a" href="/v1/auth/oidc/start?connect=true" variant="default" leftSection={<IconKey size={16} aria-hidden />}>
                {t('Connect {{provider}}', { provider: oidc.name })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  )
}

const Tokens = () => {
  const { t } = useTranslation()
  const tokens = useQuery({ queryKey: ['tokens'], queryFn: () => api.get<{ tokens: ApiTokenInfo[] }>('/v1/me/tokens').then((r) => r.tokens) })
  const workspaces = useWorkspaces()
  const client = useQueryClient()
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiTokenInfo | null>(null)
  const scopeName = (id: string | null) =>
    id ? (workspaces.data?.find((w) => w.id === id)?.name ?? t('a deleted workspace')) : t('All your workspaces')
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={2} size="h4">
              {t('API tokens')}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans
                t={t}
                i18nKey={msg("For scripts and integrations calling Parley's API (see the <docs>API reference</docs>). A token acts as you.")}
                components={{
                  // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated "API reference" inside
                  docs: <a href="/docs" target="_blank" rel="noreferrer" />,
                }}
              />
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} variant="default" onClick={() => setCreating(true)}>
            {t('New token')}
          </Button>
        </Group>
        {tokens.error ? (
          <ErrorState title={t('Tokens could not be loaded')} error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : !tokens.data ? (
          <LoadingState />
        ) : tokens.data.length === 0 ? (
          <EmptyState title={t('No tokens')}>{t('Create one to use the API from a script.')}</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Name')}</Table.Th>
                  <Table.Th>{t('Reaches')}</Table.Th>
                  <Table.Th>{t('Created')}</Table.Th>
                  <Table.Th>{t('Expires')}</Table.Th>
                  <Table.Th>{t('Last used')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('Actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Td fw={500}>{token.name}</Table.Td>
                    <Table.Td>{scopeName(token.workspaceId)}</Table.Td>
                    <Table.Td>{dateTime(token.createdAt)}</Table.Td>
                    <Table.Td>{token.expiresAt ? dateTime(token.expiresAt) : t('Never')}</Table.Td>
                    <Table.Td>{token.lastUsedAt ? timeAgo(token.lastUsedAt) : t('Never')}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('Revoke {{name}}', { name: token.name })}
                        onClick={() => setRevoking(token)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <NewTokenModal opened={creating} onClose={() => setCreating(false)} onCreated={() => client.invalidateQueries({ queryKey: ['tokens'] })} />
      <ConfirmDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('Revoke “{{name}}”?', { name: revoking?.name })}
        confirmLabel={t('Revoke token')}
        onConfirm={async () => {
          await api.delete(`/v1/me/tokens/${revoking!.id}`)
          await client.invalidateQueries({ queryKey: ['tokens'] })
        }}
      >
        {t('Scripts using it stop working at once.')}
      </ConfirmDialog>
    </Card>
  )
}

const expiries = [
  { value: '30', label: msg('30 days') },
  { value: '90', label: msg('90 days') },
  { value: '365', label: msg('1 year') },
  { value: 'never', label: msg('Never') },
]

const NewTokenModal = ({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => Promise<unknown> }) => {
  const { t } = useTranslation()
  const workspaces = useWorkspaces()
  const [name, setName] = useState('')
  const [expiry, setExpiry] = useState('90')
  const [scope, setScope] = useState('all')
  const [secret, setSecret] = useState<string | null>(null)
  const create = useSubmit(async () => {
    const expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString()
    const answer = await api.post<{ secret: string }>('/v1/me/tokens', { name: name.trim(), expiresAt, workspaceId: scope === 'all' ? null : scope })
    setSecret(answer.secret)
    await onCreated()
  })
  const close = () => {
    setSecret(null)
    setName('')
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={t('New API token')}>
      {secret ? (
        <RevealedValue color="yellow" note={t('Copy the token now: it is shown only once.')} label={t('Token')} value={secret} onDone={close} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void create.submit()
          }}
        >
          <Stack>
            <TextInput
              label={t('Name')}
              description={t('What uses it, e.g. “CRM sync”.')}
              required
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={create.error}
            />
            <Select
              label={t('Expires after')}
              data={expiries.map((e) => ({ value: e.value, label: t(e.label) }))}
              value={expiry}
              onChange={(v) => v && setExpiry(v)}
              allowDeselect={false}
            />
            <Select
              label={t('Reaches')}
              data={[
                { value: 'all', label: t('All your workspaces') },
                ...(workspaces.data ?? []).map((w) => ({ value: w.id, label: t('Only {{name}}', { name: w.name }) })),
              ]}
              value={scope}
              onChange={(v) => v && setScope(v)}
              allowDeselect={false}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('Cancel')}
              </Button>
              <Button type="submit" loading={create.busy}>
                {t('Create token')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
