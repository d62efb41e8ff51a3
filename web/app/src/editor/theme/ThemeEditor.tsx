// The bot's look: font, background, the chat's colours and corners, avatars, progress bar and custom CSS. Each
// control writes only its own keys (themeChanges.ts), so an untouched theme stays exactly as it was.
import {
  Accordion,
  Autocomplete,
  ColorInput,
  Fieldset,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Theme } from '../../../../../src/contract/bot/common.js'
import { msg } from '../../i18n/index.js'
import { getPath, type Path, setPath } from '../settings/paths.js'
import {
  type BackgroundType,
  blankToUndefined,
  type ChatPart,
  type Corners,
  type FontType,
  readFont,
  withBackgroundContent,
  withBackgroundType,
  withCorners,
  withFont,
} from './themeChanges.js'

export type ThemeEditorProps = {
  theme: Theme
  onChange(next: Theme): void
  readOnly?: boolean
}

/** Google fonts offered in the list; any other family can be typed. */
const googleFonts = [
  'Open Sans',
  'Inter',
  'Roboto',
  'Lato',
  'Montserrat',
  'Poppins',
  'Nunito',
  'Raleway',
  'Work Sans',
  'DM Sans',
  'Rubik',
  'Quicksand',
  'Merriweather',
  'Playfair Display',
]

const parts: { part: ChatPart; title: string }[] = [
  { part: 'hostBubbles', title: msg('Bot bubbles') },
  { part: 'guestBubbles', title: msg('User bubbles') },
  { part: 'buttons', title: msg('Buttons') },
  { part: 'inputs', title: msg('Inputs') },
]

const cornerOptions = [
  { value: 'default', label: msg('Default') },
  { value: 'none', label: msg('Square') },
  { value: 'medium', label: msg('Medium') },
  { value: 'large', label: msg('Large') },
  { value: 'custom', label: msg('Custom') },
]

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const num = (value: unknown) => (typeof value === 'number' ? value : '')

/**
 * A Google font: picked from the list or typed (any family Google serves). Saved when picked, on Enter and when the
 * field is left, not at each key: the preview would load a stylesheet for every partial name.
 */
const FontField = ({ family, onCommit }: { family: string; onCommit(family: string): void }) => {
  const { t } = useTranslation()
  const [typed, setTyped] = useState(family)
  useEffect(() => setTyped(family), [family])
  const commit = (value: string) => value.trim() !== family && onCommit(value.trim())
  return (
    <Autocomplete
      label={t('Font')}
      description={t('Pick a Google font or type the name of another one')}
      placeholder={t('Default (system font)')}
      data={googleFonts}
      value={typed}
      onChange={setTyped}
      onOptionSubmit={(value) => {
        setTyped(value)
        commit(value)
      }}
      onBlur={() => commit(typed)}
      onKeyDown={(event) => event.key === 'Enter' && commit(typed)}
    />
  )
}

/** Enter and Escape close a colour field's picker (it stays open while the field has the focus). */
const closeColorPicker = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter' && event.key !== 'Escape') return
  // Escape closes the picker only, not the panel around it.
  if (event.key === 'Escape') event.stopPropagation()
  event.currentTarget.blur()
}

/** A labelled choice among a few options (SegmentedControl has no label of its own). */
const Choice = <T extends string>({
  label,
  value,
  data,
  onChange,
}: {
  label: string
  value: T
  data: { value: T; label: string }[]
  onChange(value: T): void
}) => (
  <Stack gap={4}>
    <Input.Label>{label}</Input.Label>
    <SegmentedControl aria-label={label} value={value} data={data} onChange={(v) => onChange(v as T)} />
  </Stack>
)

