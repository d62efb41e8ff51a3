// The editor's route, in the main bundle: it asks for the bot while the editor's own code (the largest chunk)
// downloads and compiles, so opening a large bot waits for the slower of the two, not for both in turn.
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ErrorState, LoadingState } from '../components/states.js'
import type { BotDraftAnswer } from '../../../../src/contract/api.js'
import { api } from '../lib/api.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'

const BotEditorPage = lazy(() => import('./BotEditorPage.js').then((m) => ({ default: m.BotEditorPage })))
// Asked for at once, not when React first renders the lazy component.
const preload = () => void import('./BotEditorPage.js')

export const BotEditorRoute = () => {
  preload()
  const { t } = useTranslation()
  const { botId, workspaceId } = useParams()
  const { workspace, canWrite, loading, error } = useCurrentWorkspace()
  // Read once: the editor owns the document from then on (autosave), so no refetch may replace it under the user.
  const doc = useQuery({
    queryKey: ['bot-doc', botId],
    queryFn: () => api.get<BotDraftAnswer>(`/v1/bots/${botId}`),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
  // A failed background refresh must not close an open editor: only a failure with nothing to show counts.
  const failed = (!doc.data && doc.error) || (!workspace && !loading && error)
  if (failed) return <ErrorState title={t('This bot could not be opened')} error={failed} onRetry={() => void doc.refetch()} />
  if (!doc.data || loading) return <LoadingState label={t('Opening the editor')} />
  return (
    <Suspense fallback={<LoadingState label={t('Opening the editor')} />}>
      <BotEditorPage key={doc.data.bot.id} answer={doc.data} workspaceId={workspaceId!} readOnly={!canWrite} />
    </Suspense>
  )
}
