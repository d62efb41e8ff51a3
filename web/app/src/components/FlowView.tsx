// A bot's flow drawn read-only on a canvas (@xyflow/react): groups at their graphCoordinates with their blocks,
// events, and edges from the exit they leave (an event, a block, each of a block's items or cards' buttons) to the
// group they reach. `annotate` adds a line under a block (the analytics' drop-off figures).
import { Background, Controls, Handle, MiniMap, type Node, type NodeProps, Position, ReactFlow } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { Box, Paper, Stack, Text } from '@mantine/core'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useFlowLabels } from '../lib/flowLabels.js'
import type { BotV6, GroupV6 } from '../../../../src/contract/bot/bot.js'
import { isEventSource } from '../../../../src/contract/bot/common.js'
import { type BlockExit, hasItemExits, sourceKey } from '../../../../src/contract/bot/graph.js'
import { exitLabel, itemExits, showsBlockHandle } from '../editor/canvas/flowModel.js'
import { exitsOfBlock } from '../editor/doc/exits.js'
import type { Block } from '../editor/types.js'
import { msg } from '../i18n/index.js'
import { blockLabel, blockSummary } from '../lib/blockLabels.js'

export type FlowBot = Pick<BotV6, 'groups' | 'events' | 'edges' | 'variables'>
type Annotate = (block: Block) => ReactNode

type GroupData = {
  group: GroupV6
  /** Blocks whose own exit is drawn: as on the editor's canvas, and wherever an edge leaves from it. */
  ownExits: ReadonlySet<string>
  variableName: (variableId: string) => string
  annotate?: Annotate
}

const exitHandle = (key: string) => <Handle type="source" id={key} position={Position.Right} style={{ right: -10 }} />

const ExitRow = ({ label, handle }: { label: string; handle: string }) => (
  <Box pos="relative" px={6} py={2} bg="white" style={{ borderRadius: 4 }}>
    <Text size="xs" truncate>
      {label}
    </Text>
    {exitHandle(handle)}
  </Box>
)

const BlockBox = ({ block, data }: { block: Block; data: GroupData }) => {
  const { t } = useTranslation()
  const rows = itemExits(block)
  const own: BlockExit = { key: sourceKey({ blockId: block.id }), source: { blockId: block.id }, on: 'block' }
  const ownLabel = rows.length > 0 ? exitLabel(block, own, data.variableName) : ''
  return (
    <Box pos="relative" p={6} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 6 }} data-block-id={block.id}>
      <Text size="xs" c="dimmed">
        {t(blockLabel(block.type))}
      </Text>
      {/* Blocks whose exits are their items show them as rows of their own, not in a summary line. */}
      {!hasItemExits(exitsOfBlock(block)) && (
        <Text size="xs" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
          {blockSummary(block, { variableName: data.variableName })}
        </Text>
      )}
      {data.annotate?.(block)}
      {rows.length > 0 && (
        <Stack gap={2} mt={4}>
          {rows.map((exit) => (
            <ExitRow key={exit.key} label={exitLabel(block, exit, data.variableName)} handle={exit.key} />
          ))}
          {data.ownExits.has(block.id) && ownLabel && <ExitRow label={ownLabel} handle={own.key} />}
        </Stack>
      )}
      {data.ownExits.has(block.id) && !(rows.length > 0 && ownLabel) && exitHandle(own.key)}
    </Box>
  )
}

const GroupNode = ({ data }: NodeProps<Node<GroupData>>) => {
  const { t } = useTranslation()
  return (
    <Paper withBorder shadow="xs" p="xs" w={260} radius="md" aria-label={t('Group {{title}}', { title: data.group.title })}>
      <Handle type="target" position={Position.Left} style={{ top: 18 }} />
      <Text fw={600} size="sm" mb={6} truncate>
        {data.group.title || t('Untitled group')}
      </Text>
      <Stack gap={4}>
        {data.group.blocks.map((block) => (
          <BlockBox key={block.id} block={block} data={data} />
        ))}
      </Stack>
    </Paper>
  )
}

