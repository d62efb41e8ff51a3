import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { api } from '../lib/api.js'
import { useSubmit } from '../lib/forms.js'
import type { Workspace } from '../lib/types.js'

export const NewWorkspaceModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const [name, setName] = useState('')
  const client = useQueryClient()
  const navigate = useNavigate()
  const create = useSubmit(async () => {
    const { workspace } = await api.post<{ workspace: Workspace }>('/v1/workspaces', { name: name.trim() })
    await client.invalidateQueries({ queryKey: ['workspaces'] })
    setName('')
    onClose()
    navigate(`/w/${workspace.id}/bots`)
  })
  return (
    <Modal opened={opened} onClose={onClose} title="New workspace">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void create.submit()
        }}
      >
        <Stack>
          <TextInput label="Name" data-autofocus required value={name} onChange={(e) => setName(e.currentTarget.value)} error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.busy}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
