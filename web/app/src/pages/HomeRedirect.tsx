import { Button, Center, Stack, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { AuthLayout } from '../components/AuthLayout.js'
import { ErrorState, LoadingState } from '../components/states.js'
import { api } from '../lib/api.js'
import { useSubmit } from '../lib/forms.js'
import type { Workspace } from '../lib/types.js'
import { lastWorkspace, useWorkspaces } from '../lib/workspaces.js'

/** `/` opens the workspace used last, else the first; someone without any is offered to create one. */
export const HomeRedirect = () => {
  const { t } = useTranslation()
  const { data, error, refetch } = useWorkspaces()
  if (error)
    return (
      <Center h="100vh">
        <ErrorState title={t('Your workspaces could not be loaded')} error={error} onRetry={() => void refetch()} />
      </Center>
    )
  if (!data) return <LoadingState />
  const target = data.find((w) => w.id === lastWorkspace()) ?? data[0]
  if (target) return <Navigate to={`/w/${target.id}/bots`} replace />
  return <FirstWorkspace />
}

const FirstWorkspace = () => {
  const { t } = useTranslation()
  // A suggestion the user edits (in their language), not a fixed value.
  const [name, setName] = useState(() => t('My workspace'))
  const client = useQueryClient()
  const navigate = useNavigate()
  const create = useSubmit(async () => {
    const { workspace } = await api.post<{ workspace: Workspace }>('/v1/workspaces', { name: name.trim() })
    await client.invalidateQueries({ queryKey: ['workspaces'] })
    navigate(`/w/${workspace.id}/bots`, { replace: true })
  })
  return (
    <AuthLayout
      title={t('Create a workspace')}
      subtitle={t('You are not a member of any workspace. Create one, or open an invitation link you were sent.')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void create.submit()
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('Workspace name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={create.error} />
          <Button type="submit" loading={create.busy}>
            {t('Create workspace')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
