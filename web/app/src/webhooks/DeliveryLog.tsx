// A webhook's delivery log: each event sent, its status and attempts, what the receiver last answered, and a way to
// send one again. Newest first, a page at a time.
import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useInfiniteQuery } from '@tanstack/react-query'
import { IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ErrorState, LoadingState } from '../components/states.js'
import { msg, t } from '../i18n/index.js'
import { api } from '../lib/api.js'
import { dateTime } from '../lib/format.js'
import { useSubmit } from '../lib/forms.js'
import type { Webhook, WebhookDelivery } from '../lib/types.js'

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = { pending: 'yellow', delivering: 'blue', delivered: 'green', failed: 'red' }
const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  pending: msg('pending'),
  delivering: msg('delivering'),
  delivered: msg('delivered'),
  failed: msg('failed'),
}

const lastAnswer = (d: WebhookDelivery) =>
  d.lastStatusCode === null
    ? (d.lastError ?? '–')
    : d.durationMs === null
      ? `HTTP ${d.lastStatusCode}`
      : t('HTTP {{status}} in {{ms}} ms', { status: d.lastStatusCode, ms: d.durationMs })

export const DeliveryLog = ({ webhook, opened, onClose }: { webhook: Webhook; opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const log = useInfiniteQuery({
    queryKey: ['webhookDeliveries', webhook.id],
    enabled: opened,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.get<{ deliveries: WebhookDelivery[]; nextCursor?: string }>(
        `/v1/webhooks/${webhook.id}/deliveries?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  })
  const deliveries = log.data?.pages.flatMap((p) => p.deliveries) ?? []
  return (
    <Modal opened={opened} onClose={onClose} title={t('Deliveries to {{url}}', { url: webhook.url })} size="80rem">
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('Failed attempts are retried with growing delays; a redelivered event keeps its id (Parley-Event-Id).')}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void log.refetch()}
            loading={log.isRefetching}
          >
            {t('Refresh')}
          </Button>
        </Group>
        {log.error ? (
          <ErrorState title={t('The delivery log could not be loaded')} error={log.error} onRetry={() => void log.refetch()} />
        ) : !log.data ? (
          <LoadingState />
        ) : deliveries.length === 0 ? (
          <Text size="sm">{t('Nothing sent yet. Events appear here as visitors chat (or use “Send test”).')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" aria-label={t('Deliveries')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Event')}</Table.Th>
                  <Table.Th>{t('Status')}</Table.Th>
                  <Table.Th>{t('Attempts')}</Table.Th>
                  <Table.Th>{t('Last answer')}</Table.Th>
                  <Table.Th>{t('Created')}</Table.Th>
                  <Table.Th>{t('Action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.map((d) => (
                  <DeliveryRow key={d.id} webhookId={webhook.id} delivery={d} onRedelivered={() => log.refetch()} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {log.hasNextPage && (
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            {t('Older deliveries')}
          </Button>
        )}
      </Stack>
    </Modal>
  )
}

const DeliveryRow = ({
  webhookId,
  delivery: d,
  onRedelivered,
}: {
  webhookId: string
  delivery: WebhookDelivery
  onRedelivered: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const redeliver = useSubmit(async () => {
    await api.post(`/v1/webhooks/${webhookId}/deliveries/${d.id}/redeliver`)
    notifications.show({ color: 'green', message: t('{{event}} queued again', { event: d.eventType }) })
    await onRedelivered()
  })
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {d.eventType}
        </Text>
        <Text size="xs" c="dimmed">
          {d.eventId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[d.status]} variant="light">
          {t(STATUS_LABEL[d.status])}
        </Badge>
        {d.status === 'pending' && d.nextAttemptAt && (
          <Text size="xs" c="dimmed">
            {t('next {{time}}', { time: dateTime(d.nextAttemptAt) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{d.attempts}</Table.Td>
      <Table.Td maw={360}>
        <Text size="sm">{lastAnswer(d)}</Text>
        {d.responseExcerpt && (
          <Code block fz="xs" mah={80} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {d.responseExcerpt}
          </Code>
        )}
      </Table.Td>
      <Table.Td>{dateTime(d.createdAt)}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          loading={redeliver.busy}
          onClick={() => void redeliver.submit()}
          aria-label={t('Redeliver {{event}} {{id}}', { event: d.eventType, id: d.eventId })}
        >
          {t('Redeliver')}
        </Button>
        {redeliver.error && (
          <Text size="xs" c="red" role="alert">
            {redeliver.error}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  )
}
