import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconMessageChatbot } from '@tabler/icons-react'

/** The mark and the name; on phones (`compact`) the mark alone, so the header keeps room for the workspace. */
export const Logo = ({ compact = false }: { compact?: boolean }) => (
  <Group gap={8} wrap="nowrap">
    <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
      <IconMessageChatbot size={20} />
    </ThemeIcon>
    <Text fw={700} size="lg" visibleFrom={compact ? 'xs' : undefined}>
      Parley
    </Text>
  </Group>
)
