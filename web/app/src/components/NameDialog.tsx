// A dialog asking for one name: creating or renaming folders, credentials, workspaces.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useSubmit } from '../lib/forms.js'

export const NameDialog = ({
  opened,
  onClose,
  title,
  label = 'Name',
  initial = '',
  submitLabel = 'Save',
  onSubmit,
}: {
  opened: boolean
  onClose: () => void
  title: string
  label?: string
  initial?: string
  submitLabel?: string
  /** Receives the trimmed name; a thrown error is shown under the field and keeps the dialog open. */
  onSubmit: (name: string) => Promise<void>
}) => {
  const [name, setName] = useState(initial)
  useEffect(() => {
    if (opened) setName(initial)
  }, [opened, initial])
  const save = useSubmit(async () => {
    await onSubmit(name.trim())
    onClose()
  })
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save.submit()
        }}
      >
        <Stack>
          <TextInput label={label} required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.busy} disabled={!name.trim()}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
