// The results table: one column per question and per variable, newest first, loaded page by page as the user
// scrolls. Column order, visibility and width are the bot's resultsTablePreferences, saved as they change.
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Menu,
  Popover,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { IconArrowDown, IconArrowUp, IconColumns, IconDownload, IconTable, IconTrash } from '@tabler/icons-react'
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmButton.js'
import { EmptyState, ErrorState, LoadingState } from '../../components/states.js'
import { api, qs } from '../../lib/api.js'
import type { Bot } from '../../lib/bots.js'
import { dateTime } from '../../lib/format.js'
import { type TimeFilter, timeFilters, timeZone, useColumns, useResult, useResultPages } from '../../lib/results.js'
import type { Column } from '../../lib/types.js'

type Preferences = { columnsOrder?: string[]; columnsVisibility?: Record<string, boolean>; columnsWidth?: Record<string, number> }
const DEFAULT_WIDTH = 200
const MIN_WIDTH = 80

/** Columns in the saved order (new ones at the end), with their visibility and width. */
const arrange = (columns: Column[], prefs: Preferences) => {
  const order = prefs.columnsOrder ?? []
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length + columns.findIndex((c) => c.id === id))
  return [...columns]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((c) => ({
      ...c,
      visible: prefs.columnsVisibility?.[c.id] ?? !c.isHiddenByDefault,
      width: prefs.columnsWidth?.[c.id] ?? DEFAULT_WIDTH,
    }))
}

