import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../components/ConfirmButton.js'
import { PageHeader } from '../components/PageHeader.js'
import { LoadingState } from '../components/states.js'
import { api } from '../lib/api.js'
import { useSubmit } from '../lib/forms.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'

export const WorkspaceSettingsPage = () => {
  const { t } = useTranslation()
  const { workspaceId, workspace, canWrite } = useCurrentWorkspace()
  const [name, setName] = useState('')
  const [deleting, setDeleting] = useState(false)
  const client = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => setName(workspace?.name ?? ''), [workspace?.name])
  const rename = useSubmit(async () => {
    await api.patch(`/v1/workspaces/${workspaceId}`, { name: name.trim() })
    await client.invalidateQueries({ queryKey: ['workspaces'] })
    notifications.show({ color: 'green', message: t('Workspace renamed') })
  })
  if (!workspace) return <LoadingState />
  return (
    <>
      <PageHeader title={t('Workspace settings')} description={workspace.name} />
      <Stack maw={640} gap="lg">
        <Card withBorder padding="lg">
          <form
            onSubmit={(e) => {
              e.preventDefault()
              void rename.submit()
            }}
          >
            <Stack>
              <Title order={2} size="h4">
                {t('Name')}
              </Title>
              <TextInput
                label={t('Workspace name')}
                required
                value={name}
                readOnly={!canWrite}
                onChange={(e) => setName(e.currentTarget.value)}
                error={rename.error}
              />
              {canWrite && (
                <Group>
                  <Button type="submit" loading={rename.busy} disabled={name.trim() === workspace.name}>
                    {t('Save')}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        </Card>
        {canWrite && (
          <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
            <Stack>
              <Title order={2} size="h4">
                {t('Delete this workspace')}
              </Title>
              <Text size="sm">{t('Deletes every bot, result and credential of the workspace, for every member. Only admins can do it.')}</Text>
              <Group>
                <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                  {t('Delete workspace')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        {!canWrite && (
          <Alert color="blue" variant="light">
            {t('You are a guest in this workspace: you can look at everything, but not change it.')}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('Delete {{name}}?', { name: workspace.name })}
        confirmLabel={t('Delete workspace and everything in it')}
        typeToConfirm={workspace.name}
        onConfirm={async () => {
          await api.delete(`/v1/workspaces/${workspaceId}`)
          await client.invalidateQueries({ queryKey: ['workspaces'] })
          localStorage.removeItem('parley:lastWorkspace')
          navigate('/', { replace: true })
        }}
      >
        {t('All its bots, their published versions, results and credentials are deleted. This cannot be undone.')}
      </ConfirmDialog>
    </>
  )
}
