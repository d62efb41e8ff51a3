// An event on the canvas (the start, a command, a reply): a pill with the one exit it has.
import { Paper, Text, UnstyledButton } from '@mantine/core'
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react'
import type { TFunction } from 'i18next'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { sourceKey } from '../../../../../src/contract/bot/graph.js'
import { useCanvas } from './canvasContext.js'
import type { EventNodeData } from './flowModel.js'

export const eventLabel = (event: EventNodeData['event'], t: TFunction) => {
  const command = (event.options as { command?: string } | null | undefined)?.command
  switch (event.type) {
    case 'start':
      return t('Start')
    case 'command':
      return command ? t('Command /{{command}}', { command }) : t('Command')
    case 'reply':
      return t('On reply')
    case 'invalidReply':
      return t('On invalid reply')
    default:
      return event.type
  }
}

export const EventNode = memo(({ data, selected }: NodeProps<Node<EventNodeData>>) => {
  const { t } = useTranslation()
  const canvas = useCanvas()
  const label = eventLabel(data.event, t)
  return (
    <Paper
      withBorder
      px="md"
      py={6}
      radius="xl"
      bg="var(--mantine-color-indigo-0)"
      aria-label={t('Event {{name}}', { name: label })}
      style={{ borderColor: selected ? 'var(--mantine-color-indigo-5)' : undefined }}
    >
      <UnstyledButton className="nodrag" onClick={() => canvas.selectEvent(data.event.id)} aria-label={t('{{name}}: settings', { name: label })}>
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
