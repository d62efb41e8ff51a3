// The controls of a list in a form (buttons, paths, list fields): move up, move down and remove a row, labelled by
// the row's name, and the button that adds one.
import { ActionIcon, Button, Stack } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

export const RowControls = <T,>({ name, list, index, onChange }: { name: string; list: T[]; index: number; onChange: (next: T[]) => void }) => {
  const { t } = useTranslation()
  return (
    <Stack gap={2}>
      <ActionIcon
        variant="subtle"
        aria-label={t('Move {{name}} up', { name })}
        disabled={index === 0}
        onClick={() => onChange(moved(list, index, index - 1))}
      >
        <IconArrowUp size={14} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('Move {{name}} down', { name })}
        disabled={index === list.length - 1}
        onClick={() => onChange(moved(list, index, index + 1))}
      >
        <IconArrowDown size={14} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('Remove {{name}}', { name })}
        onClick={() => onChange(list.filter((_, j) => j !== index))}
      >
        <IconTrash size={14} aria-hidden />
      </ActionIcon>
    </Stack>
  )
}

export const AddRow = ({ onClick, children }: { onClick: () => void; children: ReactNode }) => (
  <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} style={{ alignSelf: 'flex-start' }} onClick={onClick}>
    {children}
  </Button>
)
