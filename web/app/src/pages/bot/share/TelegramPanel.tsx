// Telegram: a bot made with @BotFather, its token as credentials, the webhook this server asks Telegram to call, and
// the bot's settings there.
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { msg } from '../../../i18n/index.js'
import { api } from '../../../lib/api.js'
import { useSubmit } from '../../../lib/forms.js'
import { ChannelPanel, type ChannelPanelProps } from './ChannelPanel.js'
import { SetUpSteps } from './SetUpSteps.js'

const steps = [
  msg('In Telegram, send /newbot to @BotFather, choose a name and a user name, and copy the token it answers with.'),
  msg('Create credentials here with that token.'),
  msg('Connect the webhook: Telegram then sends the bot’s messages to this server, which must be reachable from the internet over HTTPS.'),
  msg('Turn the channel on, save, and publish the bot.'),
]

export const TelegramPanel = (props: ChannelPanelProps) => {
  const { t } = useTranslation()
  return (
    <ChannelPanel
      {...props}
      channel="telegram"
      title={t('Telegram')}
      intro={t('Contacts chat with the bot in Telegram, through a Telegram bot of your own.')}
      steps={<SetUpSteps steps={steps} />}
      connection={(credentialsId) => <TelegramWebhook workspaceId={props.bot.workspaceId} credentialsId={credentialsId} canWrite={props.canWrite} />}
      enabledDescription={t('The bot answers the messages your Telegram bot receives.')}
      saveLabel={t('Save Telegram settings')}
    />
  )
}

const TelegramWebhook = ({ workspaceId, credentialsId, canWrite }: { workspaceId: string; credentialsId: string; canWrite: boolean }) => {
  const { t } = useTranslation()
  const [connected, setConnected] = useState<{ credentialsId: string; url: string } | null>(null)
  const connect = useSubmit(async () => {
    setConnected(null)
    const answer = await api.post<{ url: string }>(`/v1/workspaces/${workspaceId}/telegram/${credentialsId}/setWebhook`)
    setConnected({ credentialsId, url: answer.url })
  })
  if (!canWrite) return null
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Button variant="default" onClick={() => void connect.submit()} loading={connect.busy}>
          {t('Connect webhook')}
        </Button>
        <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
          {t('Tells Telegram where to send the bot’s messages. Once per token, and again when this server’s address changes.')}
        </Text>
      </Group>
      {connect.error && (
        <Alert color="red" variant="light" role="alert" title={t('The webhook could not be connected')} style={{ overflowWrap: 'anywhere' }}>
          {connect.error}
        </Alert>
      )}
      {connected?.credentialsId === credentialsId && (
        <Alert color="green" variant="light" role="status" title={t('Webhook connected')} style={{ overflowWrap: 'anywhere' }}>
          {t('Telegram sends the messages to {{url}}', { url: connected.url })}
        </Alert>
      )}
    </Stack>
  )
}
