// The bots dashboard: folders, search, create (blank or from a starter), import by drag-and-drop, and each bot's
// actions. Guests see the same list without the actions that change anything.
import { Anchor, Breadcrumbs, Button, Group, Overlay, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { IconFileImport, IconFolderPlus, IconMessageChatbot, IconPlus, IconSearch } from '@tabler/icons-react'
import { type DragEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '../components/PageHeader.js'
import { NameDialog } from '../components/NameDialog.js'
import { EmptyState, ErrorState, LoadingState } from '../components/states.js'
import { api } from '../lib/api.js'
import { useBots, useFolders } from '../lib/bots.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'
import { BotCard } from './bots/BotCard.js'
import { FolderCard } from './bots/FolderCard.js'
import { NewBotModal } from './bots/NewBotModal.js'
import { useImport } from './bots/useImport.js'

export const BotsPage = () => {
  const { t } = useTranslation()
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
            <Text fw={600}>{t('Drop Typebot exports to import them')}</Text>
            <Text size="sm" c="dimmed">
              {t('Bots dropped together keep their Typebot links to each other.')}
            </Text>
          </Stack>
        </Overlay>
      )}
      <PageHeader
        title={
          folder ? (
            <Breadcrumbs>
              <Anchor component={Link} to={`/w/${workspaceId}/bots`} inherit>
                {t('Bots')}
              </Anchor>
              <span>{folder.name}</span>
            </Breadcrumbs>
          ) : (
            t('Bots')
          )
        }
        description={workspace && `${workspace.name}${canWrite ? '' : ` · ${t('read-only: you are a guest in this workspace')}`}`}
        actions={
          canWrite && (
            <>
              {!folderId && (
                <Button variant="default" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setNewFolder(true)}>
                  {t('New folder')}
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => importer.pick()}
                loading={importer.busy}
              >
                {t('Import')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                {t('New bot')}
              </Button>
            </>
          )
        }
      />
      {importer.input}
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('Search bots by name')}
        aria-label={t('Search bots by name')}
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
        <ErrorState title={t('The bots could not be loaded')} error={bots.error} onRetry={() => void bots.refetch()} />
      ) : !bots.data ? (
        <LoadingState label={t('Loading bots')} />
      ) : bots.data.length === 0 ? (
        <EmptyState
          icon={<IconMessageChatbot size={40} aria-hidden color="var(--mantine-color-indigo-5)" />}
          title={q ? t('No bot named like “{{search}}”', { search: q }) : folder ? t('This folder is empty') : t('No bots yet')}
          action={
            canWrite &&
            !q && (
              <Group>
                <Button variant="default" onClick={() => importer.pick()}>
                  {t('Import a Typebot export')}
                </Button>
                <Button onClick={() => setCreating(true)}>{t('Create a bot')}</Button>
              </Group>
            )
          }
        >
          {q
            ? t('Try another name, or clear the search.')
            : canWrite
              ? t('Create one from a template, or drop Typebot export files (.json) anywhere on this page.')
              : t('Bots created in this workspace will appear here.')}
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
        title={t('New folder')}
        submitLabel={t('Create folder')}
        onSubmit={async (name) => {
          await api.post(`/v1/workspaces/${workspaceId}/folders`, { name })
          await refresh()
        }}
      />
    </Stack>
  )
}
