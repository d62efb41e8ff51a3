// The frame of every signed-in page: header with the workspace switcher and the user menu, the workspace's
// sections on the side (a drawer on narrow screens), the page in the middle.
import { AppShell, Avatar, Burger, Button, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import {
  IconChevronDown,
  IconKey,
  IconLogout,
  IconMessageChatbot,
  IconPlus,
  IconSettings,
  IconUser,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router'
import { msg } from '../i18n/index.js'
import { api } from '../lib/api.js'
import { useAuth } from '../lib/auth.js'
import { rememberWorkspace, useWorkspaces } from '../lib/workspaces.js'
import { Logo } from './Logo.js'
import { NewWorkspaceModal } from './NewWorkspaceModal.js'

const sections = [
  { path: 'bots', label: msg('Bots'), icon: IconMessageChatbot },
  { path: 'credentials', label: msg('Credentials'), icon: IconKey },
  { path: 'webhooks', label: msg('Webhooks'), icon: IconWebhook },
  { path: 'members', label: msg('Members'), icon: IconUsers },
  { path: 'settings', label: msg('Settings'), icon: IconSettings },
]

export const Shell = () => {
  const { t } = useTranslation()
  const [opened, { toggle, close }] = useDisclosure()
  const { workspaceId } = useParams()
  const location = useLocation()
  const workspaces = useWorkspaces()
  const lastId = workspaceId ?? workspaces.data?.[0]?.id
  useEffect(() => {
    if (workspaceId) rememberWorkspace(workspaceId)
  }, [workspaceId])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the narrow-screen drawer closes whenever the page changes
  useEffect(() => close(), [location.pathname])
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? t('Close navigation') : t('Open navigation')} />
            <UnstyledButton component={Link} to="/" aria-label={t('Parley home')}>
              <Logo compact />
            </UnstyledButton>
            <WorkspaceSwitcher />
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('Workspace sections')}>
        <ScrollArea>
          {lastId &&
            sections.map(({ path, label, icon: Icon }) => {
              const to = `/w/${lastId}/${path}`
              return (
                <NavLink
                  key={path}
                  component={Link}
                  to={to}
                  label={t(label)}
                  leftSection={<Icon size={18} aria-hidden />}
                  active={location.pathname.startsWith(to)}
                  aria-current={location.pathname.startsWith(to) ? 'page' : undefined}
                />
              )
            })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}

const WorkspaceSwitcher = () => {
  const { t } = useTranslation()
  const { workspaceId } = useParams()
  const { data } = useWorkspaces()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const current = data?.find((w) => w.id === workspaceId)
  return (
    <>
      <Menu position="bottom-start" width={260}>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={current ? t('Workspace: {{name}}', { name: current.name }) : t('Workspace: choose')}
            maw={260}
            miw={0}
            px="xs"
          >
            <Text truncate size="sm" fw={500}>
              {current?.name ?? t('Workspaces')}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('Workspaces')}</Menu.Label>
          {data?.map((w) => (
            <Menu.Item key={w.id} onClick={() => navigate(`/w/${w.id}/bots`)} fw={w.id === workspaceId ? 600 : undefined}>
              {w.name}
              {w.currentUserMode === 'read' && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t('read-only')}
                </Text>
              )}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setCreating(true)}>
            {t('New workspace')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NewWorkspaceModal opened={creating} onClose={() => setCreating(false)} />
    </>
  )
}

const UserMenu = () => {
  const { t } = useTranslation()
  const { status, refresh } = useAuth()
  const navigate = useNavigate()
  const user = status?.user
  const signOut = async () => {
    await api.post('/v1/auth/signout').catch(() => undefined)
    await refresh()
    navigate('/signin', { replace: true })
  }
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton>
          {/* The initials are a picture of the name the button says. */}
          <Avatar radius="xl" size={32} color="indigo" name={user?.name} aria-hidden />
          <VisuallyHidden component="span">{user ? t('Account menu for {{name}}', { name: user.name }) : t('Account menu for you')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)" truncate>
            {user?.name}
          </Text>
          <Text size="xs" truncate>
            {user?.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/account" leftSection={<IconUser size={14} aria-hidden />}>
          {t('Account and API tokens')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={14} aria-hidden />} onClick={() => void signOut()}>
          {t('Sign out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
