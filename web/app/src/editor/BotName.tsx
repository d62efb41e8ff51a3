// The bot's name in the editor's header, renamed in place: click (or Tab to) it, type, and Enter or leaving the
// field keeps the new name (autosaved with the draft); Escape brings the old one back. Guests see it as a title.
import { TextInput, Title, VisuallyHidden } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './botName.css'

export const BotName = ({ name, readOnly, onRename }: { name: string; readOnly: boolean; onRename(name: string): void }) => {
  const { t } = useTranslation()
  const shown = (value: string) => value || t('Untitled bot')
  const [typed, setTyped] = useState(name)
  useEffect(() => setTyped(name), [name])
  if (readOnly)
    return (
      <Title order={1} size="h4" maw={280} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {shown(name)}
      </Title>
    )
  // An empty name is not a name: leaving the field empty keeps the one the bot had.
  const commit = () => {
    const next = typed.trim()
    if (next && next !== name) onRename(next)
    else setTyped(name)
  }
  return (
    <>
      <VisuallyHidden component="h1">{shown(name)}</VisuallyHidden>
      <TextInput
        aria-label={t('Bot name')}
        title={t('Rename the bot')}
        className="pg-bot-name"
        variant="unstyled"
        size="md"
        rightSection={<IconPencil size={14} aria-hidden color="var(--mantine-color-gray-6)" />}
        rightSectionPointerEvents="none"
        w={260}
        miw={120}
        style={{ flexShrink: 1 }}
        maxLength={200}
        value={typed}
        placeholder={t('Untitled bot')}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur()
          if (event.key === 'Escape') {
            event.stopPropagation()
            setTyped(name)
            // The old name first: the blur that follows then finds nothing to save.
            const input = event.currentTarget
            requestAnimationFrame(() => input.blur())
          }
        }}
        styles={{ input: { fontWeight: 700, fontSize: 'var(--mantine-h4-font-size)', paddingInline: 6 } }}
      />
    </>
  )
}
