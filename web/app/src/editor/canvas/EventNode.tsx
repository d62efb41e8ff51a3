// An event on the canvas (the start, a command, a reply): a pill with the one exit it has.
import { Paper, Text, UnstyledButton } from '@mantine/core'
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react'
import { memo } from 'react'
import { sourceKey } from '../../../../../src/contract/bot/graph.js'
import { useCanvas } from './canvasContext.js'
import type { EventNodeData } from './flowModel.js'

const eventLabel = (event: EventNodeData['event']) => {
  const command = (event.options as { command?: string } | null | undefined)?.command
  switch (event.type) {
    case 'start':
      return 'Start'
    case 'command':
      return command ? `Command /${command}` : 'Command'
    case 'reply':
      return 'On reply'
    case 'invalidReply':
      return 'On invalid reply'
    default:
      return event.type
  }
}

export const EventNode = memo(({ data, selected }: NodeProps<Node<EventNodeData>>) => {
  const canvas = useCanvas()
  const label = eventLabel(data.event)
  return (
    <Paper
      withBorder
      px="md"
      py={6}
      radius="xl"
      bg="var(--mantine-color-indigo-0)"
      aria-label={`Event ${label}`}
      style={{ borderColor: selected ? 'var(--mantine-color-indigo-5)' : undefined }}
    >
      <UnstyledButton className="nodrag" onClick={() => canvas.selectEvent(data.event.id)} aria-label={`${label}: settings`}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
      </UnstyledButton>
      <Handle
        type="source"
        id={sourceKey({ eventId: data.event.id })}
        position={Position.Right}
        style={{ width: 10, height: 10, background: 'var(--mantine-color-indigo-5)' }}
      />
    </Paper>
  )
})
