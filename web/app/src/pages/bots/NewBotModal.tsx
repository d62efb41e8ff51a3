// Creating a bot, named at once: from a welcome message only, or from one of the bundled starters.
import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ErrorState, errorMessage } from '../../components/states.js'
import { api } from '../../lib/api.js'
import type { Starter } from '../../lib/types.js'

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
  const starters = useQuery({
    queryKey: ['starters'],
    queryFn: () => api.get<{ starters: Starter[] }>('/v1/starters').then((r) => r.starters),
    enabled: opened,
  })
  const navigate = useNavigate()
  const client = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const [name, setName] = useState('')
  const create = async (starterId?: string) => {
    setBusy(starterId ?? 'blank')
    try {
      const { bot } = await api.post<{ bot: { id: string } }>('/v1/bots', {
        workspaceId,
        starterId,
        // A starter keeps its own name unless one is typed.
        bot: { ...(name.trim() ? { name: name.trim() } : starterId ? {} : { name: t('My bot') }), ...(folderId ? { folderId } : {}) },
      })
      await client.invalidateQueries({ queryKey: ['bots', workspaceId] })
      onClose()
      setName('')
      // A new bot is for building: straight into its flow editor.
      navigate(`/w/${workspaceId}/bots/${bot.id}/edit`)
    } catch (err) {
      notifications.show({ color: 'red', title: t('The bot could not be created'), message: errorMessage(err) })
    } finally {
      setBusy(null)
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('Create a bot')} size="lg">
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
        <Text fw={600} size="sm">
          {t('Starters')}
        </Text>
        {starters.error && <ErrorState title={t('Starters could not be loaded')} error={starters.error} />}
        {starters.data?.map((s) => (
          <Card key={s.id} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Title order={3} size="h5">
                  {s.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {s.description}
                </Text>
              </div>
              <Button
                variant="light"
                style={{ flexShrink: 0 }}
                loading={busy === s.id}
                onClick={() => void create(s.id)}
                aria-label={t('Use the {{name}} starter', { name: s.name })}
              >
                {t('Use')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Modal>
  )
}
