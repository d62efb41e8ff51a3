// One bot: its status and publishing, the way into its flow editor, then tabs for sharing, versions, results,
// analytics and webhooks.
import { ActionIcon, Anchor, Badge, Breadcrumbs, Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { IconChartBar, IconEdit, IconHistory, IconPencil, IconShare, IconTable, IconWebhook } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { RenameBotDialog } from '../../components/RenameBotDialog.js'
import { ErrorState, errorMessage, LoadingState } from '../../components/states.js'
import { api } from '../../lib/api.js'
import { botStatus, useBot } from '../../lib/bots.js'
import { timeAgo } from '../../lib/format.js'
import { useCurrentWorkspace } from '../../lib/workspaces.js'
import { WebhookList } from '../../webhooks/WebhookList.js'
import { ResultsTab } from './ResultsTab.js'
import { ShareTab } from './ShareTab.js'
import { VersionsTab } from './VersionsTab.js'

const tabs = ['share', 'versions', 'results', 'analytics', 'webhooks'] as const

// The flow canvas library is loaded only when analytics are opened.
const AnalyticsTab = lazy(() => import('./AnalyticsTab.js').then((m) => ({ default: m.AnalyticsTab })))

export const BotPage = () => {
  const { t } = useTranslation()
  const { botId, tab } = useParams()
  const { workspaceId, canWrite } = useCurrentWorkspace()
  const navigate = useNavigate()
  const bot = useBot(botId!)
  const client = useQueryClient()
  const [renaming, setRenaming] = useState(false)
  if (tab && !tabs.includes(tab as (typeof tabs)[number])) return <Navigate to={`/w/${workspaceId}/bots/${botId}`} replace />
  if (bot.error) return <ErrorState title={t('This bot could not be opened')} error={bot.error} onRetry={() => void bot.refetch()} />
  if (!bot.data) return <LoadingState label={t('Loading the bot')} />
  const b = bot.data
  const status = botStatus(b)
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['bot', b.id] }),
      client.invalidateQueries({ queryKey: ['bots', workspaceId] }),
      client.invalidateQueries({ queryKey: ['versions', b.id] }),
    ])
  const act = async (path: string, done: string) => {
    try {
      await api.post(`/v1/bots/${b.id}/${path}`)
      await refresh()
      notifications.show({ color: 'green', message: done })
    } catch (err) {
      notifications.show({ color: 'red', title: t('That did not work'), message: errorMessage(err) })
    }
  }
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={`/w/${workspaceId}/bots`} size="sm">
          {t('Bots')}
        </Anchor>
        <Text size="sm">{b.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {b.name || t('Untitled bot')}
            </Title>
            {canWrite && (
              <Tooltip label={t('Rename')}>
                <ActionIcon variant="subtle" color="gray" aria-label={t('Rename the bot')} onClick={() => setRenaming(true)}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            <Badge color={status.color} variant="light">
              {t(status.label)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('Edited {{time}}', { time: timeAgo(b.updatedAt) })}
            {b.publishedAt && ` · ${t('published {{time}}', { time: timeAgo(b.publishedAt) })}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={`/w/${workspaceId}/bots/${b.id}/edit`} leftSection={<IconEdit size={16} aria-hidden />}>
            {canWrite ? t('Edit flow') : t('View flow')}
          </Button>
          {canWrite && (
            <Group gap="xs">
              {b.publishedAt && (
                <Button variant="default" onClick={() => void act('unpublish', t('Bot unpublished: its page and widget stop answering.'))}>
                  {t('Unpublish')}
                </Button>
              )}
              <Button
                variant="default"
                onClick={() => void act(b.isClosed ? 'reopen' : 'close', b.isClosed ? t('Bot reopened') : t('Bot closed to new chats'))}
              >
                {b.isClosed ? t('Reopen to new chats') : t('Close to new chats')}
              </Button>
              <Tooltip label={t('Everything is published')} disabled={!b.publishedAt || b.hasUnpublishedChanges}>
                <Button onClick={() => void act('publish', t('Bot published'))} disabled={Boolean(b.publishedAt) && !b.hasUnpublishedChanges}>
                  {b.publishedAt ? t('Publish changes') : t('Publish')}
                </Button>
              </Tooltip>
            </Group>
          )}
        </Group>
      </Group>
      <RenameBotDialog bot={b} opened={renaming} onClose={() => setRenaming(false)} onRenamed={refresh} />
      <Tabs value={tab ?? 'share'} onChange={(value) => navigate(`/w/${workspaceId}/bots/${b.id}/${value}`)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="share" leftSection={<IconShare size={16} aria-hidden />}>
            {t('Share')}
          </Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconHistory size={16} aria-hidden />}>
            {t('Versions')}
          </Tabs.Tab>
          <Tabs.Tab value="results" leftSection={<IconTable size={16} aria-hidden />}>
            {t('Results')}
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} aria-hidden />}>
            {t('Analytics')}
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} aria-hidden />}>
            {t('Webhooks')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="share" pt="lg">
          <ShareTab bot={b} canWrite={canWrite} onSaved={refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="versions" pt="lg">
          <VersionsTab bot={b} canWrite={canWrite} onChanged={refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="lg">
          <ResultsTab bot={b} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="lg">
          <Suspense fallback={<LoadingState label={t('Loading analytics')} />}>
            <AnalyticsTab bot={b} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="lg">
          <WebhookList workspaceId={workspaceId} botId={b.id} canWrite={canWrite} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
