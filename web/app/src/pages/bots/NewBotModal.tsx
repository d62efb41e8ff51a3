// Creating a bot, named at once: from a welcome message only, or from a template of the gallery (templates/), which
// can be tried first (a preview chat) and asks for the credentials its blocks need before the bot is created.
import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconArrowLeft } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ErrorState, errorMessage } from '../../components/states.js'
import { api } from '../../lib/api.js'
import { TemplateCredentials } from './templates/TemplateCredentials.js'
import { TemplateGallery } from './templates/TemplateGallery.js'
import { TemplatePreview } from './templates/TemplatePreview.js'
import type { TemplateSummary } from './templates/types.js'

/** What the dialog shows: the choices, a template's preview, or the credentials a template asks for. */
type View = { step: 'choose' } | { step: 'preview' | 'credentials'; template: TemplateSummary }

export const NewBotModal = ({
  opened,
  onClose,
  workspaceId,
  folderId,
}: {
  opened: boolean
  onClose: () => void
  workspaceId: string
  folderId: string | null
}) => {
  const { t } = useTranslation()
  const templates = useQuery({
    queryKey: ['templates'],
    queryFn: () => api.get<{ templates: TemplateSummary[] }>('/v1/templates').then((r) => r.templates),
    enabled: opened,
  })
  const navigate = useNavigate()
  const client = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [view, setView] = useState<View>({ step: 'choose' })
  const [chosen, setChosen] = useState<Record<string, string>>({})
  // Keyboard users keep their place as the dialog changes step: the back button on a template's step, and the
  // template they came from on the way back.
  const backButton = useRef<HTMLButtonElement>(null)
  const gallery = useRef<HTMLDivElement>(null)
  const cameFrom = useRef<string | null>(null)
  useEffect(() => {
    if (view.step !== 'choose') {
      cameFrom.current = view.template.slug
      backButton.current?.focus()
    } else if (cameFrom.current) gallery.current?.querySelector<HTMLElement>(`[data-template="${CSS.escape(cameFrom.current)}"] button`)?.focus()
  }, [view])
  const close = () => {
    onClose()
    setView({ step: 'choose' })
    setChosen({})
  }
  const create = async (template?: TemplateSummary, credentials?: Record<string, string>) => {
    setBusy(template?.slug ?? 'blank')
    try {
      const { bot } = await api.post<{ bot: { id: string } }>('/v1/bots', {
        workspaceId,
        templateSlug: template?.slug,
        credentials,
        // A template keeps its own name unless one is typed.
        bot: { ...(name.trim() ? { name: name.trim() } : template ? {} : { name: t('My bot') }), ...(folderId ? { folderId } : {}) },
      })
      await client.invalidateQueries({ queryKey: ['bots', workspaceId] })
      close()
      setName('')
      // A new bot is for building: straight into its flow editor.
      navigate(`/w/${workspaceId}/bots/${bot.id}/edit`)
    } catch (err) {
      notifications.show({ color: 'red', title: t('The bot could not be created'), message: errorMessage(err) })
    } finally {
      setBusy(null)
    }
  }
  /** A template whose blocks need credentials asks for them first. */
  const use = (template: TemplateSummary) => {
    if (template.credentials.length === 0) return void create(template)
    setChosen({})
    setView({ step: 'credentials', template })
  }
  const back = (
    <Button
      ref={backButton}
      variant="subtle"
      size="xs"
      leftSection={<IconArrowLeft size={14} aria-hidden />}
      onClick={() => setView({ step: 'choose' })}
    >
      {t('Back to the templates')}
    </Button>
  )
  const heading = (template: TemplateSummary) => (
    <div>
      <Title order={3} size="h4">
        {template.name}
      </Title>
      <Text size="sm" c="dimmed">
        {template.description}
      </Text>
    </div>
  )
  return (
    <Modal opened={opened} onClose={close} title={t('Create a bot')} size="xl">
      {view.step === 'preview' && (
        <Stack>
          <Group justify="space-between">{back}</Group>
          {heading(view.template)}
          <TemplatePreview slug={view.template.slug} name={view.template.name} />
          <Group justify="flex-end">
            <Button loading={busy === view.template.slug} onClick={() => use(view.template)}>
              {t('Use this template')}
            </Button>
          </Group>
        </Stack>
      )}
      {view.step === 'credentials' && (
        <Stack>
          <Group justify="space-between">{back}</Group>
          {heading(view.template)}
          <TemplateCredentials template={view.template} workspaceId={workspaceId} chosen={chosen} onChange={setChosen} />
          <Group justify="flex-end">
            <Button
              loading={busy === view.template.slug}
              disabled={view.template.credentials.some((need) => !chosen[need.blockId])}
              onClick={() => void create(view.template, chosen)}
            >
              {t('Create the bot')}
            </Button>
          </Group>
        </Stack>
      )}
      {view.step === 'choose' && (
        <Stack>
          <TextInput
            label={t('Name')}
            placeholder={t('My bot')}
            description={t('Shown on its page, in its address and in results files; you can change it later.')}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Card withBorder padding="md">
            <Group justify="space-between">
              <div>
                <Title order={3} size="h5">
                  {t('From scratch')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('A start and a welcome message to build on.')}
                </Text>
              </div>
              <Button variant="default" loading={busy === 'blank'} onClick={() => void create()}>
                {t('Create')}
              </Button>
            </Group>
          </Card>
          <Title order={3} size="h5">
            {t('Templates')}
          </Title>
          {templates.error && <ErrorState title={t('Templates could not be loaded')} error={templates.error} />}
          {templates.data && (
            <div ref={gallery}>
              <TemplateGallery templates={templates.data} busy={busy} onPreview={(template) => setView({ step: 'preview', template })} onUse={use} />
            </div>
          )}
        </Stack>
      )}
    </Modal>
  )
}
