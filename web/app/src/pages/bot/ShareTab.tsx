// Where the bot can be chatted with: the hosted page (and its custom domain), the embed snippets for each widget mode, and the settings
// that decide where it may be embedded and whether a visitor's chat is remembered; then the messaging channels
// (share/: WhatsApp, Telegram).
import { Alert, Anchor, Button, Card, Group, SegmentedControl, Select, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery } from '@tanstack/react-query'
import { IconExternalLink } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { hasHostedPage, type Settings } from '../../../../../src/contract/bot/common.js'
import { CopyField } from '../../components/CopyField.js'
import { msg } from '../../i18n/index.js'
import { api } from '../../lib/api.js'
import type { Bot } from '../../lib/bots.js'
import { useSubmit } from '../../lib/forms.js'
import { AvailabilityNotice } from './AvailabilityNotice.js'
import { useChatOrigin } from './share/channels.js'
import { CustomDomainPanel } from './share/CustomDomainPanel.js'
import { TelegramPanel } from './share/TelegramPanel.js'
import { WhatsAppPanel } from './share/WhatsAppPanel.js'

const snippets = (publicId: string, origin: string) => {
  const script = `<script src="${origin}/chat.js"></script>`
  return {
    standard: `${script}\n<parley-standard bot="${publicId}" style="display:block; width:100%; height:600px"></parley-standard>`,
    popup: `${script}\n<script>\n  Parley.initPopup({ bot: "${publicId}", autoShowDelay: 3000 })\n</script>`,
    bubble: `${script}\n<script>\n  Parley.initBubble({ bot: "${publicId}" })\n</script>`,
    iframe: `<iframe src="${origin}/${publicId}" style="border:none; width:100%; height:600px" allow="microphone; clipboard-write"></iframe>`,
  }
}

const modes = [
  { value: 'standard', label: msg('Inline') },
  { value: 'popup', label: msg('Popup') },
  { value: 'bubble', label: msg('Bubble') },
  { value: 'iframe', label: msg('Iframe') },
]

export const ShareTab = ({ bot, canWrite, onSaved }: { bot: Bot; canWrite: boolean; onSaved: () => Promise<unknown> }) => {
  const { t } = useTranslation()
  const [mode, setMode] = useState('standard')
  const origin = useChatOrigin()
  const url = bot.publicId ? `${origin}/${bot.publicId}` : ''
  // Visitors get the live version's schedule and hosted page, which may not be the draft's (unpublished changes, a
  // rollback): the notices say what holds now; an unpublished bot shows what publishing will bring.
  const live = useQuery({
    queryKey: ['published-settings', bot.id, bot.publishedAt, bot.updatedAt],
    enabled: Boolean(bot.publishedAt),
    queryFn: () => api.get<{ publishedBot: { settings: Settings } }>(`/v1/bots/${bot.id}/publishedBot`).then((r) => r.publishedBot.settings),
  })
  const settings = bot.publishedAt ? live.data : bot.settings
  return (
    <Stack maw={860} gap="lg">
      {!bot.publishedAt && (
        <Alert color="yellow" variant="light" title={t('Not published yet')}>
          {t('Visitors see the bot once it is published.')} {canWrite ? t('Use “Publish” above.') : t('Ask a member of the workspace to publish it.')}
        </Alert>
      )}
      {bot.isClosed && (
        <Alert color="gray" variant="light" title={t('Closed')}>
          {t('New chats are refused while the bot is closed. Reopen it to take visitors again.')}
        </Alert>
      )}
      <AvailabilityNotice settings={settings} />
      <Card withBorder padding="lg">
        <Stack>
          <Title order={2} size="h4">
            {t('Hosted page')}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey={msg(
                'The bot as a page of its own on this server: share the link, nothing to install. Query parameters (<code>?Name=Ada</code>) prefill variables.',
              )}
              components={{ code: <code /> }}
            />
          </Text>
          {url && <CopyField label={t('Link')} value={url} />}
          <PublicIdForm bot={bot} canWrite={canWrite} onSaved={onSaved} />
          {url && bot.publishedAt && hasHostedPage(settings) && (
            <Group>
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noreferrer"
                variant="light"
                rightSection={<IconExternalLink size={14} aria-hidden />}
              >
                {t('Open the page')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <CustomDomainPanel bot={bot} canWrite={canWrite} onSaved={onSaved} />
      {bot.publicId && (
        <Card withBorder padding="lg">
          <Stack>
            <Title order={2} size="h4">
              {t('Embed in a website')}
            </Title>
            <SegmentedControl
              // The iframe mode shows the hosted page: not for an embed-only bot.
              data={modes.filter((m) => m.value !== 'iframe' || hasHostedPage(settings)).map((m) => ({ value: m.value, label: t(m.label) }))}
              value={mode}
              onChange={setMode}
              aria-label={t('Embed mode')}
              w="fit-content"
            />
            <CopyField label={t('Snippet')} value={snippets(bot.publicId, origin)[mode as keyof ReturnType<typeof snippets>]} multiline />
            <Text size="xs" c="dimmed">
              <Trans
                t={t}
                i18nKey={msg(
                  'Paste it into the page\'s HTML. The widget is served by this server (<url>{{script}}</url>); Typebot\'s own embed client also works with <code>apiHost: "{{origin}}"</code>.',
                )}
                values={{ script: `${origin}/chat.js`, origin }}
                components={{ url: <Anchor href={`${origin}/chat.js`} size="xs" />, code: <code /> }}
              />
            </Text>
          </Stack>
        </Card>
      )}
      <EmbeddingSettings bot={bot} canWrite={canWrite} onSaved={onSaved} />
      <WhatsAppPanel bot={bot} canWrite={canWrite} onSaved={onSaved} />
      <TelegramPanel bot={bot} canWrite={canWrite} onSaved={onSaved} />
    </Stack>
  )
}

const PublicIdForm = ({ bot, canWrite, onSaved }: { bot: Bot; canWrite: boolean; onSaved: () => Promise<unknown> }) => {
  const { t } = useTranslation()
  const [publicId, setPublicId] = useState(bot.publicId ?? '')
  useEffect(() => setPublicId(bot.publicId ?? ''), [bot.publicId])
  const save = useSubmit(async () => {
    await api.patch(`/v1/bots/${bot.id}`, { bot: { publicId: publicId.trim() } })
    await onSaved()
    notifications.show({ color: 'green', message: t('Address saved. Publish again for the page to move.') })
  })
  if (!canWrite) return null
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void save.submit()
      }}
    >
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('Address')}
          leftSection={
            <Text size="xs" c="dimmed" pl={6}>
              /
            </Text>
          }
          description={t('Letters, digits and dashes.')}
          value={publicId}
          onChange={(e) => setPublicId(e.currentTarget.value)}
          error={save.error}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" loading={save.busy} disabled={!publicId.trim() || publicId.trim() === bot.publicId}>
          {t('Save address')}
        </Button>
      </Group>
    </form>
  )
}

