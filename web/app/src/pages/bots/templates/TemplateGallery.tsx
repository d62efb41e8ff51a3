// The template gallery of the "New bot" dialog: the server's templates (GET /v1/templates) by category, each with
// a preview and a "Use" button; what a template needs (credentials) shows on its card.
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconKey } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { credentialLabel } from '../../../lib/credentialTypes.js'
import { categoryTitles, type TemplateCategory, type TemplateSummary } from './types.js'

export const TemplateGallery = ({
  templates,
  busy,
  onPreview,
  onUse,
}: {
  templates: TemplateSummary[]
  /** The slug of the template being created, if any. */
  busy: string | null
  onPreview: (template: TemplateSummary) => void
  onUse: (template: TemplateSummary) => void
}) => {
  const { t } = useTranslation()
  const categories = (Object.keys(categoryTitles) as TemplateCategory[]).filter((c) => templates.some((tpl) => tpl.category === c))
  return (
    <Stack gap="md">
      {categories.map((category) => (
        <Stack key={category} gap="xs" component="section" aria-labelledby={`template-category-${category}`}>
          <Title order={4} size="h6" id={`template-category-${category}`}>
            {t(categoryTitles[category])}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {templates
              .filter((tpl) => tpl.category === category)
              .map((tpl) => (
                <Card key={tpl.slug} withBorder padding="sm" data-template={tpl.slug}>
                  <Stack gap={6} h="100%" justify="space-between">
                    <div>
                      <Title order={5} size="h5">
                        {tpl.name}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {tpl.description}
                      </Text>
                      {[...new Set(tpl.credentials.map((c) => c.type))].map((type) => (
                        <Group key={type} mt={6} gap={4} wrap="nowrap" align="flex-start">
                          <IconKey size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                          <Text size="xs" c="grape.8">
                            {t('Needs {{kind}} credentials', { kind: credentialLabel(type) })}
                          </Text>
                        </Group>
                      ))}
                    </div>
                    <Group gap="xs" justify="flex-end">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onPreview(tpl)}
                        aria-label={t('Preview the {{name}} template', { name: tpl.name })}
                      >
                        {t('Preview')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        loading={busy === tpl.slug}
                        onClick={() => onUse(tpl)}
                        aria-label={t('Use the {{name}} template', { name: tpl.name })}
                      >
                        {t('Use')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  )
}
