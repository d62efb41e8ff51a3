// The bots dashboard: folders, search, create (blank or from a starter), import by drag-and-drop, and each bot's
// actions. Guests see the same list without the actions that change anything.
import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Overlay,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconFileImport,
  IconFolder,
  IconFolderPlus,
  IconLock,
  IconLockOpen,
  IconMessageChatbot,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react'
import { type DragEvent, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ConfirmDialog } from '../components/ConfirmButton.js'
import { PageHeader } from '../components/PageHeader.js'
import { NameDialog } from '../components/NameDialog.js'
import { EmptyState, ErrorState, errorMessage, LoadingState } from '../components/states.js'
import { api, request } from '../lib/api.js'
import { botStatus, useBots, useFolders } from '../lib/bots.js'
import { timeAgo } from '../lib/format.js'
import type { BotSummary, Folder, Starter } from '../lib/types.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'

export const BotsPage = () => {
  const { workspaceId, workspace, canWrite } = useCurrentWorkspace()
  const [params, setParams] = useSearchParams()
  const folderId = params.get('folder')
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 250)
  const bots = useBots(workspaceId, { folderId, q })
  const folders = useFolders(workspaceId)
  const folder = folders.data?.find((f) => f.id === folderId)
  const client = useQueryClient()
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: ['bots', workspaceId] }), client.invalidateQueries({ queryKey: ['folders', workspaceId] })])
  const importer = useImport(workspaceId, folderId, refresh)
  const [dragging, setDragging] = useState(false)
  const [creating, setCreating] = useState(false)
  const [newFolder, setNewFolder] = useState(false)

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (canWrite && e.dataTransfer.files.length) void importer.run([...e.dataTransfer.files])
  }
  const showFolders = !q && !folderId && (folders.data?.length ?? 0) > 0
  return (
    <Stack
      gap={0}
      pos="relative"
      mih="calc(100vh - 120px)"
      onDragOver={(e) => {
        if (!canWrite || !e.dataTransfer.types.includes('Files')) return
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false)
      }}
      onDrop={onDrop}
    >
      {dragging && (
        <Overlay
          color="var(--mantine-color-indigo-0)"
          backgroundOpacity={0.92}
          radius="md"
          center
          zIndex={50}
          style={{ border: '2px dashed var(--mantine-color-indigo-5)' }}
        >
          <Stack align="center" gap={4} style={{ pointerEvents: 'none' }}>
            <IconFileImport size={40} aria-hidden />
            <Text fw={600}>Drop Typebot exports to import them</Text>
            <Text size="sm" c="dimmed">
              Bots dropped together keep their Typebot links to each other.
            </Text>
          </Stack>
        </Overlay>
      )}
      <PageHeader
        title={
          folder ? (
            <Breadcrumbs>
              <Anchor component={Link} to={`/w/${workspaceId}/bots`} inherit>
                Bots
              </Anchor>
              <span>{folder.name}</span>
            </Breadcrumbs>
          ) : (
            'Bots'
          )
        }
        description={workspace && `${workspace.name}${canWrite ? '' : ' · read-only: you are a guest in this workspace'}`}
        actions={
          canWrite && (
            <>
              {!folderId && (
                <Button variant="default" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setNewFolder(true)}>
                  New folder
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => importer.pick()}
                loading={importer.busy}
              >
                Import
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                New bot
              </Button>
            </>
          )
        }
      />
      {importer.input}
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder="Search bots by name"
        aria-label="Search bots by name"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        mb="lg"
      />
      {showFolders && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mb="lg">
          {folders.data!.map((f) => (
            <FolderCard
              key={f.id}
              folder={f}
              workspaceId={workspaceId}
              canWrite={canWrite}
              onOpen={() => setParams({ folder: f.id })}
              onChanged={refresh}
            />
          ))}
        </SimpleGrid>
      )}
      {bots.error ? (
        <ErrorState title="The bots could not be loaded" error={bots.error} onRetry={() => void bots.refetch()} />
      ) : !bots.data ? (
        <LoadingState label="Loading bots" />
      ) : bots.data.length === 0 ? (
        <EmptyState
          icon={<IconMessageChatbot size={40} aria-hidden color="var(--mantine-color-indigo-5)" />}
          title={q ? `No bot named like “${q}”` : folder ? 'This folder is empty' : 'No bots yet'}
          action={
            canWrite &&
            !q && (
              <Group>
                <Button variant="default" onClick={() => importer.pick()}>
                  Import a Typebot export
                </Button>
                <Button onClick={() => setCreating(true)}>Create a bot</Button>
              </Group>
            )
          }
        >
          {q
            ? 'Try another name, or clear the search.'
            : canWrite
              ? 'Create one from a starter, or drop Typebot export files (.json) anywhere on this page.'
              : 'Bots created in this workspace will appear here.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
          {bots.data.map((bot) => (
            <BotCard key={bot.id} bot={bot} workspaceId={workspaceId} folders={folders.data ?? []} canWrite={canWrite} onChanged={refresh} />
          ))}
        </SimpleGrid>
      )}
      <NewBotModal opened={creating} onClose={() => setCreating(false)} workspaceId={workspaceId} folderId={folderId} />
      <NameDialog
        opened={newFolder}
        onClose={() => setNewFolder(false)}
        title="New folder"
        submitLabel="Create folder"
        onSubmit={async (name) => {
          await api.post(`/v1/workspaces/${workspaceId}/folders`, { name })
          await refresh()
        }}
      />
    </Stack>
  )
}

