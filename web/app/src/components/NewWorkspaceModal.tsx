import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { api } from '../lib/api.js'
import type { Workspace } from '../lib/types.js'
import { NameDialog } from './NameDialog.js'

export const NewWorkspaceModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const navigate = useNavigate()
  return (
    <NameDialog
      opened={opened}
      onClose={onClose}
      title={t('New workspace')}
      submitLabel={t('Create')}
      onSubmit={async (name) => {
        const { workspace } = await api.post<{ workspace: Workspace }>('/v1/workspaces', { name })
        await client.invalidateQueries({ queryKey: ['workspaces'] })
        navigate(`/w/${workspace.id}/bots`)
      }}
    />
  )
}
