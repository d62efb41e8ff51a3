// The bot's behaviour around the flow: typing emulation, remember user, general switches, availability (schedule,
// hosted page), system messages, the hosted page's metadata, allowed origins and branding. Each control writes only
// its own key (paths.ts); a control showing a default writes nothing until it is changed.
import {
  Accordion,
  Alert,
  Fieldset,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { defaultSettings, defaultSystemMessages, type Settings } from '../../../../../src/contract/bot/common.js'
import { languages } from '../../../../../src/contract/languages.js'
import { msg } from '../../i18n/index.js'
import { AvailabilitySettings } from './AvailabilitySettings.js'
import { getPath, type Path, setPath } from './paths.js'

/** The translated languages, and the bot's own when it names another (an imported bot). */
const languageChoices = (current: unknown) => {
  const known = languages.map((l) => ({ value: l.tag, label: l.name }))
  return typeof current === 'string' && !known.some((l) => l.value === current) ? [...known, { value: current, label: current }] : known
}

export type SettingsEditorProps = {
  settings: Settings
  onChange(next: Settings): void
  readOnly?: boolean
}

const systemMessageLabels: Record<keyof typeof defaultSystemMessages, string> = {
  invalidMessage: msg('Invalid answer'),
  botClosed: msg('Bot closed'),
  networkErrorTitle: msg('Network error: title'),
  networkErrorMessage: msg('Network error: message'),
  popupBlockedTitle: msg('Popup blocked: title'),
  popupBlockedDescription: msg('Popup blocked: description'),
  popupBlockedButtonLabel: msg('Popup blocked: button'),
  fileUploadError: msg('File upload failed'),
  fileUploadSizeError: msg('File too large ([[file]], [[limit]] are replaced)'),
  whatsAppPictureChoiceSelectLabel: msg('WhatsApp picture choice: select button'),
}

const blank = (value: string) => (value.trim() === '' ? undefined : value)

const Section = ({ value, title, readOnly, children }: { value: string; title: string; readOnly: boolean; children: ReactNode }) => (
  <Accordion.Item value={value}>
    <Accordion.Control>{title}</Accordion.Control>
    <Accordion.Panel>
      <Fieldset variant="unstyled" disabled={readOnly}>
        <Stack gap="sm">{children}</Stack>
      </Fieldset>
    </Accordion.Panel>
  </Accordion.Item>
)

export const SettingsEditor = ({ settings, onChange, readOnly = false }: SettingsEditorProps) => {
  const { t } = useTranslation()
  const get = (path: Path) => getPath(settings, path)
  const set = (path: Path, value: unknown) => onChange(setPath(settings, path, value))
  /** A switch showing the default while the key is absent. */
  const toggle = (label: string, path: Path, fallback: boolean, description?: string) => {
    const value = get(path)
    return (
      <Switch
        label={label}
        description={description}
        checked={typeof value === 'boolean' ? value : fallback}
        onChange={(e) => set(path, e.currentTarget.checked)}
      />
    )
  }
  const number = (label: string, path: Path, fallback: number, props: { min?: number; max?: number; step?: number; description?: string }) => {
    const value = get(path)
    return (
      <NumberInput
        label={label}
        {...props}
        placeholder={String(fallback)}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => set(path, typeof v === 'number' ? v : undefined)}
      />
    )
  }
  const textField = (label: string, path: Path, props: { placeholder?: string; description?: string } = {}) => (
    <TextInput label={label} {...props} value={String(get(path) ?? '')} onChange={(e) => set(path, blank(e.currentTarget.value))} />
  )
  const typing = defaultSettings.typingEmulation
  const general = defaultSettings.general
  const rememberUser = get(['general', 'rememberUser', 'isEnabled']) === true
  return (
    <Accordion multiple defaultValue={['typing']} variant="separated">
      <Section value="typing" title={t('Typing emulation')} readOnly={readOnly}>
        {toggle(t('Show the bot typing before its messages'), ['typingEmulation', 'enabled'], typing.enabled)}
        <SimpleGrid cols={2} spacing="sm">
          {number(t('Reading speed (words per minute)'), ['typingEmulation', 'speed'], typing.speed, { min: 1, max: 2000 })}
          {number(t('Longest wait (seconds)'), ['typingEmulation', 'maxDelay'], typing.maxDelay, { min: 0, max: 60, step: 0.5 })}
          {number(t('Pause between bubbles (seconds)'), ['typingEmulation', 'delayBetweenBubbles'], typing.delayBetweenBubbles, {
            min: 0,
            max: 10,
            step: 0.5,
          })}
        </SimpleGrid>
        {toggle(t('No typing before the first message'), ['typingEmulation', 'isDisabledOnFirstMessage'], typing.isDisabledOnFirstMessage)}
      </Section>

      <Section value="remember" title={t('Remember the user')} readOnly={readOnly}>
        {toggle(
          t('Resume the chat where the user left it'),
          ['general', 'rememberUser', 'isEnabled'],
          general.rememberUser.isEnabled,
          t('The chat and its result are kept in the browser; a new version of the bot starts afresh.'),
        )}
        <Stack gap={4}>
          <Input.Label c={rememberUser ? undefined : 'dimmed'}>{t('Kept')}</Input.Label>
          <SegmentedControl
            aria-label={t('Where the chat is kept')}
            disabled={!rememberUser || readOnly}
            value={get(['general', 'rememberUser', 'storage']) === 'local' ? 'local' : 'session'}
            data={[
              { value: 'session', label: t('Until the tab closes') },
              { value: 'local', label: t('Across visits') },
            ]}
            onChange={(v) => set(['general', 'rememberUser', 'storage'], v)}
          />
        </Stack>
        <Switch
          label={t('Start a new chat once the last one ended')}
          description={t('A user coming back after reaching the end starts over, as a new result; a chat not finished still resumes.')}
          disabled={!rememberUser}
          checked={get(['general', 'rememberUser', 'restartOnEnd']) === true}
          onChange={(e) => set(['general', 'rememberUser', 'restartOnEnd'], e.currentTarget.checked)}
        />
      </Section>

      <Section value="general" title={t('General')} readOnly={readOnly}>
        <Select
          label={t('Language')}
          description={t('The language the bot speaks: its hosted page is marked with it, for browsers, search engines and screen readers.')}
          data={languageChoices(get(['general', 'language']))}
          value={String(get(['general', 'language']) ?? 'en')}
          onChange={(tag) => set(['general', 'language'], tag ?? undefined)}
          allowDeselect={false}
          readOnly={readOnly}
        />
        {toggle(
          t('Hide query parameters'),
          ['general', 'isHideQueryParamsEnabled'],
          general.isHideQueryParamsEnabled,
          t('Prefilled variables are removed from the hosted page’s address once read.'),
        )}
        {toggle(
          t('Prefill inputs'),
          ['general', 'isInputPrefillEnabled'],
          general.isInputPrefillEnabled,
          t('An input saving into a variable that has a value shows it, ready to send.'),
        )}
        {toggle(t('New result on every reload'), ['general', 'isNewResultOnRefreshEnabled'], general.isNewResultOnRefreshEnabled)}
      </Section>

      <Section value="availability" title={t('Availability')} readOnly={readOnly}>
        <AvailabilitySettings settings={settings} onChange={onChange} readOnly={readOnly} />
      </Section>

      <Section value="messages" title={t('System messages')} readOnly={readOnly}>
        <Text size="sm" c="dimmed">
          {t('What the chat says in these situations; empty fields keep the text shown in grey.')}
        </Text>
        {(Object.keys(defaultSystemMessages) as (keyof typeof defaultSystemMessages)[]).map((key) =>
          textField(t(systemMessageLabels[key]), ['general', 'systemMessages', key], { placeholder: defaultSystemMessages[key] }),
        )}
      </Section>

      <Section value="metadata" title={t('Hosted page metadata')} readOnly={readOnly}>
        {textField(t('Page title'), ['metadata', 'title'])}
        <Textarea
          label={t('Description')}
          autosize
          minRows={2}
          value={String(get(['metadata', 'description']) ?? '')}
          onChange={(e) => set(['metadata', 'description'], blank(e.currentTarget.value))}
        />
        {textField(t('Favicon URL'), ['metadata', 'favIconUrl'], { placeholder: 'https://…' })}
        {textField(t('Social preview image URL'), ['metadata', 'imageUrl'], { placeholder: 'https://…' })}
        {textField(t('Google Tag Manager ID'), ['metadata', 'googleTagManagerId'], { placeholder: 'GTM-XXXXXXX' })}
        {toggle(t('Let search engines index the page'), ['metadata', 'allowIndexing'], false)}
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('Custom head code runs on the hosted page')}>
          {t(
            'It is inserted into the page of this bot as it is, scripts included, and runs for every visitor with the page’s rights. Only add code you trust.',
          )}
        </Alert>
        <Textarea
          label={t('Custom head code')}
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={String(get(['metadata', 'customHeadCode']) ?? '')}
          onChange={(e) => set(['metadata', 'customHeadCode'], blank(e.currentTarget.value))}
        />
      </Section>

      <Section value="security" title={t('Security')} readOnly={readOnly}>
        <TagsInput
          label={t('Allowed origins')}
          description={t('Sites allowed to run this bot’s chat (e.g. https://www.example.com); empty: any site. Press Enter after each.')}
          placeholder="https://…"
          value={(get(['security', 'allowedOrigins']) as string[] | undefined) ?? []}
          onChange={(origins) => set(['security', 'allowedOrigins'], origins.length > 0 ? origins : undefined)}
        />
      </Section>

      <Section value="branding" title={t('Branding')} readOnly={readOnly}>
        {toggle(t('Show the “Made with Parley” badge'), ['general', 'isBrandingEnabled'], general.isBrandingEnabled)}
      </Section>
    </Accordion>
  )
}
