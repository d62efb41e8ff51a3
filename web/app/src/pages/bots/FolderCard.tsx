// A folder on the dashboard, with rename and delete for members.
import { ActionIcon, Anchor, Card, Group, Menu, Text } from '@mantine/core'
import { IconDots, IconFolder } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmButton.js'
import { NameDialog } from '../../components/NameDialog.js'
import { api } from '../../lib/api.js'
import type { Folder } from '../../lib/types.js'

export const FolderCard = ({
  folder,
  workspaceId,
  canWrite,
  onOpen,
  onChanged,
}: {
  folder: Folder
  workspaceId: string
  canWrite: boolean
  onOpen: () => void
  onChanged: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component="button" type="button" onClick={onOpen} c="inherit" underline="never" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <IconFolder size={20} aria-hidden color="var(--mantine-color-indigo-5)" />
            <Text truncate fw={500}>
              {folder.name}
            </Text>
          </Group>
        </Anchor>
        {canWrite && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('Actions for folder {{name}}', { name: folder.name })}>
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
      </Group>
      <NameDialog
        opened={renaming}
        onClose={() => setRenaming(false)}
        title={t('Rename folder')}
        initial={folder.name}
        onSubmit={async (name) => {
          await api.patch(`/v1/workspaces/${workspaceId}/folders/${folder.id}`, { name })
          await onChanged()
        }}
      />
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('Delete the folder “{{name}}”?', { name: folder.name })}
        confirmLabel={t('Delete folder')}
        onConfirm={async () => {
          await api.delete(`/v1/workspaces/${workspaceId}/folders/${folder.id}`)
          await onChanged()
        }}
      >
        {t('The bots inside are kept: they move back to the top level.')}
      </ConfirmDialog>
    </Card>
  )
}
