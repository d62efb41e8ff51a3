// Someone else saved this bot since it was opened here: show what differs and let the user keep either version,
// or keep both by saving this one as a new bot. Nothing is discarded without a choice.
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorBot } from '../types.js'
import { diffBots } from './diff.js'

export const ConflictDialog = ({
  mine,
  theirs,
  onReload,
  onOverwrite,
  onSaveCopy,
}: {
  mine: EditorBot
  theirs: EditorBot
  onReload: () => void
  onOverwrite: () => Promise<void>
  onSaveCopy: () => Promise<void>
}) => {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const differences = diffBots(mine, theirs)
  const [failure, setFailure] = useState<string | null>(null)
  const run = (fn: () => Promise<void>) => async () => {
    setBusy(true)
    setFailure(null)
    try {
      await fn()
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('This bot was changed elsewhere')}
      size="lg"
    >
      <Stack>
        <Text size="sm">
          {t('Someone (or another tab) saved this bot after you opened it. Your changes are not saved yet. Choose which version to keep.')}
        </Text>
        {differences.length > 0 ? (
          <Table striped withTableBorder aria-label={t('Differences between the two versions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('What')}</Table.Th>
                <Table.Th>{t('Yours')}</Table.Th>
                <Table.Th>{t('Saved elsewhere')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differences.map((d) => (
                <Table.Tr key={`${d.what}|${d.mine}|${d.theirs}`}>
                  <Table.Td>{d.what}</Table.Td>
                  <Table.Td>{d.mine}</Table.Td>
                  <Table.Td>{d.theirs}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {t('The two versions hold the same flow.')}
          </Text>
        )}
        {failure && (
          <Text role="alert" c="red" size="sm">
            {t('That did not work: {{error}}', { error: failure })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload} disabled={busy}>
            {t('Load their version')}
          </Button>
          <Button variant="default" onClick={run(onSaveCopy)} disabled={busy}>
            {t('Save mine as a new bot')}
          </Button>
          <Button color="red" onClick={run(onOverwrite)} loading={busy}>
            {t('Keep mine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
