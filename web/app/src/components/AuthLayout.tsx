// The frame of the pages a person sees before signing in.
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Logo } from './Logo.js'

export const AuthLayout = ({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="center">
          <Logo />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="lg" component="main">
          <Stack gap="md">
            <Box>
              <Title order={1} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </Box>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        )}
        <Text ta="center" size="xs" c="dimmed">
          <Anchor href="/docs" c="dimmed" size="xs">
            {t('API reference')}
          </Anchor>
        </Text>
      </Stack>
    </Center>
  )
}
