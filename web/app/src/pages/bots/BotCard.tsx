// A bot on the dashboard: its status and every action on it (share, results, export, rename, duplicate, move, close, delete).
import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCopy, IconDots, IconDownload, IconFolder, IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmButton.js'
import { RenameBotDialog } from '../../components/RenameBotDialog.js'
import { errorMessage } from '../../components/states.js'
import { api, request } from '../../lib/api.js'
import { botStatus } from '../../lib/bots.js'
import { timeAgo } from '../../lib/format.js'
import type { BotSummary, Folder } from '../../lib/types.js'

const download = async (path: string, fallbackName: string) => {
  const res = await request('GET', path)
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1]
  const url = URL.createObjectURL(await res.blob())
  const a = Object.assign(document.createElement('a'), { href: url, download: name ? decodeURIComponent(name) : fallbackName })
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const BotCard = ({
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
  const { t } = useTranslation()
  const [deleting, setDeleting] = useState(false)
  const [renaming, setRenaming] = useState(false)
  const status = botStatus(bot)
  const act = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action()
      await onChanged()
      notifications.show({ color: 'green', message: label })
    } catch (err) {
      notifications.show({ color: 'red', title: t('That did not work'), message: errorMessage(err) })
    }
  }
  const to = `/w/${workspaceId}/bots/${bot.id}`
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={to} c="inherit" fw={600} truncate>
            {bot.name || t('Untitled bot')}
          </Anchor>
          <Group gap={6}>
            <Badge color={status.color} variant="light" size="sm">
              {t(status.label)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('Edited {{time}}', { time: timeAgo(bot.updatedAt) })}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('Actions for {{name}}', { name: bot.name })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`${to}/share`}>
              {t('Share')}
            </Menu.Item>
            <Menu.Item component={Link} to={`${to}/results`}>
              {t('Results')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void download(`/v1/bots/${bot.id}/export`, `${bot.name}.json`)}
            >
              {t('Export')}
            </Menu.Item>
            {canWrite && (
              <>
                <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setRenaming(true)}>
                  {t('Rename')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconCopy size={14} aria-hidden />}
                  onClick={() => void act(t('Bot duplicated'), () => api.post(`/v1/bots/${bot.id}/duplicate`))}
                >
                  {t('Duplicate')}
                </Menu.Item>
                <Menu.Sub>
                  <Menu.Sub.Target>
                    <Menu.Sub.Item leftSection={<IconFolder size={14} aria-hidden />}>{t('Move to')}</Menu.Sub.Item>
                  </Menu.Sub.Target>
                  <Menu.Sub.Dropdown>
                    <Menu.Item
                      disabled={!bot.folderId}
                      onClick={() => void act(t('Bot moved'), () => api.post(`/v1/bots/${bot.id}/move`, { folderId: null }))}
                    >
                      {t('Top level')}
                    </Menu.Item>
                    {folders.map((f) => (
                      <Menu.Item
                        key={f.id}
                        disabled={bot.folderId === f.id}
                        onClick={() =>
                          void act(t('Bot moved to {{folder}}', { folder: f.name }), () => api.post(`/v1/bots/${bot.id}/move`, { folderId: f.id }))
                        }
                      >
                        {f.name}
                      </Menu.Item>
                    ))}
                  </Menu.Sub.Dropdown>
                </Menu.Sub>
                <Menu.Item
                  leftSection={bot.isClosed ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
                  onClick={() =>
                    void act(bot.isClosed ? t('Bot reopened') : t('Bot closed'), () =>
                      api.post(`/v1/bots/${bot.id}/${bot.isClosed ? 'reopen' : 'close'}`),
                    )
                  }
                >
                  {bot.isClosed ? t('Reopen to new chats') : t('Close to new chats')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setDeleting(true)}>
                  {t('Delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <RenameBotDialog bot={bot} opened={renaming} onClose={() => setRenaming(false)} onRenamed={onChanged} />
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('Delete “{{name}}”?', { name: bot.name })}
        confirmLabel={t('Delete bot')}
        onConfirm={async () => {
          await api.delete(`/v1/bots/${bot.id}`)
          await onChanged()
        }}
      >
        {t('The bot, its published version and all its results are deleted. This cannot be undone.')}
      </ConfirmDialog>
    </Card>
  )
}
