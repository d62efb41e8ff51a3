// Picking the workspace credentials a channel uses, or creating them in place (the fields of lib/credentialTypes.ts).
// Secrets go to the server once and never come back: the list is names only.
import { Alert, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CredentialFieldInput, type CredentialValue, credentialData } from '../../../components/CredentialFieldInput.js'
import { api } from '../../../lib/api.js'
import { credentialLabel, credentialTypes } from '../../../lib/credentialTypes.js'
import { useSubmit } from '../../../lib/forms.js'
import type { Credential } from '../../../lib/types.js'

type Props = {
  workspaceId: string
  type: string
  value: string | null
  onChange: (id: string | null) => void
  canWrite: boolean
}

export const ChannelCredentials = ({ workspaceId, type, value, onChange, canWrite }: Props) => {
  const { t } = useTranslation()
  const key = ['credentials', workspaceId]
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ credentials: Credential[] }>(`/v1/workspaces/${workspaceId}/credentials`).then((r) => r.credentials),
  })
  const client = useQueryClient()
  const [creating, setCreating] = useState(false)
  const kind = credentialLabel(type)
  const fitting = (list.data ?? []).filter((c) => c.type === type)
  const data = fitting.map((c) => ({ value: c.id, label: c.name }))
  if (value && !data.some((d) => d.value === value))
    data.push({ value, label: list.isPending ? t('Loading…') : t('Not in this workspace ({{id}})', { id: value }) })
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={t('Credentials')}
          description={
            list.error
              ? t('The credentials could not be loaded.')
              : list.data && fitting.length === 0
                ? t('No {{kind}} credentials yet.', { kind })
                : undefined
          }
          placeholder={t('Pick {{kind}} credentials', { kind })}
          data={data}
          value={value}
          onChange={onChange}
          readOnly={!canWrite}
          clearable={canWrite}
          style={{ flex: 1 }}
        />
        {canWrite && !creating && (
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('New credentials')}
          </Button>
        )}
      </Group>
      {creating && (
        <NewCredentials
          workspaceId={workspaceId}
          type={type}
          onCancel={() => setCreating(false)}
          onCreated={async (id) => {
            await client.invalidateQueries({ queryKey: key })
            onChange(id)
            setCreating(false)
          }}
        />
      )}
    </Stack>
  )
}

const NewCredentials = ({
  workspaceId,
  type,
  onCancel,
  onCreated,
}: {
  workspaceId: string
  type: string
  onCancel: () => void
  onCreated: (id: string) => Promise<void>
}) => {
  const { t } = useTranslation()
  const fields = credentialTypes.find((k) => k.type === type)?.fields ?? []
  const [name, setName] = useState('')
  const [values, setValues] = useState<Record<string, CredentialValue>>({})
  const create = useSubmit(async () => {
    const created = await api.post<{ credentials: Credential }>(`/v1/workspaces/${workspaceId}/credentials`, {
      type,
      name: name.trim() || credentialLabel(type),
      data: credentialData(fields, values),
    })
    notifications.show({ color: 'green', message: t('Credentials saved') })
    await onCreated(created.credentials.id)
  })
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void create.submit()
      }}
    >
      <Fieldset legend={t('New {{kind}} credentials', { kind: credentialLabel(type) })}>
        <Stack gap="sm">
          {create.error && (
            <Alert color="red" variant="light" role="alert">
              {create.error}
            </Alert>
          )}
          <TextInput
            label={t('Name')}
            description={t('How you will recognise them among the workspace’s credentials.')}
            placeholder={credentialLabel(type)}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {fields.map((f) => (
            <CredentialFieldInput key={f.key} field={f} value={values[f.key]} onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))} />
          ))}
          <Text size="xs" c="dimmed">
            {t('Secrets cannot be read back. To change one, add new credentials and delete the old ones.')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={create.busy}>
              {t('Save credentials')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  )
}
