// Empty, error and loading states: each tells the user what to do next.
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { t } from '../i18n/index.js'
import { ApiError } from '../lib/api.js'

export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : t('Something went wrong.')

export const ErrorState = ({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation()
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert" maw={560}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('Try again')}
          </Button>
        )}
      </Stack>
    </Alert>
  )
}

export const EmptyState = ({ icon, title, children, action }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) => (
  <Center py={64}>
    <Stack align="center" gap="xs" maw={440} ta="center">
      {icon}
      <Title order={3} size="h4">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      )}
      {action}
    </Stack>
  </Center>
)

/** A spinner named `label` (default: "Loading", in the app's language). */
export const LoadingState = ({ label }: { label?: string }) => {
  const { t } = useTranslation()
  return (
    <Center py={64}>
      <Loader aria-label={label ?? t('Loading')} />
    </Center>
  )
}
