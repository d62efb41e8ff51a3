// A dialog asking for one name: creating or renaming folders, credentials, workspaces.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../lib/forms.js'

export const NameDialog = ({
  opened,
  onClose,
  title,
  label,
  initial = '',
  submitLabel,
  onSubmit,
}: {
  opened: boolean
  onClose: () => void
  title: string
  /** Default: "Name". */
  label?: string
  initial?: string
  /** Default: "Save". */
  submitLabel?: string
  /** Receives the trimmed name; a thrown error is shown under the field and keeps the dialog open. */
  onSubmit: (name: string) => Promise<void>
}) => {
  const { t } = useTranslation()
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
          <TextInput
            label={label ?? t('Name')}
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={save.error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={save.busy} disabled={!name.trim()}>
              {submitLabel ?? t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
