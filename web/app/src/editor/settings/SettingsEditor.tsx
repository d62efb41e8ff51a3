// The bot's behaviour around the flow: typing emulation, remember user, general switches, system messages, the
// hosted page's metadata, allowed origins and branding. Each control writes only its own key (paths.ts); a
// control showing a default writes nothing until it is changed.
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
import { defaultSettings, defaultSystemMessages, type Settings } from '../../../../../src/contract/bot/common.js'
import { languages } from '../../../../../src/contract/languages.js'
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
  invalidMessage: 'Invalid answer',
  botClosed: 'Bot closed',
  networkErrorTitle: 'Network error: title',
  networkErrorMessage: 'Network error: message',
  popupBlockedTitle: 'Popup blocked: title',
  popupBlockedDescription: 'Popup blocked: description',
  popupBlockedButtonLabel: 'Popup blocked: button',
  fileUploadError: 'File upload failed',
  fileUploadSizeError: 'File too large ([[file]], [[limit]] are replaced)',
  whatsAppPictureChoiceSelectLabel: 'WhatsApp picture choice: select button',
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
      <Section value="typing" title="Typing emulation" readOnly={readOnly}>
        {toggle('Show the bot typing before its messages', ['typingEmulation', 'enabled'], typing.enabled)}
        <SimpleGrid cols={2} spacing="sm">
          {number('Reading speed (words per minute)', ['typingEmulation', 'speed'], typing.speed, { min: 1, max: 2000 })}
          {number('Longest wait (seconds)', ['typingEmulation', 'maxDelay'], typing.maxDelay, { min: 0, max: 60, step: 0.5 })}
          {number('Pause between bubbles (seconds)', ['typingEmulation', 'delayBetweenBubbles'], typing.delayBetweenBubbles, {
            min: 0,
            max: 10,
            step: 0.5,
          })}
        </SimpleGrid>
        {toggle('No typing before the first message', ['typingEmulation', 'isDisabledOnFirstMessage'], typing.isDisabledOnFirstMessage)}
      </Section>

      <Section value="remember" title="Remember the user" readOnly={readOnly}>
        {toggle(
          'Resume the chat where the user left it',
          ['general', 'rememberUser', 'isEnabled'],
          general.rememberUser.isEnabled,
          'The chat and its result are kept in the browser; a new version of the bot starts afresh.',
        )}
        <Stack gap={4}>
          <Input.Label c={rememberUser ? undefined : 'dimmed'}>Kept</Input.Label>
          <SegmentedControl
            aria-label="Where the chat is kept"
            disabled={!rememberUser || readOnly}
            value={get(['general', 'rememberUser', 'storage']) === 'local' ? 'local' : 'session'}
            data={[
              { value: 'session', label: 'Until the tab closes' },
              { value: 'local', label: 'Across visits' },
            ]}
            onChange={(v) => set(['general', 'rememberUser', 'storage'], v)}
          />
        </Stack>
      </Section>

      <Section value="general" title="General" readOnly={readOnly}>
        <Select
          label="Language"
          description="The language the bot speaks: its hosted page is marked with it, for browsers, search engines and screen readers."
          data={languageChoices(get(['general', 'language']))}
          value={String(get(['general', 'language']) ?? 'en')}
          onChange={(tag) => set(['general', 'language'], tag ?? undefined)}
          allowDeselect={false}
          readOnly={readOnly}
        />
        {toggle(
          'Hide query parameters',
          ['general', 'isHideQueryParamsEnabled'],
          general.isHideQueryParamsEnabled,
          'Prefilled variables are removed from the hosted page’s address once read.',
        )}
        {toggle(
          'Prefill inputs',
          ['general', 'isInputPrefillEnabled'],
          general.isInputPrefillEnabled,
          'An input saving into a variable that has a value shows it, ready to send.',
        )}
        {toggle('New result on every reload', ['general', 'isNewResultOnRefreshEnabled'], general.isNewResultOnRefreshEnabled)}
      </Section>

      <Section value="messages" title="System messages" readOnly={readOnly}>
        <Text size="sm" c="dimmed">
          What the chat says in these situations; empty fields keep the text shown in grey.
        </Text>
        {(Object.keys(defaultSystemMessages) as (keyof typeof defaultSystemMessages)[]).map((key) =>
          textField(systemMessageLabels[key], ['general', 'systemMessages', key], { placeholder: defaultSystemMessages[key] }),
        )}
      </Section>

      <Section value="metadata" title="Hosted page metadata" readOnly={readOnly}>
        {textField('Page title', ['metadata', 'title'])}
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={String(get(['metadata', 'description']) ?? '')}
          onChange={(e) => set(['metadata', 'description'], blank(e.currentTarget.value))}
        />
        {textField('Favicon URL', ['metadata', 'favIconUrl'], { placeholder: 'https://…' })}
        {textField('Social preview image URL', ['metadata', 'imageUrl'], { placeholder: 'https://…' })}
        {textField('Google Tag Manager ID', ['metadata', 'googleTagManagerId'], { placeholder: 'GTM-XXXXXXX' })}
        {toggle('Let search engines index the page', ['metadata', 'allowIndexing'], false)}
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Custom head code runs on the hosted page">
          It is inserted into the page of this bot as it is, scripts included, and runs for every visitor with the page’s rights. Only add code you
          trust.
        </Alert>
        <Textarea
          label="Custom head code"
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={String(get(['metadata', 'customHeadCode']) ?? '')}
          onChange={(e) => set(['metadata', 'customHeadCode'], blank(e.currentTarget.value))}
        />
      </Section>

      <Section value="security" title="Security" readOnly={readOnly}>
        <TagsInput
          label="Allowed origins"
          description="Sites allowed to run this bot’s chat (e.g. https://www.example.com); empty: any site. Press Enter after each."
          placeholder="https://…"
          value={(get(['security', 'allowedOrigins']) as string[] | undefined) ?? []}
          onChange={(origins) => set(['security', 'allowedOrigins'], origins.length > 0 ? origins : undefined)}
        />
      </Section>

      <Section value="branding" title="Branding" readOnly={readOnly}>
        {toggle('Show the “Made with Parley” badge', ['general', 'isBrandingEnabled'], general.isBrandingEnabled)}
      </Section>
    </Accordion>
  )
}
