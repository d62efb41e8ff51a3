// Set variable: the value type decides which fields matter (an expression for Custom, a time zone for dates, the
// lists for "Map item with same index"…); only those are shown, the others are kept as they are.
import { Select, Stack, Switch, Text, TextInput } from '@mantine/core'
import { type SetVariableValueType, setVariableValueTypes } from '../../../../../src/blocks/logic/setVariable/schema.js'
import type { BlockFormProps } from '../types.js'
import { VariableInput } from '../variables/VariableInput.js'
import { VariableSelect } from '../variables/VariableSelect.js'
import { asObj } from './GenericForm.js'
import { optionsOf, withOption } from './blockParts.js'

const explained: Partial<Record<SetVariableValueType, string>> = {
  Empty: 'Clears the variable.',
  'Environment name': 'web or whatsapp, where the chat runs.',
  Transcript: 'The conversation so far, as text.',
  'User ID': 'The user’s id (the result id on the web).',
  'Result ID': 'The id of this chat’s result.',
  'Random ID': 'A new random id.',
  'Moment of the day': 'morning, afternoon, evening or night.',
  'Phone number': 'The WhatsApp user’s phone number.',
  'Contact name': 'The WhatsApp user’s name.',
}
const dated = new Set<SetVariableValueType>(['Now', 'Today', 'Yesterday', 'Tomorrow'])

export const SetVariableForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const options = optionsOf(block)
  const type = (typeof options.type === 'string' ? options.type : 'Custom') as SetVariableValueType
  const set = (key: string, value: unknown) => onChange(withOption(block, key, value))
  const text = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : '')
  const mapping = asObj(options.mapListItemParams)
  const setMapping = (key: string, value: string | undefined) => set('mapListItemParams', { ...mapping, [key]: value })
  return (
    <Stack gap="sm">
      <VariableSelect label="Variable" value={text('variableId') || undefined} onChange={(id) => set('variableId', id)} ctx={ctx} />
      <Select
        label="Value"
        data={[...setVariableValueTypes]}
        value={type}
        onChange={(v) => set('type', v ?? 'Custom')}
        allowDeselect={false}
        searchable
        readOnly={ctx.readOnly}
      />
      {explained[type] && (
        <Text size="sm" c="dimmed">
          {explained[type]}
        </Text>
      )}
      {type === 'Custom' && (
        <>
          <Switch
            label="Code (JavaScript whose return value is saved)"
            checked={options.isCode === true}
            onChange={(e) => set('isCode', e.currentTarget.checked)}
            disabled={ctx.readOnly}
          />
          <VariableInput
            label={options.isCode === true ? 'Code' : 'Value'}
            value={text('expressionToEvaluate')}
            onChange={(v) => set('expressionToEvaluate', v)}
            multiline
            ctx={ctx}
          />
          <Switch
            label="Run in the user’s browser"
            description="Needed for code that reads the page (window, document)."
            checked={options.isExecutedOnClient === true}
            onChange={(e) => set('isExecutedOnClient', e.currentTarget.checked)}
            disabled={ctx.readOnly}
          />
        </>
      )}
      {type === 'Append value(s)' && <VariableInput label="Value(s) to append" value={text('item')} onChange={(v) => set('item', v)} ctx={ctx} />}
      {dated.has(type) && (
        <TextInput
          label="Time zone (optional)"
          description="An IANA name such as Europe/Paris; UTC when empty."
          value={text('timeZone')}
          onChange={(e) => set('timeZone', e.currentTarget.value || undefined)}
          readOnly={ctx.readOnly}
        />
      )}
      {type === 'Map item with same index' && (
        <>
          <VariableSelect
            label="Item"
            value={mapping.baseItemVariableId as string}
            onChange={(id) => setMapping('baseItemVariableId', id)}
            ctx={ctx}
          />
          <VariableSelect
            label="From the list"
            value={mapping.baseListVariableId as string}
            onChange={(id) => setMapping('baseListVariableId', id)}
            ctx={ctx}
          />
          <VariableSelect
            label="Its counterpart in the list"
            value={mapping.targetListVariableId as string}
            onChange={(id) => setMapping('targetListVariableId', id)}
            ctx={ctx}
          />
        </>
      )}
      {(type === 'Pop' || type === 'Shift') && (
        <VariableSelect
          label={type === 'Pop' ? 'Save the last item in' : 'Save the first item in'}
          value={text('saveItemInVariableId') || undefined}
          onChange={(id) => set('saveItemInVariableId', id)}
          ctx={ctx}
        />
      )}
    </Stack>
  )
}
