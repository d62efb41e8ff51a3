// The bot's version history: publish the draft with a note, see what each version changed, preview an old one, make
// it live again (a rollback: one click and a confirmation) or copy it into the draft to edit from there.
import { Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { IconArrowBackUp, IconEye, IconFileImport } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BotVersionAnswer } from '../../../../../src/contract/versionsApi.js'
import { ConfirmDialog } from '../../components/ConfirmButton.js'
import { ErrorState, EmptyState, errorMessage, LoadingState } from '../../components/states.js'
import { FrameRun } from '../../editor/preview/FrameRun.js'
import { issueVersionPreviewRun } from '../../editor/preview/frame.js'
import { api } from '../../lib/api.js'
import type { Bot } from '../../lib/bots.js'
import { dateTime, timeAgo } from '../../lib/format.js'
import { useSubmit } from '../../lib/forms.js'
import { DiffView } from './versions/DiffView.js'

type Listing = { versions: BotVersionAnswer[]; liveVersionId: string | null; total: number; bytes: number; nextBefore: number | null }
type Compared = { from: { label: string }; to: { label: string }; diff: Parameters<typeof DiffView>[0]['diff'] }

/** Versions per page of the history. */
const PAGE = 50

const sizeOf = (chars: number) =>
  chars < 1024 ? `${chars} B` : chars < 1024 * 1024 ? `${(chars / 1024).toFixed(1)} KB` : `${(chars / 1024 / 1024).toFixed(1)} MB`

/** A version's preview: the widget in a frame on the user-content origin, running that version. */
const VersionPreview = ({ botId, version, onClose }: { botId: string; version: BotVersionAnswer; onClose(): void }) => {
  const { t } = useTranslation()
  const [run, setRun] = useState(0)
  const [error, setError] = useState<unknown>()
  const issue = useCallback(() => issueVersionPreviewRun(botId, version.id), [botId, version.id])
  const restart = useCallback(() => setRun((n) => n + 1), [])
  const ignore = useCallback(() => {}, [])
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('Preview of version {{number}}', { number: version.number })}
      closeButtonProps={{ 'aria-label': t('Close the preview') }}
    >
      <Stack h={560}>
        {error !== undefined && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(error)}
          </Text>
        )}
        <FrameRun key={run} botId={botId} issue={issue} onLogs={ignore} onError={setError} onRestart={restart} />
      </Stack>
    </Modal>
  )
}

