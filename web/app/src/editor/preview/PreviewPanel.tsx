// The live preview of the draft being edited: Parley's widget (inline) running the bot given here, unsaved changes
// included, from the start or from a group; its logs; and which block the chat waits on, for the canvas to highlight.
import { ActionIcon, Alert, Box, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconRefresh, IconX } from '@tabler/icons-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatLog } from '../../../../../src/contract/chat.js'
import { errorMessage } from '../../components/states.js'
import { csrfHeaders } from '../../lib/api.js'
import type { EditorBot } from '../types.js'
import { type LoggedEntry, PreviewLogs } from './PreviewLogs.js'
import { loadWidget, type PreviewStartFrom, type PreviewWidgetElement } from './widget.js'

export type PreviewPanelProps = {
  botId: string
  /** The draft as edited now: each (re)start runs this, saved or not. */
  bot: EditorBot
  /** Run from this group instead of the start event ("test from here"); a new value restarts the chat. */
  startFrom?: PreviewStartFrom
  /** The block the chat waits on (an input), null when nothing runs (ended, restarted, closed). */
  onRunningBlock?(blockId: string | null): void
  onClose(): void
}

type Latest = { bot: EditorBot; onRunningBlock?(blockId: string | null): void }

/** One run of the widget: mounted anew (a new `key`) to restart, and for another bot or start group. */
const WidgetRun = ({
  botId,
  groupId,
  latest,
  onLogs,
  onError,
}: {
  botId: string
  groupId?: string
  latest: { current: Latest }
  onLogs(logs: ChatLog[]): void
  onError(error: unknown): void
}) => {
  const host = useRef<HTMLDivElement>(null)
  const theme = latest.current.bot.theme
  const element = useRef<PreviewWidgetElement | null>(null)
  useEffect(() => {
    let cancelled = false
    loadWidget().then(
      () => {
        if (cancelled || !host.current) return
        const el = document.createElement('parley-standard') as PreviewWidgetElement
        el.options = {
          bot: botId,
          preview: { bot: latest.current.bot, ...(groupId && { startFrom: { type: 'group', groupId } }) },
          headers: csrfHeaders(),
          onNewInputBlock: (input) => latest.current.onRunningBlock?.(input.id),
          onEnd: () => latest.current.onRunningBlock?.(null),
          onNewLogs: onLogs,
        }
        el.style.display = 'block'
        el.style.height = '100%'
        host.current.replaceChildren(el)
        element.current = el
      },
      (err: unknown) => !cancelled && onError(err),
    )
    return () => {
      cancelled = true
      element.current?.remove()
      element.current = null
      latest.current.onRunningBlock?.(null)
    }
  }, [botId, groupId, latest, onLogs, onError])
  // The theme follows the editor live; everything else waits for a restart (also the widget's own Restart button).
  useEffect(() => element.current?.setTheme(theme), [theme])
  const bot = latest.current.bot
  useEffect(() => {
    const el = element.current
    if (el) el.options = { ...el.options, preview: { ...el.options.preview, bot } }
  }, [bot])
  return <Box ref={host} style={{ flex: 1, minHeight: 320, borderRadius: 8, overflow: 'hidden' }} />
}

export const PreviewPanel = ({ botId, bot, startFrom, onRunningBlock, onClose }: PreviewPanelProps) => {
  // Read when a run starts, so editing the draft does not restart the chat under the user's hands.
  const latest = useRef<Latest>({ bot, onRunningBlock })
  latest.current = { bot, onRunningBlock }
  const [run, setRun] = useState(0)
  const [logs, setLogs] = useState<LoggedEntry[]>([])
  const [loadError, setLoadError] = useState<unknown>()
  const nextKey = useRef(0)
  const groupId = startFrom?.groupId
  const onLogs = useCallback((entries: ChatLog[]) => setLogs((list) => [...list, ...entries.map((log) => ({ key: nextKey.current++, log }))]), [])
  const restart = () => {
    setLogs([])
    setLoadError(undefined)
    setRun((n) => n + 1)
  }
  // Another start group is another run: its logs start empty too.
  const [shownGroup, setShownGroup] = useState(groupId)
  if (shownGroup !== groupId) {
    setShownGroup(groupId)
    setLogs([])
  }

  const startGroup = groupId ? bot.groups.find((g) => g.id === groupId) : undefined
  return (
    <Paper withBorder h="100%" p="sm" component="aside" aria-label="Preview">
      <Stack h="100%" gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={2} size="h5">
              Preview
            </Title>
            <Text size="xs" c="dimmed">
              {groupId ? `Started from group “${startGroup?.title || groupId}”` : 'Started from the start'}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={restart}
              aria-label="Restart the preview"
            >
              Restart
            </Button>
            <Tooltip label="Close the preview">
              <ActionIcon variant="subtle" color="gray" aria-label="Close the preview" onClick={onClose}>
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {loadError !== undefined && (
          <Alert color="red" variant="light" role="alert" title="The preview could not start">
            {errorMessage(loadError)}
          </Alert>
        )}
        <WidgetRun key={`${run}:${groupId ?? ''}`} botId={botId} groupId={groupId} latest={latest} onLogs={onLogs} onError={setLoadError} />
        <PreviewLogs entries={logs} />
      </Stack>
    </Paper>
  )
}
