// A stand-in for the editor page until it mounts the panel: the theme and settings editors on a local copy of
// the draft (unsaved), the preview running that copy from the start or from a chosen group, and the block the
// chat waits on. Opened from the bot page's temporary "Preview" button.
import { Badge, Grid, Group, ScrollArea, Select, Stack, Tabs, Text } from '@mantine/core'
import { useState } from 'react'
import type { Settings, Theme } from '../../../../../src/contract/bot/common.js'
import { SettingsEditor } from '../settings/SettingsEditor.js'
import { ThemeEditor } from '../theme/ThemeEditor.js'
import type { EditorBot } from '../types.js'
import { PreviewPanel } from './PreviewPanel.js'

export const DraftPreview = ({ botId, initial, onClose }: { botId: string; initial: EditorBot; onClose(): void }) => {
  const [draft, setDraft] = useState(initial)
  const [groupId, setGroupId] = useState<string | null>(null)
  const [running, setRunning] = useState<string | null>(null)
  const runningGroup = running ? draft.groups.find((g) => g.blocks.some((b) => b.id === running)) : undefined
  const runningBlock = runningGroup?.blocks.find((b) => b.id === running)
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end">
            <Select
              label="Start from"
              data={[{ value: '', label: 'The start' }, ...draft.groups.map((g) => ({ value: g.id, label: g.title || g.id }))]}
              value={groupId ?? ''}
              allowDeselect={false}
              onChange={(v) => setGroupId(v || null)}
              w={240}
            />
            <Text size="sm" role="status" aria-label="Running block">
              {runningBlock ? (
                <>
                  Waiting on <Badge variant="light">{runningBlock.type}</Badge> in “{runningGroup?.title}” ({runningBlock.id})
                </>
              ) : (
                'No block waiting'
              )}
            </Text>
          </Group>
          <Tabs defaultValue="theme">
            <Tabs.List>
              <Tabs.Tab value="theme">Theme</Tabs.Tab>
              <Tabs.Tab value="settings">Settings</Tabs.Tab>
            </Tabs.List>
            <ScrollArea.Autosize mah="calc(100vh - 220px)" pt="sm">
              <Tabs.Panel value="theme">
                <ThemeEditor theme={draft.theme ?? {}} onChange={(theme: Theme) => setDraft((d) => ({ ...d, theme }))} />
              </Tabs.Panel>
              <Tabs.Panel value="settings">
                <SettingsEditor settings={draft.settings ?? {}} onChange={(settings: Settings) => setDraft((d) => ({ ...d, settings }))} />
              </Tabs.Panel>
            </ScrollArea.Autosize>
          </Tabs>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} h="calc(100vh - 120px)">
        <PreviewPanel
          botId={botId}
          bot={draft}
          startFrom={groupId ? { type: 'group', groupId } : undefined}
          onRunningBlock={setRunning}
          onClose={onClose}
        />
      </Grid.Col>
    </Grid>
  )
}
