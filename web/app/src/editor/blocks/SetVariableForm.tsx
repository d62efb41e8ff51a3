// Set variable: the value type decides which fields matter (an expression for Custom, a time zone for dates, the
// lists for "Map item with same index"…); only those are shown, the others are kept as they are.
import { Select, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { type SetVariableValueType, setVariableValueTypes } from '../../../../../src/blocks/logic/setVariable/schema.js'
import { msg } from '../../i18n/index.js'
import type { BlockFormProps } from '../types.js'
import { VariableInput } from '../variables/VariableInput.js'
import { VariableSelect } from '../variables/VariableSelect.js'
import { asObj } from './GenericForm.js'
import { optionsOf, withOption } from './blockParts.js'

const explained: Partial<Record<SetVariableValueType, string>> = {
  Empty: msg('Clears the variable.'),
  'Environment name': msg('web, whatsapp or telegram: where the chat runs.'),
  Transcript: msg('The conversation so far, as text.'),
  'User ID': msg('The user’s id (the result id on the web).'),
  'Result ID': msg('The id of this chat’s result.'),
  'Random ID': msg('A new random id.'),
  'Moment of the day': msg('morning, afternoon, evening or night.'),
  'Phone number': msg('The phone number of the WhatsApp contact.'),
  'Contact name': msg('The name of the WhatsApp or Telegram contact.'),
  'Referral Click ID': msg('WhatsApp: the click id of the ad that opened the chat.'),
  'Referral Source ID': msg('WhatsApp: the id of the ad or post that opened the chat.'),
  'Device type': msg('mobile, tablet or desktop, as the visitor’s browser tells.'),
}
const dated = new Set<SetVariableValueType>(['Now', 'Today', 'Yesterday', 'Tomorrow'])

export const SetVariableForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const { t } = useTranslation()
  const options = optionsOf(block)
  const type = (typeof options.type === 'string' ? options.type : 'Custom') as SetVariableValueType
  const explanation = explained[type]
  const set = (key: string, value: unknown) => onChange(withOption(block, key, value))
  const text = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : '')
  const mapping = asObj(options.mapListItemParams)
  const setMapping = (key: string, value: string | undefined) => set('mapListItemParams', { ...mapping, [key]: value })
  return (
    <Stack gap="sm">
      <VariableSelect label={t('Variable')} value={text('variableId') || undefined} onChange={(id) => set('variableId', id)} ctx={ctx} />
      <Select
        label={t('Value')}
        data={[...setVariableValueTypes]}
        value={type}
        onChange={(v) => set('type', v ?? 'Custom')}
        allowDeselect={false}
        searchable
        readOnly={ctx.readOnly}
      />
      {explanation && (
        <Text size="sm" c="dimmed">
          {t(explanation)}
        </Text>
      )}
      {type === 'Custom' && (
        <>
          <Switch
            label={t('Code (JavaScript whose return value is saved)')}
            checked={options.isCode === true}
            onChange={(e) => set('isCode', e.currentTarget.checked)}
            disabled={ctx.readOnly}
          />
          <VariableInput
            label={options.isCode === true ? t('Code') : t('Value')}
            value={text('expressionToEvaluate')}
            onChange={(v) => set('expressionToEvaluate', v)}
            multiline
            ctx={ctx}
          />
          <Switch
            label={t('Run in the user’s browser')}
            description={t('Needed for code that reads the page (window, document).')}
            checked={options.isExecutedOnClient === true}
            onChange={(e) => set('isExecutedOnClient', e.currentTarget.checked)}
            disabled={ctx.readOnly}
          />
        </>
      )}
      {type === 'Append value(s)' && (
        <VariableInput label={t('Value(s) to append')} value={text('item')} onChange={(v) => set('item', v)} ctx={ctx} />
      )}
      {dated.has(type) && (
        <TextInput
          label={t('Time zone (optional)')}
          description={t('An IANA name such as Europe/Paris; UTC when empty.')}
          value={text('timeZone')}
          onChange={(e) => set('timeZone', e.currentTarget.value || undefined)}
          readOnly={ctx.readOnly}
        />
      )}
      {type === 'Map item with same index' && (
        <>
          <VariableSelect
            label={t('Item')}
            value={mapping.baseItemVariableId as string}
            onChange={(id) => setMapping('baseItemVariableId', id)}
            ctx={ctx}
          />
          <VariableSelect
            label={t('From the list')}
            value={mapping.baseListVariableId as string}
            onChange={(id) => setMapping('baseListVariableId', id)}
            ctx={ctx}
          />
          <VariableSelect
            label={t('Its counterpart in the list')}
            value={mapping.targetListVariableId as string}
            onChange={(id) => setMapping('targetListVariableId', id)}
            ctx={ctx}
          />
        </>
      )}
      {(type === 'Pop' || type === 'Shift') && (
        <VariableSelect
          label={type === 'Pop' ? t('Save the last item in') : t('Save the first item in')}
          value={text('saveItemInVariableId') || undefined}
          onChange={(id) => set('saveItemInVariableId', id)}
          ctx={ctx}
        />
      )}
    </Stack>
  )
}
