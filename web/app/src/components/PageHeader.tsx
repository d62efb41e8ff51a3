import { Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export const PageHeader = ({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) => (
  <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
    <Stack gap={2}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
    {actions && <Group gap="xs">{actions}</Group>}
  </Group>
)