/** Reads the chosen or dropped files and imports them in one request, so links between them are kept. */
const useImport = (workspaceId: string, folderId: string | null, done: () => Promise<unknown>) => {
  const ref = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const run = async (files: File[]) => {
    setBusy(true)
    try {
      const bots: unknown[] = []
      for (const file of files) {
        try {
          bots.push(JSON.parse(await file.text()))
        } catch {
          throw new Error(`${file.name} is not a Typebot export (it is not valid JSON).`)
        }
      }
      const { bots: imported } = await api.post<{ bots: { id: string; name: string }[] }>('/v1/bots/importMany', {
        workspaceId,
        folderId: folderId ?? undefined,
        bots,
      })
      await done()
      notifications.show({
        color: 'green',
        title: imported.length === 1 ? 'Bot imported' : `${imported.length} bots imported`,
        message: imported.map((b) => b.name).join(', '),
      })
    } catch (err) {
      notifications.show({ color: 'red', title: 'Import failed', message: errorMessage(err), autoClose: false })
    } finally {
      setBusy(false)
      if (ref.current) ref.current.value = ''
    }
  }
  const input = (
    <input
      ref={ref}
      type="file"
      accept=".json,application/json"
      multiple
      hidden
      aria-label="Typebot export files"
      data-testid="import-input"
      onChange={(e) => e.currentTarget.files?.length && void run([...e.currentTarget.files])}
    />
  )
  return { input, busy, run, pick: () => ref.current?.click() }
}

