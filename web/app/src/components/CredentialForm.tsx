// The form that creates workspace credentials of one kind (lib/credentialTypes.ts): a name, the kind's fields, and a
// note that secrets cannot be read back. Shared by the Credentials page (which puts a kind picker first, as
// `children`) and the forms that create credentials in place (the Share tab's channels).
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../lib/api.js'
import { type CredentialField, credentialLabel, credentialTypes } from '../lib/credentialTypes.js'
import { useSubmit } from '../lib/forms.js'
import type { Credential } from '../lib/types.js'
import { CredentialFieldInput, type CredentialValue } from './CredentialFieldInput.js'

/** The values worth sending: the kind's own fields, without those left empty. */
const credentialData = (fields: CredentialField[], values: Record<string, CredentialValue>) =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' && fields.some((f) => f.key === k)))

export const CredentialForm = ({
  workspaceId,
  type,
  nameDescription,
  onCancel,
  onCreated,
  children,
}: {
  workspaceId: string
  type: string
  /** What the name is for, where the form is. */
  nameDescription: string
  onCancel: () => void
  onCreated: (credentials: Credential) => Promise<unknown>
  children?: ReactNode
}) => {
  const { t } = useTranslation()
  const fields = credentialTypes.find((k) => k.type === type)?.fields ?? []
  const [name, setName] = useState('')
  const [values, setValues] = useState<Record<string, CredentialValue>>({})
  // Another kind has other fields: what was typed for the previous one is dropped.
  const [valuesType, setValuesType] = useState(type)
  if (valuesType !== type) {
    setValuesType(type)
    setValues({})
  }
  const create = useSubmit(async () => {
    const created = await api.post<{ credentials: Credential }>(`/v1/workspaces/${workspaceId}/credentials`, {
      type,
      name: name.trim() || credentialLabel(type),
      data: credentialData(fields, values),
    })
    notifications.show({ color: 'green', message: t('Credentials saved') })
    await onCreated(created.credentials)
  })
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void create.submit()
      }}
    >
      <Stack gap="sm">
        {create.error && (
          <Alert color="red" variant="light" role="alert">
            {create.error}
          </Alert>
        )}
        {children}
        <TextInput
          label={t('Name')}
          description={nameDescription}
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
    </form>
  )
}
