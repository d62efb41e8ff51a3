// The end of a dialog that made something to hand on (an invitation link, a token): what to do with it, the value
// with a copy button, and Done.
import { Alert, Button, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyField } from './CopyField.js'

export const RevealedValue = ({
  note,
  color,
  label,
  value,
  onDone,
}: {
  note: ReactNode
  color: string
  label: string
  value: string
  onDone: () => void
}) => {
  const { t } = useTranslation()
  return (
    <Stack>
      <Alert color={color} variant="light">
        {note}
      </Alert>
      <CopyField label={label} value={value} />
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('Done')}</Button>
      </Group>
    </Stack>
  )
}