export const VersionsTab = ({ bot, canWrite, onChanged }: { bot: Bot; canWrite: boolean; onChanged: () => Promise<unknown> }) => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const path = `/v1/bots/${bot.id}/versions`
  // Newest first, a page at a time (a history may keep thousands: PARLEY_BOT_VERSIONS_KEPT).
  const listing = useInfiniteQuery({
    queryKey: ['versions', bot.id],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => api.get<Listing>(`${path}?limit=${PAGE}${pageParam ? `&before=${pageParam}` : ''}`),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  })
  const [note, setNote] = useState('')
  const [from, setFrom] = useState<string | null>(null)
  const [to, setTo] = useState<string | null>('draft')
  const [compared, setCompared] = useState<Compared>()
  const [previewed, setPreviewed] = useState<BotVersionAnswer>()
  const [confirm, setConfirm] = useState<{ kind: 'live' | 'draft'; version: BotVersionAnswer }>()
  const refresh = onChanged

  const publish = useSubmit(async () => {
    await api.post(`/v1/bots/${bot.id}/publish`, note.trim() ? { note: note.trim() } : {})
    setNote('')
    await refresh()
    notifications.show({ color: 'green', message: t('Bot published') })
  })
  const compare = useSubmit(async (a: string, b: string) => {
    setCompared(await api.get<Compared>(`${path}/compare?from=${encodeURIComponent(a)}&to=${encodeURIComponent(b)}`))
  })

  if (listing.error) return <ErrorState title={t('The versions could not be loaded')} error={listing.error} onRetry={() => void listing.refetch()} />
  if (!listing.data) return <LoadingState label={t('Loading the versions')} />
  const [{ total, bytes, liveVersionId }] = listing.data.pages
  const versions = listing.data.pages.flatMap((p) => p.versions)
  const choices = [
    { value: 'draft', label: t('The draft') },
    ...versions.map((v) => ({
      value: v.id,
      label: v.isLive ? t('Version {{number}} (live)', { number: v.number }) : t('Version {{number}}', { number: v.number }),
    })),
  ]
  const fromValue = from ?? (liveVersionId || null)
  const upToDate = Boolean(bot.publishedAt) && !bot.hasUnpublishedChanges

  return (
    <Stack gap="lg">
      {canWrite && (
        <Card withBorder padding="md">
          <form
            onSubmit={(e) => {
              e.preventDefault()
              void publish.submit()
            }}
          >
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('Note for the next version')}
                description={t('What this version changes, shown in the history')}
                placeholder={t('e.g. New welcome message')}
                value={note}
                maxLength={500}
                onChange={(e) => setNote(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 240 }}
              />
              <Tooltip label={t('Everything is published')} disabled={!upToDate}>
                <Button type="submit" loading={publish.busy} disabled={upToDate}>
                  {t('Publish the draft')}
                </Button>
              </Tooltip>
            </Group>
            {publish.error && (
              <Text c="red" size="sm" role="alert" mt="xs">
                {publish.error}
              </Text>
            )}
          </form>
        </Card>
      )}

      {versions.length === 0 ? (
        <EmptyState title={t('No versions yet')}>{t('Each publish keeps a version here, to compare, preview or go back to.')}</EmptyState>
      ) : (
        <>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('Compare')}
              </Title>
              <Group align="flex-end" wrap="wrap">
                <Select label={t('From')} data={choices} value={fromValue} onChange={setFrom} allowDeselect={false} w={220} />
                <Select label={t('To')} data={choices} value={to} onChange={setTo} allowDeselect={false} w={220} />
                <Button variant="default" disabled={!fromValue || !to} loading={compare.busy} onClick={() => void compare.submit(fromValue!, to!)}>
                  {t('Show the changes')}
                </Button>
              </Group>
              {compare.error && (
                <Text c="red" size="sm" role="alert">
                  {compare.error}
                </Text>
              )}
              {compared && (
                <section aria-label={t('Changes from {{from}} to {{to}}', { from: compared.from.label, to: compared.to.label })}>
                  <DiffView diff={compared.diff} />
                </section>
              )}
            </Stack>
          </Card>

          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h5">
                {t('History')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('{{count}} versions kept · {{size}}', { count: total, size: sizeOf(bytes) })}
              </Text>
            </Group>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Version')}</Table.Th>
                  <Table.Th>{t('Published')}</Table.Th>
                  <Table.Th>{t('By')}</Table.Th>
                  <Table.Th>{t('Note')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('Actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fw={600}>{t('Version {{number}}', { number: v.number })}</Text>
                        {v.isLive && (
                          <Badge color="green" variant="light">
                            {t('Live')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td title={dateTime(v.publishedAt)}>{timeAgo(v.publishedAt)}</Table.Td>
                    <Table.Td>{v.publishedBy ? v.publishedBy.name || v.publishedBy.email : '—'}</Table.Td>
                    <Table.Td>{v.note ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {canWrite && (
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconEye size={14} aria-hidden />}
                            aria-label={`${t('Preview')}: ${t('Version {{number}}', { number: v.number })}`}
                            onClick={() => setPreviewed(v)}
                          >
                            {t('Preview')}
                          </Button>
                        )}
                        {canWrite && !v.isLive && (
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconArrowBackUp size={14} aria-hidden />}
                            aria-label={`${t('Make live')}: ${t('Version {{number}}', { number: v.number })}`}
                            onClick={() => setConfirm({ kind: 'live', version: v })}
                          >
                            {t('Make live')}
                          </Button>
                        )}
                        {canWrite && (
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconFileImport size={14} aria-hidden />}
                            aria-label={`${t('Copy into draft')}: ${t('Version {{number}}', { number: v.number })}`}
                            onClick={() => setConfirm({ kind: 'draft', version: v })}
                          >
                            {t('Copy into draft')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {listing.hasNextPage && (
              <Group justify="center">
                <Button variant="default" loading={listing.isFetchingNextPage} onClick={() => void listing.fetchNextPage()}>
                  {t('Show older versions')}
                </Button>
              </Group>
            )}
          </Stack>
        </>
      )}

      {previewed && <VersionPreview botId={bot.id} version={previewed} onClose={() => setPreviewed(undefined)} />}
      <ConfirmDialog
        opened={confirm?.kind === 'live'}
        onClose={() => setConfirm(undefined)}
        title={t('Make version {{number}} live?', { number: confirm?.version.number ?? '' })}
        confirmLabel={t('Make live')}
        onConfirm={async () => {
          await api.post(`${path}/${confirm!.version.id}/restore`)
          await refresh()
          notifications.show({ color: 'green', message: t('Version {{number}} is live', { number: confirm!.version.number }) })
        }}
      >
        {t('New chats start on it at once; chats in progress finish on the version they began with. Your draft does not change.')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirm?.kind === 'draft'}
        onClose={() => setConfirm(undefined)}
        title={t('Copy version {{number}} into the draft?', { number: confirm?.version.number ?? '' })}
        confirmLabel={t('Copy into draft')}
        onConfirm={async () => {
          await api.post(`${path}/${confirm!.version.id}/restoreDraft`)
          await Promise.all([refresh(), client.invalidateQueries({ queryKey: ['bot-doc', bot.id] })])
          notifications.show({ color: 'green', message: t('The draft now holds version {{number}}', { number: confirm!.version.number }) })
        }}
      >
        {t('Its flow, theme and settings replace the draft’s. Unpublished changes in the draft are lost; nothing goes live until you publish.')}
      </ConfirmDialog>
    </Stack>
  )
}
