// Creating or changing a webhook: the URL, the events it sends and a note. A new webhook's signing secret is shown
// once, at the end of the dialog (as the API gives it only then).
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RevealedValue } from '../components/RevealedValue.js'
import { msg } from '../i18n/index.js'
import { api } from '../lib/api.js'
import { useSubmit } from '../lib/forms.js'
import type { Webhook } from '../lib/types.js'

/** The events a webhook can send; labels and hints are English, translated where shown. */
export const EVENT_TYPES = [
  { value: 'result.started', label: msg('Result started'), hint: msg('a visitor gave the first answer') },
  { value: 'answer.created', label: msg('Answer given'), hint: msg('every answer, as it is given') },
  { value: 'result.completed', label: msg('Result completed'), hint: msg('the chat reached its end') },
] as const

export const WebhookDialog = ({
  opened,
  onClose,
  workspaceId,
  botId,
  editing,
  onSaved,
}: {
  opened: boolean
  onClose: () => void
  workspaceId: string
  /** The bot a new webhook sends the events of; none: every bot of the workspace. */
  botId?: string
  /** The webhook to change; none: a new one. */
  editing?: Webhook
  onSaved: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<string[]>(['result.completed'])
  const [description, setDescription] = useState('')
  const [secret, setSecret] = useState<string | null>(null)
  useEffect(() => {
    if (!opened) return
    setUrl(editing?.url ?? '')
    setEvents(editing?.events ?? ['result.completed'])
    setDescription(editing?.description ?? '')
    setSecret(null)
  }, [opened, editing])
  const save = useSubmit(async () => {
    const fields = { url: url.trim(), events, description: description.trim() }
    if (editing) {
      await api.patch(`/v1/webhooks/${editing.id}`, fields)
      await onSaved()
      onClose()
    } else {
      const created = await api.post<{ secret: string }>('/v1/webhooks', { workspaceId, ...(botId && { botId }), ...fields })
      await onSaved()
      setSecret(created.secret)
    }
  })
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('Edit webhook') : t('Add a webhook')} size="lg">
      {secret ? (
        <RevealedValue
          color="green"
          note={t(
            "Webhook added. Copy its signing secret now: it is not shown again. Receivers check each request's Parley-Signature header with it (see docs/webhooks.md).",
          )}
          label={t('Signing secret')}
          value={secret}
          onDone={onClose}
        />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save.submit()
          }}
        >
          <Stack>
            {save.error && (
              <Alert color="red" variant="light" role="alert">
                {save.error}
              </Alert>
            )}
            <TextInput
              label={t('Receiver URL')}
              description={t('Events are POSTed here as signed JSON. Redirects are not followed.')}
              placeholder="https://crm.example.com/hooks/parley"
              type="url"
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              data-autofocus
            />
            <Checkbox.Group
              label={t('Events')}
              description={t('Sent for every result of the bot (or of every bot, for a workspace webhook).')}
              value={events}
              onChange={setEvents}
              required
            >
              <Stack gap={6} mt={6}>
                {EVENT_TYPES.map((type) => (
                  <Checkbox key={type.value} value={type.value} label={`${t(type.label)} (${type.value})`} description={t(type.hint)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput
              label={t('Note')}
              placeholder={t('Leads to the CRM')}
              maxLength={500}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            {!editing && (
              <Text size="xs" c="dimmed">
                {botId ? t('This webhook sends this bot’s events only.') : t('This webhook sends the events of every bot in the workspace.')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('Cancel')}
              </Button>
              <Button type="submit" loading={save.busy} disabled={events.length === 0}>
                {editing ? t('Save') : t('Add webhook')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
