// The live preview of the draft being edited: Parley's widget (inline) running the bot given here, unsaved changes
// included, from the start or from a group; its logs; and which block the chat waits on, for the canvas to highlight.
// The widget runs in a frame on the user-content origin with a preview token (frame.ts): the bot's code never runs
// in the builder's page, nor with its session.
import { ActionIcon, Alert, Button, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core'
import { IconRefresh, IconX } from '@tabler/icons-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatLog } from '../../../../../src/contract/chat.js'
import { errorMessage } from '../../components/states.js'
import { useAuth } from '../../lib/auth.js'
import type { EditorBot } from '../types.js'
import { fromFrame, issuePreviewRun, type PreviewRun, type PreviewStartFrom, type ToFrame } from './frame.js'
import { type LoggedEntry, PreviewLogs } from './PreviewLogs.js'

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

/**
 * One run: a preview token for the draft as it is now, and a frame that runs it. Mounted anew (a new `key`) to
 * restart, and for another bot or start group.
 */
const FrameRun = ({
  botId,
  groupId,
  sendEmailsToMe,
  latest,
  onLogs,
  onError,
  onRestart,
}: {
  botId: string
  groupId?: string
  /** The run's Send email blocks write to the user's own address (the panel's switch). */
  sendEmailsToMe: boolean
  latest: { current: Latest }
  onLogs(logs: ChatLog[]): void
  onError(error: unknown): void
  onRestart(): void
}) => {
  const { t } = useTranslation()
  const frame = useRef<HTMLIFrameElement>(null)
  const [run, setRun] = useState<PreviewRun>()
  const theme = latest.current.bot.theme
  useEffect(() => {
    let cancelled = false
    issuePreviewRun(botId, latest.current.bot).then(
      (issued) => !cancelled && setRun(issued),
      (err: unknown) => !cancelled && onError(err),
    )
    return () => {
      cancelled = true
      latest.current.onRunningBlock?.(null)
    }
  }, [botId, latest, onError])
  const origin = run && new URL(run.frameUrl).origin
  const post = useCallback(
    (message: ToFrame) => {
      if (origin) frame.current?.contentWindow?.postMessage(message, origin)
    },
    [origin],
  )
  useEffect(() => {
    if (!run || !origin) return
    let started = false
    const listen = (event: MessageEvent) => {
      const message = fromFrame(event, frame.current, origin)
      if (!message) return
      if (message.type === 'ready' && !started) {
        started = true
        post({
          type: 'start',
          botId,
          token: run.token,
          ...(groupId && { startFrom: { type: 'group', groupId } }),
          ...(sendEmailsToMe && { sendEmailsToMe }),
        })
      } else if (message.type === 'failed') onError(new Error(message.message))
      else if (message.type === 'input') latest.current.onRunningBlock?.(message.blockId)
      else if (message.type === 'end') latest.current.onRunningBlock?.(null)
      else if (message.type === 'logs') onLogs(message.logs)
      else if (message.type === 'restart') onRestart()
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [run, origin, post, botId, groupId, sendEmailsToMe, latest, onLogs, onError, onRestart])
  // The theme follows the editor live; everything else waits for a restart (also the widget's own Restart button).
  useEffect(() => post({ type: 'theme', theme }), [post, theme])
  if (!run) return <div style={{ flex: 1, minHeight: 320 }} aria-busy="true" />
  return (
    <iframe
      ref={frame}
      src={run.frameUrl}
      title={t('Preview of the bot')}
      // Voice clips and copying, as on the bot's page.
      allow="microphone; clipboard-write"
      style={{ flex: 1, minHeight: 320, width: '100%', border: 0, borderRadius: 8 }}
    />
  )
}

export const PreviewPanel = ({ botId, bot, startFrom, onRunningBlock, onClose }: PreviewPanelProps) => {
  const { t } = useTranslation()
  // Read when a run starts, so editing the draft does not restart the chat under the user's hands.
  const latest = useRef<Latest>({ bot, onRunningBlock })
  latest.current = { bot, onRunningBlock }
  const [run, setRun] = useState(0)
  const [logs, setLogs] = useState<LoggedEntry[]>([])
  const [loadError, setLoadError] = useState<unknown>()
  const nextKey = useRef(0)
  const groupId = startFrom?.groupId
  const onLogs = useCallback((entries: ChatLog[]) => setLogs((list) => [...list, ...entries.map((log) => ({ key: nextKey.current++, log }))]), [])
  const restart = useCallback(() => {
    setLogs([])
    setLoadError(undefined)
    setRun((n) => n + 1)
  }, [])
  // Another start group is another run: its logs start empty too.
  const [shownGroup, setShownGroup] = useState(groupId)
  if (shownGroup !== groupId) {
    setShownGroup(groupId)
    setLogs([])
  }

  // Off for each new panel: a preview writes no email unless the author asks, and then only to themself.
  const [sendEmailsToMe, setSendEmailsToMe] = useState(false)
  const me = useAuth().status?.user
  const canGetEmails = Boolean(me?.email && me.emailVerified)

  const startGroup = groupId ? bot.groups.find((g) => g.id === groupId) : undefined
  return (
    <Paper withBorder h="100%" p="sm" component="aside" aria-label={t('Preview')}>
      <Stack h="100%" gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={2} size="h5">
              {t('Preview')}
            </Title>
            <Text size="xs" c="dimmed">
              {groupId ? t('Started from group “{{group}}”', { group: startGroup?.title || groupId }) : t('Started from the start')}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={restart}
              aria-label={t('Restart the preview')}
            >
              {t('Restart')}
            </Button>
            <Tooltip label={t('Close the preview')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('Close the preview')} onClick={onClose}>
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Switch
          size="xs"
          label={t('Send this preview’s emails to me')}
          description={
            canGetEmails
              ? t('Send email blocks write to {{email}} only, never to their recipients.', { email: me?.email })
              : t('Confirm your email address first (Account page).')
          }
          disabled={!canGetEmails}
          checked={sendEmailsToMe && canGetEmails}
          onChange={(e) => {
            setSendEmailsToMe(e.currentTarget.checked)
            restart()
          }}
        />
        {loadError !== undefined && (
          <Alert color="red" variant="light" role="alert" title={t('The preview could not start')}>
            {errorMessage(loadError)}
          </Alert>
        )}
        <FrameRun
          key={`${run}:${groupId ?? ''}`}
          botId={botId}
          groupId={groupId}
          sendEmailsToMe={sendEmailsToMe && canGetEmails}
          latest={latest}
          onLogs={onLogs}
          onError={setLoadError}
          onRestart={restart}
        />
        <PreviewLogs entries={logs} />
      </Stack>
    </Paper>
  )
}
