// The webhooks of a workspace, or those that send one bot's events (its own and the workspace-wide ones): add,
// pause, edit, test, rotate the secret, delete, and open the delivery log.
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Menu, Modal, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconDots, IconPlus, IconWebhook } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmDialog } from '../components/ConfirmButton.js'
import { RevealedValue } from '../components/RevealedValue.js'
import { EmptyState, ErrorState, LoadingState } from '../components/states.js'
import { api } from '../lib/api.js'
import type { Webhook } from '../lib/types.js'
import { DeliveryLog } from './DeliveryLog.js'
import { EVENT_TYPES, WebhookDialog } from './WebhookDialog.js'

/** An event's label (English, translated where shown), else its type. */
const eventLabel = (type: string): string => EVENT_TYPES.find((e) => e.value === type)?.label ?? type

export const WebhookList = ({ workspaceId, botId, canWrite }: { workspaceId: string; botId?: string; canWrite: boolean }) => {
  const { t } = useTranslation()
  const key = ['webhooks', workspaceId, botId ?? null]
  const list = useQuery({
    queryKey: key,
    enabled: canWrite,
    queryFn: () =>
      api.get<{ webhooks: Webhook[] }>(`/v1/webhooks?workspaceId=${workspaceId}${botId ? `&botId=${botId}` : ''}`).then((r) => r.webhooks),
  })
  // On the workspace's page, a webhook of one bot names that bot (a link to its tab).
  const bots = useQuery({
    queryKey: ['bots', workspaceId, 'names'],
    enabled: canWrite && !botId,
    queryFn: () => api.get<{ bots: { id: string; name: string }[] }>(`/v1/bots?workspaceId=${workspaceId}`).then((r) => r.bots),
  })
  const botNames = new Map((bots.data ?? []).map((b) => [b.id, b.name]))
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks', workspaceId] })
  const [creating, setCreating] = useState(false)
  if (!canWrite)
    return (
      <Alert color="gray" variant="light" title={t('For members and admins')}>
        {t("Webhooks send results, answers included, to other servers: the workspace's members and admins manage them.")}
      </Alert>
    )
  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {t('Add webhook')}
    </Button>
  )
  return (
    <Stack>
      {list.error ? (
        <ErrorState title={t('Webhooks could not be loaded')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState />
      ) : list.data.length === 0 ? (
        <EmptyState icon={<IconWebhook size={40} aria-hidden color="var(--mantine-color-indigo-5)" />} title={t('No webhooks yet')} action={add}>
          {t(
            'A webhook sends each result to your own server as it happens — when a chat starts, on every answer, when it ends — as signed JSON, retried until your server takes it.',
          )}
        </EmptyState>
      ) : (
        <>
          <Group justify="flex-end">{add}</Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label={t('Webhooks')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Receiver')}</Table.Th>
                  <Table.Th>{t('Events')}</Table.Th>
                  <Table.Th>{t('Active')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('Actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((w) => (
                  <WebhookRow key={w.id} webhook={w} botId={botId} botName={w.botId ? botNames.get(w.botId) : undefined} onChanged={refresh} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <WebhookDialog opened={creating} onClose={() => setCreating(false)} workspaceId={workspaceId} botId={botId} onSaved={refresh} />
    </Stack>
  )
}

const WebhookRow = ({
  webhook: w,
  botId,
  botName,
  onChanged,
}: {
  webhook: Webhook
  botId?: string
  botName?: string
  onChanged: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<'edit' | 'log' | 'delete' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const act = async (what: () => Promise<unknown>, message?: string) => {
    try {
      await what()
      if (message) notifications.show({ color: 'green', message })
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) })
    }
  }
  return (
    <Table.Tr>
      <Table.Td maw={420}>
        <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
          {w.url}
        </Text>
        <Group gap={6}>
          {botId && w.botId === null && (
            <Badge size="xs" variant="light" color="gray">
              {t('Every bot of the workspace')}
            </Badge>
          )}
          {!botId && w.botId && (
            <Anchor component={Link} to={`/w/${w.workspaceId}/bots/${w.botId}/webhooks`} size="xs">
              {botName === undefined ? t('Only one bot') : t('Only {{name}}', { name: botName })}
            </Anchor>
          )}
          {w.description && (
            <Text size="xs" c="dimmed">
              {w.description}
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {w.events.map((e) => (
            <Badge key={e} variant="outline" size="sm">
              {t(eventLabel(e))}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={w.enabled}
          aria-label={t('Send events to {{url}}', { url: w.url })}
          onChange={(e) => {
            const enabled = e.currentTarget.checked
            void act(async () => {
              await api.patch(`/v1/webhooks/${w.id}`, { enabled })
              await onChanged()
            })
          }}
        />
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('Actions for the webhook to {{url}}', { url: w.url })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog('log')}>{t('Deliveries')}</Menu.Item>
            <Menu.Item onClick={() => setDialog('edit')}>{t('Edit')}</Menu.Item>
            <Menu.Item onClick={() => void act(() => api.post(`/v1/webhooks/${w.id}/test`), t('Test ping queued: see Deliveries'))}>
              {t('Send test')}
            </Menu.Item>
            <Menu.Item
              onClick={() => void act(async () => setSecret((await api.post<{ secret: string }>(`/v1/webhooks/${w.id}/rotateSecret`)).secret))}
            >
              {t('New signing secret')}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => setDialog('delete')}>
              {t('Delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <DeliveryLog webhook={w} opened={dialog === 'log'} onClose={() => setDialog(null)} />
        <WebhookDialog opened={dialog === 'edit'} onClose={() => setDialog(null)} workspaceId={w.workspaceId} editing={w} onSaved={onChanged} />
        <ConfirmDialog
          opened={dialog === 'delete'}
          onClose={() => setDialog(null)}
          title={t('Delete this webhook?')}
          confirmLabel={t('Delete webhook')}
          onConfirm={async () => {
            await api.delete(`/v1/webhooks/${w.id}`)
            await onChanged()
          }}
        >
          {t('{{url}} stops receiving events, and its delivery log is deleted.', { url: w.url })}
        </ConfirmDialog>
        <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t('New signing secret')}>
          <Alert color="yellow" variant="light" mb="md">
            {t('The previous secret no longer signs anything: update your receiver.')}
          </Alert>
          <RevealedValue
            color="green"
            note={t('Copy it now: it is not shown again.')}
            label={t('Signing secret')}
            value={secret ?? ''}
            onDone={() => setSecret(null)}
          />
        </Modal>
      </Table.Td>
    </Table.Tr>
  )
}