export const ResultsTab = ({ bot, canWrite }: { bot: Bot; canWrite: boolean }) => {
  const { t } = useTranslation()
  const [timeFilter, setTimeFilter] = useState<TimeFilter>('allTime')
  const columns = useColumns(bot.id)
  const pages = useResultPages(bot.id, timeFilter)
  const [prefs, setPrefs] = useState<Preferences>((bot.resultsTablePreferences as Preferences | null) ?? {})
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [open, setOpen] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<'selected' | 'all' | null>(null)
  const client = useQueryClient()
  const savePrefs = useDebouncedCallback((next: Preferences) => {
    if (canWrite) void api.patch(`/v1/bots/${bot.id}`, { bot: { resultsTablePreferences: next } }).catch(() => undefined)
  }, 600)
  const updatePrefs = (next: Preferences) => {
    setPrefs(next)
    savePrefs(next)
  }
  // The submission date's and the session's columns are named by the app (the server names them in English).
  const arranged = useMemo(() => {
    const labels = { submittedAt: t('Submitted at'), session: t('Session') } as Partial<Record<Column['kind'], string>>
    return arrange(columns.data ?? [], prefs).map((c) => ({ ...c, label: labels[c.kind] ?? c.label }))
  }, [columns.data, prefs, t])
  const visible = arranged.filter((c) => c.visible)
  const rows = pages.data?.pages.flatMap((p) => p.rows) ?? []

  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node) return
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage()
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [pages.hasNextPage, pages.isFetchingNextPage, pages.fetchNextPage])

  const move = (id: string, by: -1 | 1) => {
    const order = arranged.map((c) => c.id)
    const i = order.indexOf(id)
    const j = i + by
    if (j < 0 || j >= order.length) return
    ;[order[i], order[j]] = [order[j], order[i]]
    updatePrefs({ ...prefs, columnsOrder: order })
  }
  const resize = (id: string, width: number) =>
    updatePrefs({ ...prefs, columnsWidth: { ...prefs.columnsWidth, [id]: Math.max(MIN_WIDTH, Math.round(width)) } })

  // The session column goes into the file when the table shows it.
  const withSession = visible.some((c) => c.kind === 'session')
  const exportHref = (format: 'csv' | 'json') =>
    `/v1/bots/${bot.id}/results/export${qs({ format, timeFilter, timeZone: timeZone(), ...(withSession && { sessionColumn: 'true' }) })}`
  const refreshResults = () =>
    Promise.all([client.invalidateQueries({ queryKey: ['results', bot.id] }), client.invalidateQueries({ queryKey: ['analytics', bot.id] })])

  if (columns.error || pages.error)
    return <ErrorState title={t('Results could not be loaded')} error={columns.error ?? pages.error} onRetry={() => void refreshResults()} />
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id))
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Select
            aria-label={t('Time period')}
            data={timeFilters.map((f) => ({ value: f.value, label: t(f.label) }))}
            value={timeFilter}
            onChange={(v) => v && setTimeFilter(v as TimeFilter)}
            allowDeselect={false}
            w={170}
          />
          <Popover position="bottom-start" shadow="md" width={320} trapFocus>
            <Popover.Target>
              <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
                {t('Columns')}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <ScrollArea.Autosize mah={360}>
                <Stack gap={4}>
                  {arranged.map((c, i) => (
                    <Group key={c.id} justify="space-between" wrap="nowrap" gap={4}>
                      <Checkbox
                        label={c.label}
                        checked={c.visible}
                        onChange={(e) =>
                          updatePrefs({ ...prefs, columnsVisibility: { ...prefs.columnsVisibility, [c.id]: e.currentTarget.checked } })
                        }
                        styles={{ label: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 200 } }}
                      />
                      <Group gap={0} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          disabled={i === 0}
                          onClick={() => move(c.id, -1)}
                          aria-label={t('Move {{column}} left', { column: c.label })}
                        >
                          <IconArrowUp size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          disabled={i === arranged.length - 1}
                          onClick={() => move(c.id, 1)}
                          aria-label={t('Move {{column}} right', { column: c.label })}
                        >
                          <IconArrowDown size={14} />
                        </ActionIcon>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Popover.Dropdown>
          </Popover>
        </Group>
        <Group gap="xs">
          {canWrite && selected.size > 0 && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting('selected')}>
              {t('Delete {{number}} selected', { number: selected.size })}
            </Button>
          )}
          {canWrite && rows.length > 0 && (
            <Button color="red" variant="subtle" onClick={() => setDeleting('all')}>
              {t('Delete all')}
            </Button>
          )}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                {t('Export')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={exportHref('csv')} download>
                {t('CSV (spreadsheets)')}
              </Menu.Item>
              <Menu.Item component="a" href={exportHref('json')} download>
                JSON
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {!pages.data || !columns.data ? (
        <LoadingState label={t('Loading results')} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<IconTable size={40} aria-hidden color="var(--mantine-color-indigo-5)" />} title={t('No results in this period')}>
          {t("Each chat with the published bot is stored as a result, with the visitor's answers. Share the bot (Share tab) to get some.")}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={400} type="native">
          <Table
            striped
            highlightOnHover
            withTableBorder
            style={{ tableLayout: 'fixed', width: 'max-content', minWidth: '100%' }}
            aria-label={t('Results')}
          >
            <Table.Thead>
              <Table.Tr>
                {canWrite && (
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('Select all loaded results')}
                      checked={allSelected}
                      indeterminate={selected.size > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </Table.Th>
                )}
                {visible.map((c) => (
                  <Table.Th key={c.id} w={c.width} pos="relative" title={c.label}>
                    <Text size="sm" fw={600} truncate>
                      {c.label}
                    </Text>
                    <ResizeHandle label={c.label} width={c.width} onResize={(w) => resize(c.id, w)} />
                  </Table.Th>
                ))}
                <Table.Th w={90}>
                  <VisuallyHidden>{t('Details')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  {canWrite && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('Select the result of {{date}}', { date: dateTime(r.createdAt) })}
                        checked={selected.has(r.id)}
                        onChange={() => {
                          const next = new Set(selected)
                          if (!next.delete(r.id)) next.add(r.id)
                          setSelected(next)
                        }}
                      />
                    </Table.Td>
                  )}
                  {visible.map((c) => {
                    const value = c.kind === 'submittedAt' ? dateTime(r.createdAt) : (r.cells[c.id] ?? '')
                    return (
                      <Table.Td key={c.id}>
                        <Text size="sm" truncate title={value}>
                          {value}
                        </Text>
                      </Table.Td>
                    )
                  })}
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setOpen(r.id)}
                      aria-label={t('Open the result of {{date}}', { date: dateTime(r.createdAt) })}
                    >
                      {t('Open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <div ref={sentinel} />
      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="subtle" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('Load more results')}
          </Button>
        </Group>
      )}
      <ResultDrawer botId={bot.id} resultId={open} onClose={() => setOpen(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting === 'all' ? t('Delete all results?') : t('Delete {{number}} results?', { number: selected.size })}
        confirmLabel={t('Delete results')}
        typeToConfirm={deleting === 'all' ? t('delete all') : undefined}
        onConfirm={async () => {
          await api.delete(`/v1/bots/${bot.id}/results${qs(deleting === 'all' ? { all: 'true' } : { ids: [...selected].join(',') })}`)
          setSelected(new Set())
          await refreshResults()
          notifications.show({ color: 'green', message: t('Results deleted') })
        }}
      >
        {deleting === 'all'
          ? t('Every result of this bot, of every period, is deleted with its answers and logs.')
          : t('These results are deleted with their answers and logs.')}{' '}
        {t('This cannot be undone.')}
      </ConfirmDialog>
    </Stack>
  )
}

