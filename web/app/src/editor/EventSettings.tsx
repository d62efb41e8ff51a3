// An event's settings: a command's text (typed by the visitor as /text, or sent through the API) and whether the
// chat goes on where it was afterwards; reply events' variables for the reply, the input's type and its group.
import { Stack, Switch, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { t } from '../i18n/index.js'
import type { EditorBot, EditorContext } from './types.js'
import { VariableSelect } from './variables/VariableSelect.js'

type Event = EditorBot['events'][number]
type Options = Record<string, unknown>

export const eventTitle = (event: Event) =>
  event.type === 'command'
    ? t('Command')
    : event.type === 'reply'
      ? t('On reply')
      : event.type === 'invalidReply'
        ? t('On invalid reply')
        : t('Start')

export const EventSettings = ({ event, onChange, ctx }: { event: Event; onChange: (next: Event) => void; ctx: EditorContext }) => {
  const { t } = useTranslation()
  const options = (event.options ?? {}) as Options
  const set = (key: string, value: unknown) => {
    const { [key]: _, ...rest } = options
    onChange({ ...event, options: value === undefined || value === '' ? rest : { ...rest, [key]: value } } as Event)
  }
  if (event.type === 'command')
    return (
      <Stack gap="sm">
        <TextInput
          label={t('Command')}
          description={t('The visitor types it after a slash (/restart), or a client sends it.')}
          value={typeof options.command === 'string' ? options.command : ''}
          readOnly={ctx.readOnly}
          onChange={(e) => set('command', e.currentTarget.value)}
        />
        <Switch
          label={t('Go back to where the chat was afterwards')}
          checked={options.resumeAfter === true}
          disabled={ctx.readOnly}
          onChange={(e) => set('resumeAfter', e.currentTarget.checked || undefined)}
        />
      </Stack>
    )
  if (event.type === 'reply' || event.type === 'invalidReply')
    return (
      <Stack gap="sm">
        {(
          [
            ['contentVariableId', t('Save the reply in')],
            ['inputTypeVariableId', t("Save the input's type in")],
            ['inputNameVariableId', t("Save the input's group title in")],
          ] as const
        ).map(([key, label]) => (
          <VariableSelect key={key} label={label} value={options[key] as string | undefined} onChange={(id) => set(key, id)} ctx={ctx} />
        ))}
      </Stack>
    )
  return (
    <Text size="sm" c="dimmed">
      {t('The chat begins here: connect the start to the group the bot opens with.')}
    </Text>
  )
}
