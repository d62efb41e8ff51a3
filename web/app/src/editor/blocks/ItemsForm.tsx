// Buttons and picture choices: each item is a choice the user can make and may have its own edge (edges start from
// `item.id`), so items are added, removed, reordered and relabelled but their ids are never rewritten.
import { Fieldset, Group, Paper, Stack, Text } from '@mantine/core'
import { blockSchemaByType } from '../../../../../src/blocks/schemas.js'
import { InputBlockType } from '../../../../../src/contract/bot/blockTypes.js'
import { newId } from '../../../../../src/contract/ids.js'
import { AddRow, RowControls } from './RowControls.js'
import type { BlockFormProps } from '../types.js'
import { VariableInput } from '../variables/VariableInput.js'
import { itemsOf } from '../../../../../src/contract/bot/graph.js'
import { type Item, withItems } from './blockParts.js'
import { GenericForm } from './GenericForm.js'
import { objectFields } from './formModel.js'
import { formHints, hiding } from './hints.js'

type ItemField = { key: string; label: string; multiline?: boolean }
const choiceFields: ItemField[] = [
  { key: 'content', label: 'Label' },
  { key: 'value', label: 'Saved value (optional)' },
]
const pictureFields: ItemField[] = [
  { key: 'pictureSrc', label: 'Picture URL' },
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Description', multiline: true },
  { key: 'value', label: 'Saved value (optional)' },
]

export const ItemsForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const pictures = block.type === InputBlockType.PICTURE_CHOICE
  const [noun, fields] = pictures ? ['Picture', pictureFields] : ['Button', choiceFields]
  const items = itemsOf(block)
  const setItems = (next: Item[]) => onChange(withItems(block, next))
  const setItem = (i: number, key: string, value: string) =>
    setItems(items.map((item, j) => (j === i ? (value === '' && key !== 'content' ? omit(item, key) : { ...item, [key]: value }) : item)))
  const schema = pictures ? blockSchemaByType[InputBlockType.PICTURE_CHOICE] : blockSchemaByType[InputBlockType.CHOICE]
  const optionFields = objectFields(schema, hiding(formHints(block.type), 'items'))
  return (
    <Stack gap="md">
      <Fieldset legend={`${noun}s`} variant="filled">
        <Stack gap="xs">
          {items.length === 0 && (
            <Text size="sm" c="dimmed">
              No {noun.toLowerCase()} yet.
            </Text>
          )}
          {items.map((item, i) => {
            const name = `${noun} ${i + 1}`
            return (
              <Paper key={item.id} withBorder p="xs" role="group" aria-label={name}>
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                    {fields.map((f) => (
                      <VariableInput
                        key={f.key}
                        label={`${name}: ${f.label.toLowerCase()}`}
                        value={typeof item[f.key] === 'string' ? (item[f.key] as string) : ''}
                        onChange={(v) => setItem(i, f.key, v)}
                        multiline={f.multiline}
                        ctx={ctx}
                      />
                    ))}
                  </Stack>
                  {!ctx.readOnly && <RowControls name={name} list={items} index={i} onChange={setItems} />}
                </Group>
              </Paper>
            )
          })}
          {!ctx.readOnly && (
            <AddRow onClick={() => setItems([...items, pictures ? { id: newId() } : { id: newId(), content: '' }])}>
              Add a {noun.toLowerCase()}
            </AddRow>
          )}
        </Stack>
      </Fieldset>
      <GenericForm
        fields={optionFields}
        value={block}
        onChange={(next) => onChange(next as typeof block)}
        ctx={ctx}
        credentialsType={() => undefined}
      />
    </Stack>
  )
}

const omit = (item: Item, key: string): Item => {
  const { [key]: _, ...rest } = item
  return rest as Item
}
