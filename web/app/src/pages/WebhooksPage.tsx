// Workspace webhooks: results of every bot (or of one) sent to the workspace's own servers, signed.
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../components/PageHeader.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'
import { WebhookList } from '../webhooks/WebhookList.js'

export const WebhooksPage = () => {
  const { t } = useTranslation()
  const { workspaceId, canWrite } = useCurrentWorkspace()
  return (
    <>
      <PageHeader
        title={t('Webhooks')}
        description={t(
          "Results sent to your servers as they happen, signed and retried until taken. A webhook limited to one bot is added from that bot's Webhooks tab.",
        )}
      />
      <WebhookList workspaceId={workspaceId} canWrite={canWrite} />
    </>
  )
}