export const ThemeEditor = ({ theme, onChange, readOnly = false }: ThemeEditorProps) => {
  const { t } = useTranslation()
  /** The background each type had in this editor, so that trying an image and going back keeps the colour. */
  const rememberedBackgrounds = useRef<Partial<Record<BackgroundType, string>>>({})
  const get = (path: Path) => getPath(theme, path)
  const set = (path: Path, value: unknown) => onChange(setPath(theme, path, value))
  const color = (label: string, path: Path, save = (value: string) => set(path, blankToUndefined(value))) => (
    <ColorInput
      label={label}
      placeholder={t('Default')}
      format="hex"
      value={text(get(path))}
      onChange={save}
      onKeyDown={closeColorPicker}
      readOnly={readOnly}
    />
  )
  const font = readFont(theme)
  const background = (text(get(['general', 'background', 'type'])) || 'Color') as BackgroundType
  const changeBackgroundType = (type: BackgroundType) => {
    rememberedBackgrounds.current[background] = text(get(['general', 'background', 'content'])) || undefined
    onChange(withBackgroundType(theme, type, rememberedBackgrounds.current[type]))
  }
  const progress: Path = ['general', 'progressBar']
  return (
    <Accordion aria-label={t('Theme')} multiple defaultValue={['general']} variant="separated">
      <Accordion.Item value="general">
        <Accordion.Control>{t('Font and background')}</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              <Choice<FontType>
                label={t('Font source')}
                value={font.type}
                data={[
                  { value: 'Google', label: t('Google font') },
                  { value: 'Custom', label: t('Custom') },
                ]}
                onChange={(type) => onChange(withFont(theme, type, font.family))}
              />
              {font.type === 'Google' ? (
                <FontField family={font.family} onCommit={(family) => onChange(withFont(theme, 'Google', family))} />
              ) : (
                <TextInput
                  label={t('Font family')}
                  description={t('A family the page already has (e.g. from @font-face in the custom CSS)')}
                  value={font.family}
                  onChange={(e) => onChange(withFont(theme, 'Custom', e.currentTarget.value))}
                />
              )}
              <Choice<BackgroundType>
                label={t('Background')}
                value={background}
                data={[
                  { value: 'Color', label: t('Colour') },
                  { value: 'Image', label: t('Image') },
                  { value: 'None', label: t('None') },
                ]}
                onChange={changeBackgroundType}
              />
              {background === 'Color' &&
                color(t('Background colour'), ['general', 'background', 'content'], (value) =>
                  onChange(withBackgroundContent(theme, 'Color', value)),
                )}
              {background === 'Image' && (
                <TextInput
                  label={t('Background image URL')}
                  placeholder="https://…"
                  value={text(get(['general', 'background', 'content']))}
                  onChange={(e) => onChange(withBackgroundContent(theme, 'Image', e.currentTarget.value))}
                />
              )}
            </Stack>
          </Fieldset>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="chat">
        <Accordion.Control>{t('Bubbles, buttons and inputs')}</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="md">
              <Switch
                label={t('Show only the latest messages')}
                description={t('Once the user answers, earlier messages are hidden; a button shows them again.')}
                checked={get(['chat', 'hidePreviousBubbles']) === true}
                onChange={(e) => set(['chat', 'hidePreviousBubbles'], e.currentTarget.checked || undefined)}
              />
              {parts.map(({ part, title: key }) => {
                const title = t(key)
                const corners = text(get(['chat', part, 'border', 'roundeness'])) || 'default'
                return (
                  <Fieldset key={part} legend={title} disabled={readOnly}>
                    <SimpleGrid cols={2} spacing="sm">
                      {color(t('{{part}}: background', { part: title }), ['chat', part, 'backgroundColor'])}
                      {color(t('{{part}}: text', { part: title }), ['chat', part, 'color'])}
                      {part === 'inputs' && color(t('Inputs: placeholder'), ['chat', 'inputs', 'placeholderColor'])}
                      <Select
                        label={t('{{part}}: corners', { part: title })}
                        data={cornerOptions.map((o) => ({ ...o, label: t(o.label) }))}
                        allowDeselect={false}
                        value={corners}
                        onChange={(v) =>
                          onChange(
                            withCorners(
                              theme,
                              part,
                              v === 'default' ? undefined : (v as Corners),
                              num(get(['chat', part, 'border', 'customRoundeness'])) || 8,
                            ),
                          )
                        }
                      />
                      {corners === 'custom' && (
                        <NumberInput
                          label={t('{{part}}: corner radius (px)', { part: title })}
                          min={0}
                          max={100}
                          value={num(get(['chat', part, 'border', 'customRoundeness']))}
                          onChange={(v) => onChange(withCorners(theme, part, 'custom', typeof v === 'number' ? v : undefined))}
                        />
                      )}
                    </SimpleGrid>
                  </Fieldset>
                )
              })}
            </Stack>
          </Fieldset>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="avatars">
        <Accordion.Control>{t('Avatars')}</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              {(
                [
                  ['hostAvatar', t('Show the bot avatar'), t('Bot avatar image URL')],
                  ['guestAvatar', t('Show the user avatar'), t('User avatar image URL')],
                ] as const
              ).map(([key, showLabel, urlLabel]) => {
                const url = text(get(['chat', key, 'url']))
                const enabled = get(['chat', key, 'isEnabled'])
                return (
                  <Group key={key} align="flex-end" wrap="nowrap">
                    <Switch
                      label={showLabel}
                      checked={typeof enabled === 'boolean' ? enabled : Boolean(url)}
                      onChange={(e) => set(['chat', key, 'isEnabled'], e.currentTarget.checked)}
                      mb={8}
                      w={190}
                    />
                    <TextInput
                      style={{ flex: 1 }}
                      label={urlLabel}
                      placeholder="https://…"
                      value={url}
                      onChange={(e) => set(['chat', key, 'url'], blankToUndefined(e.currentTarget.value))}
                    />
                  </Group>
                )
              })}
            </Stack>
          </Fieldset>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="progress">
        <Accordion.Control>{t('Progress bar')}</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              <Switch
                label={t('Show a progress bar')}
                checked={get([...progress, 'isEnabled']) === true}
                onChange={(e) => set([...progress, 'isEnabled'], e.currentTarget.checked)}
              />
              <SimpleGrid cols={2} spacing="sm">
                {color(t('Progress colour'), [...progress, 'color'])}
                {color(t('Progress track colour'), [...progress, 'backgroundColor'])}
                <NumberInput
                  label={t('Thickness (px)')}
                  min={1}
                  max={20}
                  placeholder={t('Default')}
                  value={num(get([...progress, 'thickness']))}
                  onChange={(v) => set([...progress, 'thickness'], typeof v === 'number' ? v : undefined)}
                />
                <Choice<'Top' | 'Bottom'>
                  label={t('Placement')}
                  value={get([...progress, 'placement']) === 'Bottom' ? 'Bottom' : 'Top'}
                  data={[
                    { value: 'Top', label: t('Top') },
                    { value: 'Bottom', label: t('Bottom') },
                  ]}
                  onChange={(v) => set([...progress, 'placement'], v)}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="css">
        <Accordion.Control>{t('Custom CSS')}</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Textarea
              label={t('Custom CSS')}
              description={t("Applied inside the chat widget (its shadow root), after Parley's styles")}
              autosize
              minRows={4}
              maxRows={16}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={text(theme.customCss)}
              onChange={(e) => set(['customCss'], blankToUndefined(e.currentTarget.value))}
            />
          </Fieldset>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  )
}
