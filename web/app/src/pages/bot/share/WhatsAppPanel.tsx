// WhatsApp through Meta's Cloud API: the credentials of a WhatsApp Business number, the Callback URL and verify
// token to enter in Meta's app dashboard, and the bot's settings there.
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyField } from '../../../components/CopyField.js'
import { msg } from '../../../i18n/index.js'
import { api } from '../../../lib/api.js'
import { useSubmit } from '../../../lib/forms.js'
import { ChannelPanel, type ChannelPanelProps } from './ChannelPanel.js'
import { useChatOrigin, whatsAppWebhookUrl } from './channels.js'
import { SetUpSteps } from './SetUpSteps.js'

const steps = [
  msg('In Meta for Developers, create a Business app and add the WhatsApp product to it.'),
  msg('In Meta Business Suite, add a system user with the whatsapp_business_messaging permission and generate its access token.'),
  msg('Create credentials here with that token and the Phone number ID shown under WhatsApp › API Setup.'),
  msg('Under WhatsApp › Configuration, enter the Callback URL and a verify token from this panel, then subscribe to the “messages” field.'),
  msg('Turn the channel on, save, and publish the bot.'),
]

export const WhatsAppPanel = (props: ChannelPanelProps) => {
  const { t } = useTranslation()
  return (
    <ChannelPanel
      {...props}
      channel="whatsApp"
      title={t('WhatsApp')}
      intro={t('Contacts chat with the bot in WhatsApp, on a business number of the WhatsApp Cloud API.')}
      steps={<SetUpSteps steps={steps} />}
      connection={(credentialsId) => <WhatsAppWebhook workspaceId={props.bot.workspaceId} credentialsId={credentialsId} canWrite={props.canWrite} />}
      enabledDescription={t('The bot answers the messages this WhatsApp number receives.')}
      saveLabel={t('Save WhatsApp settings')}
    />
  )
}

const WhatsAppWebhook = ({ workspaceId, credentialsId, canWrite }: { workspaceId: string; credentialsId: string; canWrite: boolean }) => {
  const { t } = useTranslation()
  const origin = useChatOrigin()
  const [token, setToken] = useState<string | null>(null)
  const generate = useSubmit(async () => {
    const answer = await api.post<{ verificationToken: string }>(`/v1/workspaces/${workspaceId}/whatsapp/verificationToken`)
    setToken(answer.verificationToken)
  })
  return (
    <Stack gap="sm">
      <CopyField
        label={t('Callback URL')}
        value={whatsAppWebhookUrl(origin, workspaceId, credentialsId)}
        description={t('Meta sends the contacts’ messages here. It must be reachable from the internet over HTTPS.')}
      />
      {canWrite && (
        <Group gap="sm" align="center">
          <Button variant="default" onClick={() => void generate.submit()} loading={generate.busy}>
            {token ? t('Generate another verify token') : t('Generate verify token')}
          </Button>
          {generate.error && (
            <Text c="red" size="sm" role="alert">
              {generate.error}
            </Text>
          )}
        </Group>
      )}
      {token && (
        <CopyField
          label={t('Verify token')}
          value={token}
          description={t('Valid for one hour, once: Meta uses it when you save the Callback URL.')}
        />
      )}
    </Stack>
  )
}
