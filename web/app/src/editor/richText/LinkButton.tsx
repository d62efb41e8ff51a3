// Link add/edit/remove: a toggle opening a small form for the address of the link at (or to make from) the selection.
import { ActionIcon, Button, Group, Popover, TextInput, Tooltip } from '@mantine/core'
import { IconLink } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BaseSelection } from 'slate'
import { ReactEditor, useSlate } from 'slate-react'
import { syncSelection } from './syncSelection.js'
import { activeLink, linkAddress, removeLink, setLink } from './commands.js'

export const LinkButton = () => {
  const { t } = useTranslation()
  const editor = useSlate()
  const link = activeLink(editor)
  const [opened, setOpened] = useState(false)
  const [url, setUrl] = useState('')
  // The editor's selection when the form opened: focus moves to the address field, the link goes where the user was.
  const [selection, setSelection] = useState<BaseSelection>(null)

  const open = () => {
    setSelection(editor.selection)
    setUrl(link?.url ?? '')
    setOpened(true)
  }
  const close = (apply?: (at: NonNullable<BaseSelection>) => void) => {
    setOpened(false)
    if (apply && selection) apply(selection)
    ReactEditor.focus(editor)
  }

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={link ? t('Edit link') : t('Add link')} withArrow openDelay={400}>
          <ActionIcon
            variant={link ? 'light' : 'subtle'}
            color={link ? undefined : 'gray'}
            aria-label={t('Link')}
            aria-pressed={Boolean(link)}
            aria-haspopup="dialog"
            onMouseDown={(event) => {
              event.preventDefault()
              syncSelection(editor)
            }}
            onClick={() => (opened ? setOpened(false) : open())}
          >
            <IconLink size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            const address = linkAddress(url)
            if (address) close((at) => setLink(editor, address, at))
          }}
        >
          <TextInput
            label={t('Link address')}
            placeholder="https://…"
            error={url.trim() && !linkAddress(url) ? t('Use a web (https://), mailto:, tel: or sms: address') : undefined}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            w={280}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            {link && (
              <Button variant="subtle" color="red" size="xs" onClick={() => close((at) => removeLink(editor, at))}>
                {t('Remove link')}
              </Button>
            )}
            <Button type="submit" size="xs" disabled={!linkAddress(url)}>
              {link ? t('Save link') : t('Add link')}
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  )
}
