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
import type { Theme } from '../../../../../src/contract/bot/common.js'
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
  { part: 'hostBubbles', title: 'Bot bubbles' },
  { part: 'guestBubbles', title: 'User bubbles' },
  { part: 'buttons', title: 'Buttons' },
  { part: 'inputs', title: 'Inputs' },
]

const cornerOptions = [
  { value: 'default', label: 'Default' },
  { value: 'none', label: 'Square' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
  { value: 'custom', label: 'Custom' },
]

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const num = (value: unknown) => (typeof value === 'number' ? value : '')

/**
 * A Google font: picked from the list or typed (any family Google serves). Saved when picked, on Enter and when the
 * field is left, not at each key: the preview would load a stylesheet for every partial name.
 */
const FontField = ({ family, onCommit }: { family: string; onCommit(family: string): void }) => {
  const [typed, setTyped] = useState(family)
  useEffect(() => setTyped(family), [family])
  const commit = (value: string) => value.trim() !== family && onCommit(value.trim())
  return (
    <Autocomplete
      label="Font"
      description="Pick a Google font or type the name of another one"
      placeholder="Default (system font)"
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
  /** The background each type had in this editor, so that trying an image and going back keeps the colour. */
  const rememberedBackgrounds = useRef<Partial<Record<BackgroundType, string>>>({})
  const get = (path: Path) => getPath(theme, path)
  const set = (path: Path, value: unknown) => onChange(setPath(theme, path, value))
  const color = (label: string, path: Path, save = (value: string) => set(path, blankToUndefined(value))) => (
    <ColorInput
      label={label}
      placeholder="Default"
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
    <Accordion aria-label="Theme" multiple defaultValue={['general']} variant="separated">
      <Accordion.Item value="general">
        <Accordion.Control>Font and background</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              <Choice<FontType>
                label="Font source"
                value={font.type}
                data={[
                  { value: 'Google', label: 'Google font' },
                  { value: 'Custom', label: 'Custom' },
                ]}
                onChange={(type) => onChange(withFont(theme, type, font.family))}
              />
              {font.type === 'Google' ? (
                <FontField family={font.family} onCommit={(family) => onChange(withFont(theme, 'Google', family))} />
              ) : (
                <TextInput
                  label="Font family"
                  description="A family the page already has (e.g. from @font-face in the custom CSS)"
                  value={font.family}
                  onChange={(e) => onChange(withFont(theme, 'Custom', e.currentTarget.value))}
                />
              )}
              <Choice<BackgroundType>
                label="Background"
                value={background}
                data={[
                  { value: 'Color', label: 'Colour' },
                  { value: 'Image', label: 'Image' },
                  { value: 'None', label: 'None' },
                ]}
                onChange={changeBackgroundType}
              />
              {background === 'Color' &&
                color('Background colour', ['general', 'background', 'content'], (value) => onChange(withBackgroundContent(theme, 'Color', value)))}
              {background === 'Image' && (
                <TextInput
                  label="Background image URL"
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
        <Accordion.Control>Bubbles, buttons and inputs</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="md">
              {parts.map(({ part, title }) => {
                const corners = text(get(['chat', part, 'border', 'roundeness'])) || 'default'
                return (
                  <Fieldset key={part} legend={title} disabled={readOnly}>
                    <SimpleGrid cols={2} spacing="sm">
                      {color(`${title}: background`, ['chat', part, 'backgroundColor'])}
                      {color(`${title}: text`, ['chat', part, 'color'])}
                      {part === 'inputs' && color('Inputs: placeholder', ['chat', 'inputs', 'placeholderColor'])}
                      <Select
                        label={`${title}: corners`}
                        data={cornerOptions}
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
                          label={`${title}: corner radius (px)`}
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
        <Accordion.Control>Avatars</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              {(
                [
                  ['hostAvatar', 'Bot avatar'],
                  ['guestAvatar', 'User avatar'],
                ] as const
              ).map(([key, label]) => {
                const url = text(get(['chat', key, 'url']))
                const enabled = get(['chat', key, 'isEnabled'])
                return (
                  <Group key={key} align="flex-end" wrap="nowrap">
                    <Switch
                      label={`Show the ${label.toLowerCase()}`}
                      checked={typeof enabled === 'boolean' ? enabled : Boolean(url)}
                      onChange={(e) => set(['chat', key, 'isEnabled'], e.currentTarget.checked)}
                      mb={8}
                      w={190}
                    />
                    <TextInput
                      style={{ flex: 1 }}
                      label={`${label} image URL`}
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
        <Accordion.Control>Progress bar</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              <Switch
                label="Show a progress bar"
                checked={get([...progress, 'isEnabled']) === true}
                onChange={(e) => set([...progress, 'isEnabled'], e.currentTarget.checked)}
              />
              <SimpleGrid cols={2} spacing="sm">
                {color('Progress colour', [...progress, 'color'])}
                {color('Progress track colour', [...progress, 'backgroundColor'])}
                <NumberInput
                  label="Thickness (px)"
                  min={1}
                  max={20}
                  placeholder="Default"
                  value={num(get([...progress, 'thickness']))}
                  onChange={(v) => set([...progress, 'thickness'], typeof v === 'number' ? v : undefined)}
                />
                <Choice<'Top' | 'Bottom'>
                  label="Placement"
                  value={get([...progress, 'placement']) === 'Bottom' ? 'Bottom' : 'Top'}
                  data={[
                    { value: 'Top', label: 'Top' },
                    { value: 'Bottom', label: 'Bottom' },
                  ]}
                  onChange={(v) => set([...progress, 'placement'], v)}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="css">
        <Accordion.Control>Custom CSS</Accordion.Control>
        <Accordion.Panel>
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Textarea
              label="Custom CSS"
              description="Applied inside the chat widget (its shadow root), after Parley's styles"
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
