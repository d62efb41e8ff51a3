// The live preview of the draft being edited: Parley's widget (inline) running the bot given here, unsaved changes
// included, from the start or from a group; its logs; and which block the chat waits on, for the canvas to highlight.
// The widget runs in a frame on the user-content origin with a preview token (frame.ts): the bot's code never runs
// in the builder's page, nor with its session.
import { ActionIcon, Alert, Button, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core'
import { IconRefresh, IconX } from '@tabler/icons-react'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatLog } from '../../../../../src/contract/chat.js'
import { errorMessage } from '../../components/states.js'
import { useAuth } from '../../lib/auth.js'
import type { EditorBot } from '../types.js'
import { issuePreviewRun, type PreviewStartFrom } from './frame.js'
import { FrameRun } from './FrameRun.js'
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
  // The draft as it is when a run starts; the running block told to whoever listens now.
  const issue = useCallback(() => issuePreviewRun(botId, latest.current.bot), [botId])
  const onRunningBlockNow = useCallback((blockId: string | null) => latest.current.onRunningBlock?.(blockId), [])
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
          issue={issue}
          theme={bot.theme}
          onRunningBlock={onRunningBlockNow}
          sendEmailsToMe={sendEmailsToMe && canGetEmails}
          onLogs={onLogs}
          onError={setLoadError}
          onRestart={restart}
        />
        <PreviewLogs entries={logs} />
      </Stack>
    </Paper>
  )
}