const EmbeddingSettings = ({ bot, canWrite, onSaved }: { bot: Bot; canWrite: boolean; onSaved: () => Promise<unknown> }) => {
  const { t } = useTranslation()
  const [origins, setOrigins] = useState<string[]>(bot.settings.security?.allowedOrigins ?? [])
  const [remember, setRemember] = useState(bot.settings.general?.rememberUser?.isEnabled === true)
  const [storage, setStorage] = useState<'session' | 'local'>(bot.settings.general?.rememberUser?.storage ?? 'session')
  const save = useSubmit(async () => {
    const settings = {
      ...bot.settings,
      security: { ...bot.settings.security, allowedOrigins: origins },
      general: { ...bot.settings.general, rememberUser: { ...bot.settings.general?.rememberUser, isEnabled: remember, storage } },
    }
    await api.patch(`/v1/bots/${bot.id}`, { bot: { settings } })
    await onSaved()
    notifications.show({ color: 'green', message: t('Saved. Publish for visitors to get the change.') })
  })
  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save.submit()
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {t('Embedding settings')}
          </Title>
          <TagsInput
            label={t('Allowed origins')}
            description={t('Sites that may embed the bot, like https://www.example.com. Empty: any site.')}
            placeholder={origins.length ? '' : 'https://www.example.com'}
            value={origins}
            onChange={setOrigins}
            disabled={!canWrite}
            clearable
          />
          <Switch
            label={t('Remember the visitor')}
            description={t('A visitor who comes back continues their chat instead of starting over.')}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
            disabled={!canWrite}
          />
          {remember && (
            <Select
              label={t('Remember for')}
              data={[
                { value: 'session', label: t('The browser tab (session storage)') },
                { value: 'local', label: t('Until the browser data is cleared (local storage)') },
              ]}
              value={storage}
              onChange={(v) => v && setStorage(v as 'session' | 'local')}
              allowDeselect={false}
              disabled={!canWrite}
              maw={420}
            />
          )}
          {canWrite && (
            <Group>
              <Button type="submit" loading={save.busy}>
                {t('Save settings')}
              </Button>
              {save.error && (
                <Text c="red" size="sm" role="alert">
                  {save.error}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  )
}
