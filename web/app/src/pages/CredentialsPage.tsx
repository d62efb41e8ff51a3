// Workspace credentials: secrets are written once and never shown again, here as in the API.
import { ActionIcon, Button, Menu, Modal, Select, Table, VisuallyHidden } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconDots, IconKey, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../components/ConfirmButton.js'
import { CredentialForm } from '../components/CredentialForm.js'
import { NameDialog } from '../components/NameDialog.js'
import { PageHeader } from '../components/PageHeader.js'
import { EmptyState, ErrorState, LoadingState } from '../components/states.js'
import { api } from '../lib/api.js'
import { credentialLabel, credentialTypes } from '../lib/credentialTypes.js'
import { dateTime } from '../lib/format.js'
import type { Credential } from '../lib/types.js'
import { useCurrentWorkspace } from '../lib/workspaces.js'

export const CredentialsPage = () => {
  const { t } = useTranslation()
  const { workspaceId, canWrite } = useCurrentWorkspace()
  const key = ['credentials', workspaceId]
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ credentials: Credential[] }>(`/v1/workspaces/${workspaceId}/credentials`).then((r) => r.credentials),
  })
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: key })
  const [creating, setCreating] = useState(false)
  return (
    <>
      <PageHeader
        title={t('Credentials')}
        description={t("API keys and logins your bots' blocks use. Secrets are stored encrypted and never shown again.")}
        actions={
          canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('Add credentials')}
            </Button>
          )
        }
      />
      {list.error ? (
        <ErrorState title={t('Credentials could not be loaded')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<IconKey size={40} aria-hidden color="var(--mantine-color-indigo-5)" />}
          title={t('No credentials yet')}
          action={canWrite && <Button onClick={() => setCreating(true)}>{t('Add credentials')}</Button>}
        >
          {t('Blocks that call OpenAI, send emails or take payments need credentials. Add them here, then pick them in the block.')}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Kind')}</Table.Th>
                <Table.Th>{t('Added')}</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('Actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((c) => (
                <CredentialRow key={c.id} credential={c} workspaceId={workspaceId} canWrite={canWrite} onChanged={refresh} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NewCredentialModal opened={creating} onClose={() => setCreating(false)} workspaceId={workspaceId} onCreated={refresh} />
    </>
  )
}

const CredentialRow = ({
  credential,
  workspaceId,
  canWrite,
  onChanged,
}: {
  credential: Credential
  workspaceId: string
  canWrite: boolean
  onChanged: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const path = `/v1/workspaces/${workspaceId}/credentials/${credential.id}`
  return (
    <Table.Tr>
      <Table.Td fw={500}>{credential.name}</Table.Td>
      <Table.Td>{credentialLabel(credential.type)}</Table.Td>
      <Table.Td>{dateTime(credential.createdAt)}</Table.Td>
      <Table.Td>
        {canWrite && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('Actions for {{name}}', { name: credential.name })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setRenaming(true)}>{t('Rename')}</Menu.Item>
              <Menu.Item color="red" onClick={() => setDeleting(true)}>
                {t('Delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        <NameDialog
          opened={renaming}
          onClose={() => setRenaming(false)}
          title={t('Rename credentials')}
          initial={credential.name}
          onSubmit={async (name) => {
            await api.patch(path, { name })
            await onChanged()
          }}
        />
        <ConfirmDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          title={t('Delete “{{name}}”?', { name: credential.name })}
          confirmLabel={t('Delete credentials')}
          onConfirm={async () => {
            await api.delete(path)
            await onChanged()
          }}
        >
          {t('Blocks that use them will log an error and skip their call until you pick other credentials.')}
        </ConfirmDialog>
      </Table.Td>
    </Table.Tr>
  )
}

const NewCredentialModal = ({
  opened,
  onClose,
  workspaceId,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  workspaceId: string
  onCreated: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const [type, setType] = useState('openai')
  return (
    <Modal opened={opened} onClose={onClose} title={t('Add credentials')} size="lg">
      <CredentialForm
        workspaceId={workspaceId}
        type={type}
        nameDescription={t('How you will recognise them in blocks.')}
        onCancel={onClose}
        onCreated={async () => {
          await onCreated()
          onClose()
        }}
      >
        <Select
          label={t('Kind')}
          data={credentialTypes.map((k) => ({ value: k.type, label: credentialLabel(k.type) }))}
          value={type}
          onChange={(v) => v && setType(v)}
          allowDeselect={false}
          searchable
        />
      </CredentialForm>
    </Modal>
  )
}