/** Drag to resize a column; with the keyboard, arrows change the width by 20 px. */
const ResizeHandle = ({ label, width, onResize }: { label: string; width: number; onResize: (width: number) => void }) => {
  const { t } = useTranslation()
  const start = useRef<{ x: number; width: number } | null>(null)
  const [live, setLive] = useState<number | null>(null)
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    start.current = { x: e.clientX, width }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current) setLive(Math.max(MIN_WIDTH, start.current.width + e.clientX - start.current.x))
  }
  const onPointerUp = () => {
    if (live !== null) onResize(live)
    start.current = null
    setLive(null)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault()
      onResize(width + (e.key === 'ArrowRight' ? 20 : -20))
    }
  }
  return (
    <Tooltip label={t('Width of {{column}}', { column: label })} openDelay={600}>
      {/* biome-ignore lint/a11y/useSemanticElements: a column resizer is a focusable separator (ARIA pattern), no native element exists */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('Resize column {{column}}', { column: label })}
        aria-valuenow={live ?? width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
        style={{
          position: 'absolute',
          right: 0,
          top: 0,
          bottom: 0,
          width: 8,
          cursor: 'col-resize',
          background: live !== null ? 'var(--mantine-color-indigo-3)' : undefined,
        }}
      />
    </Tooltip>
  )
}

const ResultDrawer = ({ botId, resultId, onClose }: { botId: string; resultId: string | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const result = useResult(botId, resultId)
  const r = result.data
  return (
    <Drawer
      opened={resultId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={r ? t('Result of {{date}}', { date: dateTime(r.createdAt) }) : t('Result')}
    >
      {result.error ? (
        <ErrorState title={t('This result could not be loaded')} error={result.error} />
      ) : !r ? (
        <LoadingState />
      ) : (
        <Stack gap="lg">
          <Badge color={r.isCompleted ? 'green' : 'yellow'} variant="light" w="fit-content">
            {r.isCompleted ? t('Completed') : t('Not completed')}
          </Badge>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('Answers')}
            </Title>
            {r.answers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('The visitor did not answer any question.')}
              </Text>
            ) : (
              r.answers.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a transcript is rendered once, never reordered; a block may be answered twice
                <Stack key={i} gap={2}>
                  <Text size="xs" c="dimmed">
                    {a.label ?? t('A question no longer in the bot')}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {a.content}
                  </Text>
                </Stack>
              ))
            )}
          </Stack>
          {r.variables.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('Variables')}
              </Title>
              <Table>
                <Table.Tbody>
                  {r.variables.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Th w="40%">{v.name}</Table.Th>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{v.value ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('Logs')}
            </Title>
            {r.logs.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('No logs.')}
              </Text>
            ) : (
              r.logs.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: logs are rendered once, never reordered, and have no id
                <Stack key={i} gap={2}>
                  <Group gap="xs">
                    <Badge size="xs" color={l.status === 'error' ? 'red' : l.status === 'success' ? 'green' : 'gray'} variant="light">
                      {l.status}
                    </Badge>
                    <Text size="sm">{l.description}</Text>
                  </Group>
                  {l.details && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {l.details}
                    </Text>
                  )}
                </Stack>
              ))
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  )
}
