// A destructive action behind a confirmation dialog; with `typeToConfirm`, the user types a name first.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../lib/forms.js'

export const ConfirmDialog = ({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  typeToConfirm,
  onConfirm,
}: {
  opened: boolean
  onClose: () => void
  title: string
  children: ReactNode
  confirmLabel: string
  typeToConfirm?: string
  onConfirm: () => Promise<void>
}) => {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const action = useSubmit(async () => {
    await onConfirm()
    setTyped('')
    onClose()
  })
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        {typeToConfirm && (
          <TextInput
            label={t('Type “{{text}}” to confirm', { text: typeToConfirm })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-autofocus
          />
        )}
        {action.error && (
          <Text c="red" size="sm" role="alert">
            {action.error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button color="red" loading={action.busy} disabled={Boolean(typeToConfirm) && typed !== typeToConfirm} onClick={() => void action.submit()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