const EventNode = ({ data }: NodeProps<Node<{ label: string; handle: string }>>) => {
  const { t } = useTranslation()
  return (
    <Paper withBorder p="xs" radius="xl" bg="var(--mantine-color-indigo-0)">
      <Text size="xs" fw={600} px={6}>
        {t(data.label)}
      </Text>
      <Handle type="source" id={data.handle} position={Position.Right} />
    </Paper>
  )
}

// Not `group`: xyflow gives that name its own sub-flow frame.
const nodeTypes = { botGroup: GroupNode, event: EventNode }

/** English (translated where shown); an unknown type as it is. */
const eventLabel = (type: string) =>
  type === 'start'
    ? msg('Start')
    : type === 'command'
      ? msg('Command')
      : type === 'reply'
        ? msg('Reply')
        : type === 'invalidReply'
          ? msg('Invalid reply')
          : type

/** Where each edge is drawn from: the node holding its source and the handle of that source. */
const edgeEnds = (bot: FlowBot) => {
  const ends = new Map<string, { node: string }>()
  const ownExits = new Set<string>()
  for (const event of bot.events) ends.set(sourceKey({ eventId: event.id }), { node: `event:${event.id}` })
  for (const group of bot.groups)
    group.blocks.forEach((block, index) => {
      for (const exit of itemExits(block)) ends.set(exit.key, { node: group.id })
      if (showsBlockHandle(block, index === group.blocks.length - 1)) ownExits.add(block.id)
    })
  const groupOf = new Map(bot.groups.flatMap((group) => group.blocks.map((block) => [block.id, group.id] as const)))
  const groupIds = new Set(bot.groups.map((group) => group.id))
  const edges = bot.edges.flatMap((edge) => {
    if (!groupIds.has(edge.to.groupId)) return []
    const key = sourceKey(edge.from)
    const drawn = ends.get(key)
    if (drawn) return [{ id: edge.id, source: drawn.node, sourceHandle: key, target: edge.to.groupId }]
    // Any other edge of a block (its own, or one an imported bot keeps from an exit the block does not offer) leaves
    // from the block's own exit.
    const blockId = isEventSource(edge.from) ? undefined : edge.from.blockId
    const group = blockId === undefined ? undefined : groupOf.get(blockId)
    if (blockId === undefined || group === undefined) return []
    ownExits.add(blockId)
    return [{ id: edge.id, source: group, sourceHandle: sourceKey({ blockId }), target: edge.to.groupId }]
  })
  return { edges, ownExits }
}

export const FlowView = ({ bot, annotate, height = 560 }: { bot: FlowBot; annotate?: Annotate; height?: number }) => {
  const { t } = useTranslation()
  const ariaLabels = useFlowLabels()
  const { nodes, edges } = useMemo(() => {
    const { edges, ownExits } = edgeEnds(bot)
    const names = new Map(bot.variables.map((variable) => [variable.id, variable.name]))
    const variableName = (id: string) => names.get(id) ?? t('unknown variable')
    const nodes: Node[] = [
      ...bot.events.map((e, i) => ({
        id: `event:${e.id}`,
        type: 'event',
        position: e.graphCoordinates ?? { x: -300, y: i * 80 },
        data: { label: eventLabel(e.type), handle: sourceKey({ eventId: e.id }) },
      })),
      ...bot.groups.map((group, i) => ({
        id: group.id,
        type: 'botGroup',
        position: group.graphCoordinates ?? { x: (i % 4) * 320, y: Math.floor(i / 4) * 320 },
        data: { group, ownExits, variableName, annotate } satisfies GroupData,
      })),
    ]
    return { nodes, edges }
  }, [bot, annotate, t])
  return (
    <Box h={height} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        minZoom={0.1}
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={ariaLabels}
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel={t('Overview of the flow')} />
      </ReactFlow>
    </Box>
  )
}
