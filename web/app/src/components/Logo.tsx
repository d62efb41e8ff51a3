import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconMessageChatbot } from '@tabler/icons-react'

export const Logo = () => (
  <Group gap={8} wrap="nowrap">
    <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
      <IconMessageChatbot size={20} />
    </ThemeIcon>
    <Text fw={700} size="lg">
      Parley
    </Text>
  </Group>
)
