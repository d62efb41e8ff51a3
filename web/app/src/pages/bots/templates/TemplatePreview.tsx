// A chat with a template before it is used: Parley's widget runs the template (POST /v1/templates/{slug}/preview/
// startChat) in the preview frame on the user-content origin, as the editor's preview does, with a preview token
// that reaches that template only. Its logs show below it: a template whose blocks need credentials says so there.
import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatLog } from '../../../../../../src/contract/chat.js'
import { errorMessage } from '../../../components/states.js'
import { fromFrame, type PreviewRun, type ToFrame } from '../../../editor/preview/frame.js'
import { type LoggedEntry, PreviewLogs } from '../../../editor/preview/PreviewLogs.js'
import { api } from '../../../lib/api.js'

/** One run of the template's chat; mounted anew (a new `key`) to restart. */
const FrameRun = ({ slug, name, onLogs, onRestart }: { slug: string; name: string; onLogs(logs: ChatLog[]): void; onRestart(): void }) => {
  const { t } = useTranslation()
  const frame = useRef<HTMLIFrameElement>(null)
  const [run, setRun] = useState<PreviewRun>()
  const [error, setError] = useState<unknown>()
  useEffect(() => {
    let cancelled = false
    api.post<PreviewRun>(`/v1/templates/${encodeURIComponent(slug)}/preview/token`).then(
      (issued) => !cancelled && setRun(issued),
      (err: unknown) => !cancelled && setError(err),
    )
    return () => {
      cancelled = true
    }
  }, [slug])
  const origin = run && new URL(run.frameUrl).origin
  useEffect(() => {
    if (!run || !origin) return
    let started = false
    const listen = (event: MessageEvent) => {
      const message = fromFrame(event, frame.current, origin)
      if (!message) return
      if (message.type === 'ready' && !started) {
        started = true
        const start: ToFrame = { type: 'start', botId: `template:${slug}`, template: slug, token: run.token }
        frame.current?.contentWindow?.postMessage(start, origin)
      } else if (message.type === 'failed') setError(new Error(message.message))
      else if (message.type === 'logs') onLogs(message.logs)
      else if (message.type === 'restart') onRestart()
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [run, origin, slug, onLogs, onRestart])
  if (error)
    return (
      <Alert color="red" variant="light" role="alert" title={t('The preview could not start')}>
        {errorMessage(error)}
      </Alert>
    )
  if (!run) return <div style={{ height: 420 }} aria-busy="true" />
  return (
    <iframe
      ref={frame}
      src={run.frameUrl}
      title={t('Preview of the {{name}} template', { name })}
      allow="microphone; clipboard-write"
      style={{ height: 420, width: '100%', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    />
  )
}

export const TemplatePreview = ({ slug, name }: { slug: string; name: string }) => {
  const { t } = useTranslation()
  const [run, setRun] = useState(0)
  const [logs, setLogs] = useState<LoggedEntry[]>([])
  const nextKey = useRef(0)
  const onLogs = useCallback((entries: ChatLog[]) => setLogs((list) => [...list, ...entries.map((log) => ({ key: nextKey.current++, log }))]), [])
  const restart = useCallback(() => {
    setLogs([])
    setRun((n) => n + 1)
  }, [])
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={restart}>
          {t('Restart the preview')}
        </Button>
      </Group>
      <FrameRun key={`${slug}-${run}`} slug={slug} name={name} onLogs={onLogs} onRestart={restart} />
      {logs.length > 0 && <PreviewLogs entries={logs} />}
    </Stack>
  )
}
