// Move up, move down and remove, for a row of a list in a form (buttons, list fields), labelled by the row's name.
import { ActionIcon, Stack } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react'

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

export const RowControls = <T,>({ name, list, index, onChange }: { name: string; list: T[]; index: number; onChange: (next: T[]) => void }) => (
  <Stack gap={2}>
    <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onChange(moved(list, index, index - 1))}>
      <IconArrowUp size={14} aria-hidden />
    </ActionIcon>
    <ActionIcon
      variant="subtle"
      aria-label={`Move ${name} down`}
      disabled={index === list.length - 1}
      onClick={() => onChange(moved(list, index, index + 1))}
    >
      <IconArrowDown size={14} aria-hidden />
    </ActionIcon>
    <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onChange(list.filter((_, j) => j !== index))}>
      <IconTrash size={14} aria-hidden />
    </ActionIcon>
  </Stack>
)
