// Members and invitations. Admins invite (the invitation is a link to copy, emailed when the server can send
// mail), change roles and remove members; everyone may leave, except the last admin. Nobody joins without accepting
// an invitation: a role change for someone who left meanwhile invites them instead (the API answers 202).
import { ActionIcon, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconTrash, IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../components/ConfirmButton.js'
import { PageHeader } from '../components/PageHeader.js'
import { RevealedValue } from '../components/RevealedValue.js'
import { ErrorState, errorMessage, LoadingState } from '../components/states.js'
import { msg } from '../i18n/index.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { dateTime } from '../lib/format.js'
import { useSubmit } from '../lib/forms.js'
import type { Invitation, Member, Role } from '../lib/types.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'

const roles: { value: Role; label: string }[] = [
  { value: 'admin', label: msg('Admin') },
  { value: 'member', label: msg('Member') },
  { value: 'guest', label: msg('Guest (read-only)') },
]

/** The notification after a role change, per role. */
const nowRole: Record<Role, string> = {
  admin: msg('{{name}} is now an admin.'),
  member: msg('{{name}} is now a member.'),
  guest: msg('{{name}} is now a guest.'),
}

export const MembersPage = () => {
  const { t } = useTranslation()
  const { workspaceId, workspace } = useCurrentWorkspace()
  const { status } = useAuth()
  const me = status?.user?.id
  const members = useQuery({
    queryKey: ['members', workspaceId],
    queryFn: () => api.get<{ members: Member[] }>(`/v1/workspaces/${workspaceId}/members`).then((r) => r.members),
  })
  const isAdmin = members.data?.find((m) => m.userId === me)?.role === 'admin'
  const invitations = useQuery({
    queryKey: ['invitations', workspaceId],
    queryFn: () => api.get<{ invitations: Invitation[] }>(`/v1/workspaces/${workspaceId}/invitations`).then((r) => r.invitations),
    enabled: isAdmin,
  })
  const client = useQueryClient()
  const navigate = useNavigate()
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['members', workspaceId] }),
      client.invalidateQueries({ queryKey: ['invitations', workspaceId] }),
    ])
  const [inviting, setInviting] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [removing, setRemoving] = useState<Member | null>(null)
  const roleOptions = roles.map((r) => ({ value: r.value, label: t(r.label) }))
  const roleName = (role: Role) => {
    const label = roles.find((r) => r.value === role)?.label
    return label && t(label)
  }

  const changeRole = async (member: Member, role: Role) => {
    try {
      const answer = await api.post<{ member: Member } | { invitation: Invitation; link: string; emailed: boolean }>(
        `/v1/workspaces/${workspaceId}/members`,
        { userId: member.userId, role },
      )
      await refresh()
      notifications.show(
        'member' in answer
          ? { color: 'green', message: t(nowRole[role], { name: member.name }) }
          : {
              color: 'yellow',
              message: t('{{name}} is no longer a member: they are invited back instead (see Pending invitations).', { name: member.name }),
            },
      )
    } catch (err) {
      notifications.show({ color: 'red', title: t('The role was not changed'), message: errorMessage(err) })
    }
  }
  return (
    <>
      <PageHeader
        title={t('Members')}
        description={workspace?.name}
        actions={
          <>
            <Button variant="default" color="red" onClick={() => setLeaving(true)}>
              {t('Leave workspace')}
            </Button>
            {isAdmin && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
                {t('Invite')}
              </Button>
            )}
          </>
        }
      />
      {members.error ? (
        <ErrorState title={t('Members could not be loaded')} error={members.error} onRetry={() => void members.refetch()} />
      ) : !members.data ? (
        <LoadingState />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Email')}</Table.Th>
                <Table.Th w={220}>{t('Role')}</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('Actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.map((m) => (
                <Table.Tr key={m.userId}>
                  <Table.Td fw={500}>
                    {m.name}
                    {m.userId === me && (
                      <Badge ml="xs" size="xs" variant="light">
                        {t('you')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{m.email}</Table.Td>
                  <Table.Td>
                    {isAdmin ? (
                      <Select
                        aria-label={t('Role of {{name}}', { name: m.name })}
                        data={roleOptions}
                        value={m.role}
                        allowDeselect={false}
                        onChange={(v) => v && v !== m.role && void changeRole(m, v as Role)}
                      />
                    ) : (
                      roleName(m.role)
                    )}
                  </Table.Td>
                  <Table.Td>
                    {isAdmin && m.userId !== me && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('Remove {{name}}', { name: m.name })} onClick={() => setRemoving(m)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isAdmin && (invitations.data?.length ?? 0) > 0 && (
        <Stack mt="xl" gap="xs">
          <Title order={2} size="h4">
            {t('Pending invitations')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Email')}</Table.Th>
                  <Table.Th>{t('Role')}</Table.Th>
                  <Table.Th>{t('Expires')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('Actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.data!.map((inv) => (
                  <Table.Tr key={inv.id}>
                    <Table.Td>{inv.email}</Table.Td>
                    <Table.Td>{roleName(inv.role)}</Table.Td>
                    <Table.Td>{dateTime(inv.expiresAt)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('Revoke the invitation of {{email}}', { email: inv.email })}
                        onClick={async () => {
                          await api
                            .delete(`/v1/workspaces/${workspaceId}/invitations/${inv.id}`)
                            .catch((err) => notifications.show({ color: 'red', message: errorMessage(err) }))
                          await refresh()
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <InviteModal opened={inviting} onClose={() => setInviting(false)} workspaceId={workspaceId} onInvited={refresh} />
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('Remove {{name}}?', { name: removing?.name })}
        confirmLabel={t('Remove member')}
        onConfirm={async () => {
          await api.delete(`/v1/workspaces/${workspaceId}/members/${removing!.userId}`)
          await refresh()
        }}
      >
        {t("They lose access to this workspace's bots, results and credentials.")}
      </ConfirmDialog>
      <ConfirmDialog
        opened={leaving}
        onClose={() => setLeaving(false)}
        title={workspace ? t('Leave {{name}}?', { name: workspace.name }) : t('Leave this workspace?')}
        confirmLabel={t('Leave workspace')}
        onConfirm={async () => {
          await api.post(`/v1/workspaces/${workspaceId}/leave`)
          await client.invalidateQueries({ queryKey: ['workspaces'] })
          navigate('/', { replace: true })
        }}
      >
        {t("You will need a new invitation to come back. A workspace's last admin cannot leave: make someone else admin first.")}
      </ConfirmDialog>
    </>
  )
}

const InviteModal = ({
  opened,
  onClose,
  workspaceId,
  onInvited,
}: {
  opened: boolean
  onClose: () => void
  workspaceId: string
  onInvited: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('member')
  const [sent, setSent] = useState<{ link: string; emailed: boolean } | null>(null)
  const roleOptions = roles.map((r) => ({ value: r.value, label: t(r.label) }))
  const invite = useSubmit(async () => {
    const answer = await api.post<{ invitation: Invitation; link: string; emailed: boolean }>(`/v1/workspaces/${workspaceId}/invitations`, {
      email: email.trim(),
      role,
    })
    setSent({ link: answer.link, emailed: answer.emailed })
    await onInvited()
  })
  const close = () => {
    setSent(null)
    setEmail('')
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={t('Invite someone')}>
      {sent ? (
        <RevealedValue
          color="green"
          note={`${sent.emailed ? t('An email with this link was sent to {{email}}.', { email }) : t('Send this link to them: this server does not send emails.')} ${t('The link works for 7 days, for {{email}} only.', { email })}`}
          label={t('Invitation link')}
          value={sent.link}
          onDone={close}
        />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void invite.submit()
          }}
        >
          <Stack>
            {invite.error && (
              <Text c="red" size="sm" role="alert">
                {invite.error}
              </Text>
            )}
            <TextInput label={t('Email')} type="email" required data-autofocus value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <Select label={t('Role')} data={roleOptions} value={role} onChange={(v) => v && setRole(v as Role)} allowDeselect={false} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('Cancel')}
              </Button>
              <Button type="submit" loading={invite.busy}>
                {t('Create invitation')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
