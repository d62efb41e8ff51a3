// The editor's right-hand panel: the selected block's settings, the variables, the checks, or the preview.
import { ActionIcon, Box, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { midSentence } from '../i18n/index.js'
import type { BotCheck } from '../../../../src/contract/bot/checks.js'
import { blockLabel } from '../lib/blockLabels.js'
import { BlockSettings } from './blocks/BlockSettings.js'
import { catalogEntry } from './blocks/catalog.js'
import { eventNodeId } from './canvas/flowModel.js'
import { groupOfBlock } from '../../../../src/contract/bot/graph.js'
import type { History } from './doc/history.js'
import { replaceBlock, replaceEvent } from './doc/ops.js'
import { EventSettings, eventTitle } from './EventSettings.js'
import { BlockExits, BlockGroup, EventExit } from './ExitsForm.js'
import { PreviewPanel } from './preview/PreviewPanel.js'
import type { Block, EditorBot, EditorContext } from './types.js'
import { VariablesPanel } from './variables/VariablesPanel.js'

export type Panel =
  | { kind: 'block' }
  | { kind: 'event'; eventId: string }
  | { kind: 'variables' }
  | { kind: 'checks' }
  | { kind: 'preview'; at?: number }
  | null

type Props = {
  panel: NonNullable<Panel>
  onClose: () => void
  bot: EditorBot
  history: History
  ctx: EditorContext
  selectedBlockId: string | null
  checks: BotCheck[]
  startFrom: string | undefined
  onRunningBlock: (blockId: string | null) => void
  /** Shows a node (and selects a block) on the canvas. */
  onFocus: (nodeId: string, blockId?: string) => void
}

const Frame = ({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) => {
  const { t } = useTranslation()
  return (
    <Box
      component="aside"
      aria-label={title}
      w={400}
      style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Title order={2} size="h5">
          {title}
        </Title>
        <ActionIcon variant="subtle" onClick={onClose} aria-label={t('Close {{panel}}', { panel: midSentence(title) })}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <ScrollArea style={{ flex: 1 }} p="md">
        <Stack gap="lg">{children}</Stack>
      </ScrollArea>
    </Box>
  )
}

export const SidePanel = (props: Props) => {
  const { panel, bot, history, ctx, onClose } = props
  const { t } = useTranslation()
  switch (panel.kind) {
    case 'block': {
      const block = bot.groups.flatMap((g) => g.blocks).find((b) => b.id === props.selectedBlockId) as Block | undefined
      if (!block) return null
      const group = groupOfBlock(bot, block.id)
      const entry = catalogEntry(block.type)
      return (
        <Frame title={t('{{block}} settings', { block: entry ? t(entry.label) : blockLabel(block.type) })} onClose={onClose}>
          <BlockSettings
            key={block.id}
            block={block}
            ctx={ctx}
            onChange={(next) => history.change((b) => replaceBlock(b, next), `block:${block.id}`)}
          />
          <BlockGroup bot={bot} change={history.change} readOnly={ctx.readOnly} blockId={block.id} />
          <BlockExits bot={bot} change={history.change} readOnly={ctx.readOnly} block={block} isLast={group?.blocks.at(-1)?.id === block.id} />
        </Frame>
      )
    }
    case 'event': {
      const event = bot.events.find((e) => e.id === panel.eventId)
      if (!event) return null
      return (
        <Frame title={t('{{event}} settings', { event: eventTitle(event) })} onClose={onClose}>
          <Stack gap="md">
            <EventSettings event={event} ctx={ctx} onChange={(next) => history.change((b) => replaceEvent(b, next), `event:${event.id}`)} />
            <EventExit bot={bot} change={history.change} readOnly={ctx.readOnly} eventId={event.id} />
          </Stack>
        </Frame>
      )
    }
    case 'variables':
      return (
        <Frame title={t('Variables')} onClose={onClose}>
          <VariablesPanel bot={bot} onChange={(next) => history.change(next, 'variables')} readOnly={ctx.readOnly} />
        </Frame>
      )
    case 'checks':
      return (
        <Frame title={t('Checks')} onClose={onClose}>
          {props.checks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('No problem found: every group is reachable and every connection leads somewhere.')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {props.checks.map((c) => {
                const groupId = c.groupId ?? (c.blockId ? groupOfBlock(bot, c.blockId)?.id : undefined)
                const nodeId = groupId ?? (c.eventId ? eventNodeId(c.eventId) : undefined)
                return (
                  <li key={[c.code, c.groupId, c.blockId, c.itemId, c.pathId, c.edgeId, c.eventId, c.variableId, c.message].join('|')}>
                    <UnstyledButton
                      onClick={() => nodeId && props.onFocus(nodeId, c.blockId)}
                      disabled={!nodeId}
                      w="100%"
                      p="xs"
                      style={{ borderRadius: 6, border: `1px solid var(--mantine-color-${c.severity === 'error' ? 'red' : 'orange'}-3)` }}
                    >
                      <Text size="xs" fw={600} c={c.severity === 'error' ? 'red' : 'orange'}>
                        {c.severity === 'error' ? t('Error') : t('Warning')}
                      </Text>
                      <Text size="sm">{c.message}</Text>
                    </UnstyledButton>
                  </li>
                )
              })}
            </Stack>
          )}
        </Frame>
      )
    case 'preview':
      return (
        <Box
          component="aside"
          aria-label={t('Preview')}
          w={420}
          style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', display: 'flex', flexDirection: 'column' }}
        >
          <PreviewPanel
            key={`${props.startFrom ?? 'start'}-${panel.at ?? 0}`}
            botId={ctx.botId}
            bot={bot}
            startFrom={props.startFrom ? { type: 'group', groupId: props.startFrom } : undefined}
            onRunningBlock={props.onRunningBlock}
            onClose={onClose}
          />
        </Box>
      )
  }
}
