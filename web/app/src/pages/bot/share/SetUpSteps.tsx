// A channel's set-up steps, numbered, and where the full guide is.
import { List, Stack, Text } from '@mantine/core'
import { Trans, useTranslation } from 'react-i18next'
import { msg } from '../../../i18n/index.js'

export const SetUpSteps = ({ steps }: { steps: string[] }) => {
  const { t } = useTranslation()
  return (
    <Stack gap={6}>
      <List type="ordered" size="sm" spacing={4}>
        {steps.map((step) => (
          <List.Item key={step}>{t(step)}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        <Trans t={t} i18nKey={msg('Set-up guide: <code>docs/channels.md</code> in Parley’s documentation.')} components={{ code: <code /> }} />
      </Text>
    </Stack>
  )
}
