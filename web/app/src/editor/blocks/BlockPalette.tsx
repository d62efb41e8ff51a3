// The block palette: every kind by category, searchable. An entry is dragged onto the canvas (which reads the type
// from the drag data) or picked with a click or Enter.
import { Accordion, Group, Stack, Text, TextInput, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { blockCatalog, blockCategories, type CatalogEntry } from './catalog.js'

/** The drag data type carrying a block type from the palette to the canvas. */
export const blockDragType = 'application/parley-block'

export type BlockPaletteProps = {
  onPick: (type: string) => void
  readOnly?: boolean
}

/** Whether an entry matches the search, by its name or description (as shown, or in English) or its type. */
const matches = (entry: CatalogEntry, query: string, t: TFunction) => {
  const q = query.trim().toLowerCase()
  return !q || [t(entry.label), t(entry.description), entry.label, entry.description, entry.type].some((text) => text.toLowerCase().includes(q))
}

export const BlockPalette = ({ onPick, readOnly }: BlockPaletteProps) => {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const groups = useMemo(
    () =>
      blockCategories
        .map((c) => ({ ...c, entries: blockCatalog.filter((e) => e.category === c.id && matches(e, query, t)) }))
        .filter((g) => g.entries.length),
    [query, t],
  )
  const allOpen = blockCategories.map((c) => c.id)
  return (
    <Stack gap="xs" role="region" aria-label={t('Blocks')}>
      <TextInput
        label={t('Search blocks')}
        placeholder={t('Email, condition, OpenAI…')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter in the search adds the only match, so "email ⏎" is enough.
          const only = groups.length === 1 && groups[0].entries.length === 1 ? groups[0].entries[0] : undefined
          if (e.key === 'Enter' && only && !readOnly) onPick(only.type)
        }}
      />
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('No block matches “{{query}}”.', { query })}
        </Text>
      )}
      <Accordion multiple defaultValue={allOpen} variant="filled" chevronPosition="left">
        {groups.map((group) => (
          <Accordion.Item key={group.id} value={group.id}>
            <Accordion.Control>{t(group.label)}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap={2}>
                {group.entries.map((entry) => (
                  <PaletteEntry key={entry.type} entry={entry} onPick={onPick} readOnly={readOnly} />
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  )
}

const PaletteEntry = ({ entry, onPick, readOnly }: { entry: CatalogEntry; onPick: (type: string) => void; readOnly?: boolean }) => {
  const { t } = useTranslation()
  const Icon = entry.icon
  const label = t(entry.label)
  const description = t(entry.description)
  return (
    <UnstyledButton
      draggable={!readOnly}
      disabled={readOnly}
      onDragStart={(e) => {
        e.dataTransfer.setData(blockDragType, entry.type)
        e.dataTransfer.effectAllowed = 'copy'
      }}
      onClick={() => onPick(entry.type)}
      aria-label={t('Add {{block}}: {{description}}', { block: label, description })}
      title={description}
      p={6}
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-sm)', cursor: readOnly ? 'default' : 'grab' }}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="md" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {label}
          </Text>
          {/* The space makes the text read "Text A message…", as the name says it (WCAG: label in name). */}{' '}
          <Text size="xs" c="dimmed" truncate>
            {description}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  )
}