const FolderCard = ({
  folder,
  workspaceId,
  canWrite,
  onOpen,
  onChanged,
}: {
  folder: Folder
  workspaceId: string
  canWrite: boolean
  onOpen: () => void
  onChanged: () => Promise<unknown>
}) => {
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component="button" type="button" onClick={onOpen} c="inherit" underline="never" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <IconFolder size={20} aria-hidden color="var(--mantine-color-indigo-5)" />
            <Text truncate fw={500}>
              {folder.name}
            </Text>
          </Group>
        </Anchor>
        {canWrite && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for folder ${folder.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setRenaming(true)}>Rename</Menu.Item>
              <Menu.Item color="red" onClick={() => setDeleting(true)}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <NameDialog
        opened={renaming}
        onClose={() => setRenaming(false)}
        title="Rename folder"
        initial={folder.name}
        onSubmit={async (name) => {
          await api.patch(`/v1/workspaces/${workspaceId}/folders/${folder.id}`, { name })
          await onChanged()
        }}
      />
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete the folder “${folder.name}”?`}
        confirmLabel="Delete folder"
        onConfirm={async () => {
          await api.delete(`/v1/workspaces/${workspaceId}/folders/${folder.id}`)
          await onChanged()
        }}
      >
        The bots inside are kept: they move back to the top level.
      </ConfirmDialog>
    </Card>
  )
}

const download = async (path: string, fallbackName: string) => {
  const res = await request('GET', path)
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1]
  const url = URL.createObjectURL(await res.blob())
  const a = Object.assign(document.createElement('a'), { href: url, download: name ? decodeURIComponent(name) : fallbackName })
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const BotCard = ({
  bot,
  workspaceId,
  folders,
  canWrite,
  onChanged,
}: {
  bot: BotSummary
  workspaceId: string
  folders: Folder[]
  canWrite: boolean
  onChanged: () => Promise<unknown>
}) => {
  const [deleting, setDeleting] = useState(false)
  const status = botStatus(bot)
  const act = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action()
      await onChanged()
      notifications.show({ color: 'green', message: label })
    } catch (err) {
      notifications.show({ color: 'red', title: 'That did not work', message: errorMessage(err) })
    }
  }
  const to = `/w/${workspaceId}/bots/${bot.id}`
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={to} c="inherit" fw={600} truncate>
            {bot.name || 'Untitled bot'}
          </Anchor>
          <Group gap={6}>
            <Badge color={status.color} variant="light" size="sm">
              {status.label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Edited {timeAgo(bot.updatedAt)}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${bot.name}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`${to}/share`}>
              Share
            </Menu.Item>
            <Menu.Item component={Link} to={`${to}/results`}>
              Results
            </Menu.Item>
            <Menu.Item
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void download(`/v1/bots/${bot.id}/export`, `${bot.name}.json`)}
            >
              Export
            </Menu.Item>
            {canWrite && (
              <>
                <Menu.Item
                  leftSection={<IconCopy size={14} aria-hidden />}
                  onClick={() => void act('Bot duplicated', () => api.post(`/v1/bots/${bot.id}/duplicate`))}
                >
                  Duplicate
                </Menu.Item>
                <Menu.Sub>
                  <Menu.Sub.Target>
                    <Menu.Sub.Item leftSection={<IconFolder size={14} aria-hidden />}>Move to</Menu.Sub.Item>
                  </Menu.Sub.Target>
                  <Menu.Sub.Dropdown>
                    <Menu.Item
                      disabled={!bot.folderId}
                      onClick={() => void act('Bot moved', () => api.post(`/v1/bots/${bot.id}/move`, { folderId: null }))}
                    >
                      Top level
                    </Menu.Item>
                    {folders.map((f) => (
                      <Menu.Item
                        key={f.id}
                        disabled={bot.folderId === f.id}
                        onClick={() => void act(`Bot moved to ${f.name}`, () => api.post(`/v1/bots/${bot.id}/move`, { folderId: f.id }))}
                      >
                        {f.name}
                      </Menu.Item>
                    ))}
                  </Menu.Sub.Dropdown>
                </Menu.Sub>
                <Menu.Item
                  leftSection={bot.isClosed ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
                  onClick={() =>
                    void act(bot.isClosed ? 'Bot reopened' : 'Bot closed', () => api.post(`/v1/bots/${bot.id}/${bot.isClosed ? 'reopen' : 'close'}`))
                  }
                >
                  {bot.isClosed ? 'Reopen to new chats' : 'Close to new chats'}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setDeleting(true)}>
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete “${bot.name}”?`}
        confirmLabel="Delete bot"
        onConfirm={async () => {
          await api.delete(`/v1/bots/${bot.id}`)
          await onChanged()
        }}
      >
        The bot, its published version and all its results are deleted. This cannot be undone.
      </ConfirmDialog>
    </Card>
  )
}

const NewBotModal = ({
  opened,
  onClose,
  workspaceId,
  folderId,
}: {
  opened: boolean
  onClose: () => void
  workspaceId: string
  folderId: string | null
}) => {
  const starters = useQuery({
    queryKey: ['starters'],
    queryFn: () => api.get<{ starters: Starter[] }>('/v1/starters').then((r) => r.starters),
    enabled: opened,
  })
  const navigate = useNavigate()
  const client = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const create = async (starterId?: string) => {
    setBusy(starterId ?? 'blank')
    try {
      const { bot } = await api.post<{ bot: { id: string } }>('/v1/bots', {
        workspaceId,
        starterId,
        bot: { ...(starterId ? {} : { name: 'My bot' }), ...(folderId ? { folderId } : {}) },
      })
      await client.invalidateQueries({ queryKey: ['bots', workspaceId] })
      onClose()
      navigate(`/w/${workspaceId}/bots/${bot.id}`)
    } catch (err) {
      notifications.show({ color: 'red', title: 'The bot could not be created', message: errorMessage(err) })
    } finally {
      setBusy(null)
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Create a bot" size="lg">
      <Stack>
        <Card withBorder padding="md">
          <Group justify="space-between">
            <div>
              <Title order={3} size="h5">
                Blank bot
              </Title>
              <Text size="sm" c="dimmed">
                Start from nothing.
              </Text>
            </div>
            <Button variant="default" loading={busy === 'blank'} onClick={() => void create()}>
              Create
            </Button>
          </Group>
        </Card>
        <Text fw={600} size="sm">
          Starters
        </Text>
        {starters.error && <ErrorState title="Starters could not be loaded" error={starters.error} />}
        {starters.data?.map((s) => (
          <Card key={s.id} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Title order={3} size="h5">
                  {s.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {s.description}
                </Text>
              </div>
              <Button variant="light" loading={busy === s.id} onClick={() => void create(s.id)} aria-label={`Use the ${s.name} starter`}>
                Use
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Modal>
  )
}
