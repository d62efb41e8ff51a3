// Buttons and picture choices: each item is a choice the user can make and may have its own edge (edges start from
// `item.id`), so items are added, removed, reordered and relabelled but their ids are never rewritten.
import { Fieldset, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { blockSchemaByType } from '../../../../../src/blocks/schemas.js'
import { InputBlockType } from '../../../../../src/contract/bot/blockTypes.js'
import { newId } from '../../../../../src/contract/ids.js'
import { msg } from '../../i18n/index.js'
import { AddRow, RowControls } from './RowControls.js'
import type { BlockFormProps } from '../types.js'
import { VariableInput } from '../variables/VariableInput.js'
import { itemsOf } from '../../../../../src/contract/bot/graph.js'
import { type Item, withItems } from './blockParts.js'
import { GenericForm } from './GenericForm.js'
import { objectFields } from './formModel.js'
import { formHints, hiding } from './hints.js'

/** `label` follows the item's name: "Button 1: label". */
type ItemField = { key: string; label: string; multiline?: boolean }
const choiceFields: ItemField[] = [
  { key: 'content', label: msg('label') },
  { key: 'value', label: msg('saved value (optional)') },
]
const pictureFields: ItemField[] = [
  { key: 'pictureSrc', label: msg('picture url') },
  { key: 'title', label: msg('title') },
  { key: 'description', label: msg('description'), multiline: true },
  { key: 'value', label: msg('saved value (optional)') },
]

export const ItemsForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const { t } = useTranslation()
  const pictures = block.type === InputBlockType.PICTURE_CHOICE
  const fields = pictures ? pictureFields : choiceFields
  const words = pictures
    ? { list: t('Pictures'), none: t('No picture yet.'), add: t('Add a picture') }
    : { list: t('Buttons'), none: t('No button yet.'), add: t('Add a button') }
  const items = itemsOf(block)
  const setItems = (next: Item[]) => onChange(withItems(block, next))
  const setItem = (i: number, key: string, value: string) =>
    setItems(items.map((item, j) => (j === i ? (value === '' && key !== 'content' ? omit(item, key) : { ...item, [key]: value }) : item)))
  const schema = pictures ? blockSchemaByType[InputBlockType.PICTURE_CHOICE] : blockSchemaByType[InputBlockType.CHOICE]
  const optionFields = objectFields(schema, hiding(formHints(block.type), 'items'))
  return (
    <Stack gap="md">
      <Fieldset legend={words.list} variant="filled">
        <Stack gap="xs">
          {items.length === 0 && (
            <Text size="sm" c="dimmed">
              {words.none}
            </Text>
          )}
          {items.map((item, i) => {
            const name = pictures ? t('Picture {{number}}', { number: i + 1 }) : t('Button {{number}}', { number: i + 1 })
            return (
              <Paper key={item.id} withBorder p="xs" role="group" aria-label={name}>
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                    {fields.map((f) => (
                      <VariableInput
                        key={f.key}
                        label={t('{{item}}: {{field}}', { item: name, field: t(f.label) })}
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
            <AddRow onClick={() => setItems([...items, pictures ? { id: newId() } : { id: newId(), content: '' }])}>{words.add}</AddRow>
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
