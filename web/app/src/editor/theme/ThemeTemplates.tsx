// The theme gallery above the theme's settings: Parley's built-in templates and the workspace's own. Applying one
// replaces the bot's theme (undo brings the old one back); the current theme can be saved as a workspace template,
// and saved ones deleted.
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCheck, IconTrash } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Theme } from '../../../../../src/contract/bot/common.js'
import type { ThemeTemplateAnswer } from '../../../../../src/contract/themeTemplateApi.js'
import { errorMessage } from '../../components/states.js'
import { api } from '../../lib/api.js'

type Template = ThemeTemplateAnswer

/**
 * A small picture of the template: its page colour with a host and a guest bubble. Only values the browser takes
 * for colours are drawn: a saved theme is a member's text, and a `url(…)` would load something on the builder's page.
 */
const Swatch = ({ theme }: { theme: Theme }) => {
  const { t } = useTranslation()
  const colour = (value: unknown) => (typeof value === 'string' && CSS.supports('color', value) ? value : undefined)
  const page = theme.general?.background?.type === 'Color' ? colour(theme.general.background.content) : '#ffffff'
  const host = { backgroundColor: colour(theme.chat?.hostBubbles?.backgroundColor), color: colour(theme.chat?.hostBubbles?.color) }
  const guest = { backgroundColor: colour(theme.chat?.guestBubbles?.backgroundColor), color: colour(theme.chat?.guestBubbles?.color) }
  return (
    <div
      aria-hidden
      style={{ background: page, borderRadius: 6, padding: 6, display: 'grid', gap: 4, border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <span style={{ background: host.backgroundColor, color: host.color, borderRadius: 6, padding: '2px 6px', fontSize: 11, justifySelf: 'start' }}>
        {t('Hello')}
      </span>
      <span style={{ background: guest.backgroundColor, color: guest.color, borderRadius: 6, padding: '2px 6px', fontSize: 11, justifySelf: 'end' }}>
        {t('Hi!')}
      </span>
    </div>
  )
}

export const ThemeTemplates = (props: {
  workspaceId: string
  theme: Theme
  selectedId: string | null | undefined
  onApply(template: { id: string; theme: Theme }): void
  readOnly?: boolean
}) => {
  const { t } = useTranslation()
  const key = ['themeTemplates', props.workspaceId]
  const templates = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ templates: Template[] }>(`/v1/workspaces/${props.workspaceId}/themeTemplates`).then((r) => r.templates),
  })
  const client = useQueryClient()
  const [name, setName] = useState('')
  const save = async () => {
    try {
      await api.post(`/v1/workspaces/${props.workspaceId}/themeTemplates`, { name: name.trim(), theme: props.theme })
      setName('')
      await client.invalidateQueries({ queryKey: key })
      notifications.show({ color: 'green', message: t('Theme saved as a template') })
    } catch (err) {
      notifications.show({ color: 'red', title: t('The template could not be saved'), message: errorMessage(err) })
    }
  }
  const remove = async (template: Template) => {
    try {
      await api.delete(`/v1/workspaces/${props.workspaceId}/themeTemplates/${template.id}`)
      await client.invalidateQueries({ queryKey: key })
    } catch (err) {
      notifications.show({ color: 'red', title: t('The template could not be deleted'), message: errorMessage(err) })
    }
  }
  const list = templates.data ?? []
  const group = (title: string, items: Template[]) =>
    items.length > 0 && (
      <Stack gap={6}>
        <Title order={3} size="h6">
          {title}
        </Title>
        <SimpleGrid cols={2} spacing={8}>
          {items.map((template) => {
            const chosen = template.id === props.selectedId
            return (
              <Paper key={template.id} withBorder p={6} style={chosen ? { borderColor: 'var(--mantine-color-indigo-6)' } : undefined}>
                <UnstyledButton
                  w="100%"
                  disabled={props.readOnly}
                  aria-pressed={chosen}
                  onClick={() => props.onApply({ id: template.id, theme: structuredClone(template.theme) })}
                >
                  <Swatch theme={template.theme} />
                  {/* Named by text, not aria-label: the swatch's words are a picture and differ from the name. */}
                  <VisuallyHidden component="span">{t('Apply the {{name}} theme', { name: template.name })}</VisuallyHidden>
                </UnstyledButton>
                <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
                  <Text size="xs" fw={500} truncate>
                    {chosen && <IconCheck size={12} aria-label={t('In use')} />} {template.name}
                  </Text>
                  {!template.builtIn && !props.readOnly && (
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('Delete the {{name}} template', { name: template.name })}
                      onClick={() => void remove(template)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            )
          })}
        </SimpleGrid>
      </Stack>
    )
  return (
    <Stack gap="sm">
      {templates.error && (
        <Text size="sm" c="red">
          {t('Templates could not be loaded: {{error}}', { error: errorMessage(templates.error) })}
        </Text>
      )}
      {group(
        t('Gallery'),
        list.filter((template) => template.builtIn),
      )}
      {group(
        t('Saved in this workspace'),
        list.filter((template) => !template.builtIn),
      )}
      {!props.readOnly && (
        <Group gap={6} align="end" wrap="nowrap">
          <TextInput
            label={t('Save this theme as a template')}
            placeholder={t('Template name')}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && name.trim()) void save()
            }}
            style={{ flex: 1 }}
          />
          <Button variant="default" disabled={!name.trim()} onClick={() => void save()}>
            {t('Save')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
