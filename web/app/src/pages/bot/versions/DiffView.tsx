// What changed between two versions, as an author reads it: groups and blocks by title and text, edges by the
// groups they join, variables by name, then theme and settings values. Added in green, removed in red.
import { Badge, Code, Group, List, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { BotDiffAnswer } from '../../../../../../src/contract/versionsApi.js'
import { msg } from '../../../i18n/index.js'

type Change = { path: string; from: unknown; to: unknown }

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 159)}…` : text
}

/** Paths an author knows by another name; the rest show as they are (`options.labels.button`). */
const pathNames: Record<string, string> = {
  'content.richText': msg('Text'),
  title: msg('Title'),
  group: msg('Group'),
  'blocks.order': msg('Order of the blocks'),
}

const Changes = ({ changes }: { changes: Change[] }) => {
  const { t } = useTranslation()
  return (
    <List size="sm" withPadding>
      {changes.map((c) => (
        <List.Item key={c.path}>
          {pathNames[c.path] ? (
            <Text span size="sm" fw={500}>
              {t(pathNames[c.path])}:
            </Text>
          ) : (
            <Code>{c.path}</Code>
          )}{' '}
          <Text span size="sm" c="red.9" td="line-through" aria-label={t('was {{value}}', { value: shown(c.from) })}>
            {shown(c.from)}
          </Text>{' '}
          →{' '}
          <Text span size="sm" fw={600}>
            {shown(c.to)}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}

type Item = { id: string; changes?: Change[] }
type Section<T extends Item> = { added: T[]; removed: T[]; changed: (T & { changes: Change[] })[] }

const SectionView = <T extends Item>({ title, section, name }: { title: string; section: Section<T>; name: (item: T) => string }) => {
  const { t } = useTranslation()
  if (!section.added.length && !section.removed.length && !section.changed.length) return null
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {title}
      </Title>
      <List size="sm" spacing={4}>
        {section.added.map((item) => (
          <List.Item
            key={`+${item.id}`}
            icon={
              <Badge color="green" variant="light" size="sm">
                {t('added')}
              </Badge>
            }
          >
            {name(item)}
          </List.Item>
        ))}
        {section.removed.map((item) => (
          <List.Item
            key={`-${item.id}`}
            icon={
              <Badge color="red" variant="light" size="sm">
                {t('removed')}
              </Badge>
            }
          >
            {name(item)}
          </List.Item>
        ))}
        {section.changed.map((item) => (
          <List.Item
            key={`~${item.id}`}
            icon={
              <Badge color="blue" variant="light" size="sm">
                {t('changed')}
              </Badge>
            }
          >
            {name(item)}
            <Changes changes={item.changes} />
          </List.Item>
        ))}
      </List>
    </Stack>
  )
}

const sectionTitles = {
  groups: msg('Groups'),
  blocks: msg('Blocks'),
  edges: msg('Connections'),
  variables: msg('Variables'),
  events: msg('Events'),
}

export const DiffView = ({ diff }: { diff: BotDiffAnswer }) => {
  const { t } = useTranslation()
  const { summary } = diff
  if (!summary.added && !summary.removed && !summary.changed) return <Text size="sm">{t('No differences: both run the same bot.')}</Text>
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color="green" variant="light">
          {t('{{count}} added', { count: summary.added })}
        </Badge>
        <Badge color="red" variant="light">
          {t('{{count}} removed', { count: summary.removed })}
        </Badge>
        <Badge color="blue" variant="light">
          {t('{{count}} changed', { count: summary.changed })}
        </Badge>
      </Group>
      <SectionView title={t(sectionTitles.groups)} section={diff.groups} name={(g) => g.title} />
      <SectionView
        title={t(sectionTitles.blocks)}
        section={diff.blocks}
        name={(b) => `${b.group} › ${b.label ? `“${b.label}”` : b.type}${b.label ? ` (${b.type})` : ''}`}
      />
      <SectionView title={t(sectionTitles.edges)} section={diff.edges} name={(e) => `${e.from || '?'} → ${e.to || '?'}`} />
      <SectionView title={t(sectionTitles.variables)} section={diff.variables} name={(v) => v.name} />
      <SectionView title={t(sectionTitles.events)} section={diff.events} name={(e) => e.type} />
      {diff.theme.length > 0 && (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('Theme')}
          </Title>
          <Changes changes={diff.theme} />
        </Stack>
      )}
      {diff.settings.length > 0 && (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('Settings')}
          </Title>
          <Changes changes={diff.settings} />
        </Stack>
      )}
    </Stack>
  )
}
