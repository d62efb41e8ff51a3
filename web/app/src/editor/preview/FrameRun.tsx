// One preview run: a preview token (for the draft, a published version or a template of the gallery) and the frame
// on the user-content origin that runs it (frame.ts). Mounted anew (a new `key`) to restart, and for another bot,
// start group, version or template.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Theme } from '../../../../../src/contract/bot/common.js'
import type { ChatLog } from '../../../../../src/contract/chat.js'
import { fromFrame, type PreviewRun, type ToFrame } from './frame.js'

export const FrameRun = ({
  botId,
  groupId,
  issue,
  theme,
  template,
  title,
  sendEmailsToMe = false,
  onRunningBlock,
  onLogs,
  onError,
  onRestart,
}: {
  botId: string
  groupId?: string
  /** Gets the run's token; called once per mount. */
  issue(): Promise<PreviewRun>
  /** A theme the frame follows live (the editor's, as edited); none: the run's own. */
  theme?: Theme
  /** A template of the gallery to run (by slug) instead of the bot: the New bot dialog's preview. */
  template?: string
  /** The frame's accessible name (default: "Preview of the bot"). */
  title?: string
  /** The run's Send email blocks write to the user's own address (the preview panel's switch). */
  sendEmailsToMe?: boolean
  onRunningBlock?(blockId: string | null): void
  onLogs(logs: ChatLog[]): void
  onError(error: unknown): void
  onRestart(): void
}) => {
  const { t } = useTranslation()
  const frame = useRef<HTMLIFrameElement>(null)
  const [run, setRun] = useState<PreviewRun>()
  useEffect(() => {
    let cancelled = false
    issue().then(
      (issued) => !cancelled && setRun(issued),
      (err: unknown) => !cancelled && onError(err),
    )
    return () => {
      cancelled = true
      onRunningBlock?.(null)
    }
  }, [issue, onRunningBlock, onError])
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
          ...(template && { template }),
          ...(sendEmailsToMe && { sendEmailsToMe }),
        })
      } else if (message.type === 'failed') onError(new Error(message.message))
      else if (message.type === 'input') onRunningBlock?.(message.blockId)
      else if (message.type === 'end') onRunningBlock?.(null)
      else if (message.type === 'logs') onLogs(message.logs)
      else if (message.type === 'restart') onRestart()
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [run, origin, post, botId, groupId, template, sendEmailsToMe, onRunningBlock, onLogs, onError, onRestart])
  // The theme follows the editor live; everything else waits for a restart (also the widget's own Restart button).
  useEffect(() => {
    if (theme) post({ type: 'theme', theme })
  }, [post, theme])
  if (!run) return <div style={{ flex: 1, minHeight: 320 }} aria-busy="true" />
  return (
    <iframe
      ref={frame}
      src={run.frameUrl}
      title={title ?? t('Preview of the bot')}
      // Voice clips and copying, as on the bot's page.
      allow="microphone; clipboard-write"
      style={{ flex: 1, minHeight: 320, width: '100%', border: 0, borderRadius: 8 }}
    />
  )
}
