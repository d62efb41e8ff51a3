// The variable picker: search the bot's variables or create one by typing its name; inserts `{{name}}` where the
// cursor was when the picker opened (at the end if the text was never focused).
import { Button, Combobox, Text, useCombobox } from '@mantine/core'
import { IconBraces, IconPlus } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type BaseSelection, Editor } from 'slate'
import { ReactEditor, useSlate } from 'slate-react'
import type { Variable } from '../types.js'
import { insertVariable } from './commands.js'
import { syncSelection } from './syncSelection.js'

const CREATE = '\u0000create'

export const VariablePicker = ({ variables, onCreateVariable }: { variables: Variable[]; onCreateVariable: (name: string) => Variable }) => {
  const { t } = useTranslation()
  const editor = useSlate()
  const [search, setSearch] = useState('')
  const selection = useRef<BaseSelection>(null)
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: () => {
      combobox.resetSelectedOption()
      setSearch('')
    },
  })

  const query = search.trim()
  const shown = variables.filter((variable) => variable.name.toLowerCase().includes(query.toLowerCase()))
  const exists = variables.some((variable) => variable.name === query)

  const submit = (value: string) => {
    const name = value === CREATE ? onCreateVariable(query).name : variables.find((variable) => variable.id === value)?.name
    combobox.closeDropdown()
    if (!name) return
    insertVariable(editor, name, selection.current ?? Editor.end(editor, []))
    ReactEditor.focus(editor)
  }

  return (
    <Combobox store={combobox} onOptionSubmit={submit} width={260} position="bottom-start" shadow="md">
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconBraces size={16} />}
          aria-label={t('Insert variable')}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
          onMouseDown={(event) => {
            event.preventDefault()
            syncSelection(editor)
          }}
          onClick={() => {
            selection.current = editor.selection
            combobox.toggleDropdown()
          }}
        >
          {t('Variable')}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            combobox.updateSelectedOptionIndex()
          }}
          placeholder={t('Search or create a variable')}
          aria-label={t('Search or create a variable')}
        />
        <Combobox.Options mah={220} style={{ overflowY: 'auto' }}>
          {shown.map((variable) => (
            <Combobox.Option value={variable.id} key={variable.id}>
              {variable.name}
            </Combobox.Option>
          ))}
          {query && !exists && (
            <Combobox.Option value={CREATE}>
              <Text size="sm" span>
                <IconPlus size={12} /> {t('Create “{{name}}”', { name: query })}
              </Text>
            </Combobox.Option>
          )}
          {shown.length === 0 && !query && <Combobox.Empty>{t('No variables yet: type a name to create one')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
