// Picking the workspace credentials a channel uses, or creating them in place (the fields of lib/credentialTypes.ts).
// Secrets go to the server once and never come back: the list is names only.
import { Button, Fieldset, Group, Select, Stack } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CredentialForm } from '../../../components/CredentialForm.js'
import { api } from '../../../lib/api.js'
import { credentialLabel } from '../../../lib/credentialTypes.js'
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
        <Fieldset legend={t('New {{kind}} credentials', { kind })}>
          <CredentialForm
            workspaceId={workspaceId}
            type={type}
            nameDescription={t('How you will recognise them among the workspace’s credentials.')}
            onCancel={() => setCreating(false)}
            onCreated={async (created) => {
              await client.invalidateQueries({ queryKey: key })
              onChange(created.id)
              setCreating(false)
            }}
          />
        </Fieldset>
      )}
    </Stack>
  )
}
