// A bot's flow drawn read-only on a canvas (@xyflow/react): groups at their graphCoordinates with their blocks,
// events, and edges from the block (or event) they leave to the group they reach. `annotate` adds a line under a
// block (the analytics' drop-off figures).
import { Background, Controls, Handle, MiniMap, type Node, type NodeProps, Position, ReactFlow } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { Box, Paper, Stack, Text } from '@mantine/core'
import { type ReactNode, useMemo } from 'react'
import { blockLabel, blockSummary } from '../lib/blockLabels.js'

type BotBlock = { id: string; type: string; content?: unknown; options?: unknown }
type BotGroup = { id: string; title: string; blocks: BotBlock[]; graphCoordinates?: { x: number; y: number } }
type BotEvent = { id: string; type: string; graphCoordinates?: { x: number; y: number } }
type BotEdge = { id: string; from: { blockId?: string; itemId?: string; eventId?: string }; to: { groupId: string; blockId?: string } }
export type FlowBot = { groups: BotGroup[]; events?: unknown[]; edges?: unknown[] }

type GroupData = { group: BotGroup; annotate?: (block: BotBlock) => ReactNode }

const GroupNode = ({ data }: NodeProps<Node<GroupData>>) => (
  <Paper withBorder shadow="xs" p="xs" w={260} radius="md" aria-label={`Group ${data.group.title}`}>
    <Handle type="target" position={Position.Left} style={{ top: 18 }} />
    <Text fw={600} size="sm" mb={6} truncate>
      {data.group.title || 'Untitled group'}
    </Text>
    <Stack gap={4}>
      {data.group.blocks.map((block) => (
        <Box key={block.id} pos="relative" p={6} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 6 }}>
          <Text size="xs" c="dimmed">
            {blockLabel(block.type)}
          </Text>
          <Text size="xs" lineClamp={2}>
            {blockSummary(block)}
          </Text>
          {data.annotate?.(block)}
          <Handle type="source" id={block.id} position={Position.Right} style={{ top: '50%', right: -10 }} />
        </Box>
      ))}
    </Stack>
  </Paper>
)

const EventNode = ({ data }: NodeProps<Node<{ label: string; id: string }>>) => (
  <Paper withBorder p="xs" radius="xl" bg="var(--mantine-color-indigo-0)">
    <Text size="xs" fw={600} px={6}>
      {data.label}
    </Text>
    <Handle type="source" id={data.id} position={Position.Right} />
  </Paper>
)

// Not `group`: xyflow gives that name its own sub-flow frame.
const nodeTypes = { botGroup: GroupNode, event: EventNode }

const eventLabel = (type: string) =>
  type === 'start' ? 'Start' : type === 'command' ? 'Command' : type === 'reply' ? 'Reply' : type === 'invalidReply' ? 'Invalid reply' : type

export const FlowView = ({ bot, annotate, height = 560 }: { bot: FlowBot; annotate?: (block: BotBlock) => ReactNode; height?: number }) => {
  const { nodes, edges } = useMemo(() => {
    const events = (bot.events ?? []) as BotEvent[]
    const nodes: Node[] = [
      ...events.map((e, i) => ({
        id: `event:${e.id}`,
        type: 'event',
        position: e.graphCoordinates ?? { x: -300, y: i * 80 },
        data: { label: eventLabel(e.type), id: e.id },
      })),
      ...bot.groups.map((g, i) => ({
        id: g.id,
        type: 'botGroup',
        position: g.graphCoordinates ?? { x: (i % 4) * 320, y: Math.floor(i / 4) * 320 },
        data: { group: g, annotate },
      })),
    ]
    const groupOfBlock = new Map(bot.groups.flatMap((g) => g.blocks.map((b) => [b.id, g.id] as const)))
    const edges = ((bot.edges ?? []) as BotEdge[]).flatMap((e) => {
      const source = e.from.eventId ? `event:${e.from.eventId}` : e.from.blockId ? groupOfBlock.get(e.from.blockId) : undefined
      if (!source || !bot.groups.some((g) => g.id === e.to.groupId)) return []
      return [{ id: e.id, source, sourceHandle: e.from.eventId ?? e.from.blockId, target: e.to.groupId }]
    })
    return { nodes, edges }
  }, [bot, annotate])
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
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel="Overview of the flow" />
      </ReactFlow>
    </Box>
  )
}
