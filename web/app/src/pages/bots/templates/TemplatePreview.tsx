// A chat with a template before it is used: Parley's widget runs the template (POST /v1/templates/{slug}/preview/
// startChat) in the preview frame on the user-content origin, as the editor's preview does, with a preview token
// that reaches that template only. Its logs show below it: a template whose blocks need credentials says so there.
import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatLog } from '../../../../../../src/contract/chat.js'
import { errorMessage } from '../../../components/states.js'
import { FrameRun } from '../../../editor/preview/FrameRun.js'
import type { PreviewRun } from '../../../editor/preview/frame.js'
import { type LoggedEntry, PreviewLogs } from '../../../editor/preview/PreviewLogs.js'
import { api } from '../../../lib/api.js'

export const TemplatePreview = ({ slug, name }: { slug: string; name: string }) => {
  const { t } = useTranslation()
  const [run, setRun] = useState(0)
  const [logs, setLogs] = useState<LoggedEntry[]>([])
  const [error, setError] = useState<unknown>()
  const nextKey = useRef(0)
  const issue = useCallback(() => api.post<PreviewRun>(`/v1/templates/${encodeURIComponent(slug)}/preview/token`), [slug])
  const onLogs = useCallback((entries: ChatLog[]) => setLogs((list) => [...list, ...entries.map((log) => ({ key: nextKey.current++, log }))]), [])
  const restart = useCallback(() => {
    setLogs([])
    setError(undefined)
    setRun((n) => n + 1)
  }, [])
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={restart}>
          {t('Restart the preview')}
        </Button>
      </Group>
      {error !== undefined ? (
        <Alert color="red" variant="light" role="alert" title={t('The preview could not start')}>
          {errorMessage(error)}
        </Alert>
      ) : (
        <div style={{ height: 420, display: 'flex' }}>
          <FrameRun
            key={`${slug}-${run}`}
            botId={`template:${slug}`}
            template={slug}
            title={t('Preview of the {{name}} template', { name })}
            issue={issue}
            onLogs={onLogs}
            onError={setError}
            onRestart={restart}
          />
        </div>
      )}
      {logs.length > 0 && <PreviewLogs entries={logs} />}
    </Stack>
  )
}
