// A group on the canvas: its title (drag it to move the group, double-click to rename), its blocks in order, and a
// connection point for every exit (the block's, its buttons', its condition paths'). Blocks are dragged with the
// browser's drag and drop: within the group, into another group, or onto the canvas for a new group.
import { ActionIcon, Box, Button, Group as Row, Paper, Text, TextInput, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconCopy, IconGripVertical, IconPlayerPlay, IconTrash } from '@tabler/icons-react'
import { Handle, type Node, NodeToolbar, type NodeProps, Position } from '@xyflow/react'
import { type DragEvent, memo, useState } from 'react'
import { blockLabel, blockSummary } from '../../lib/blockLabels.js'
import { sourceKey } from '../doc/graph.js'
import type { Block } from '../types.js'
import { type CanvasMark, dragTypes, isBlockDrag, useCanvas } from './canvasContext.js'
import type { GroupNodeData } from './flowModel.js'
import { hasBlockHandle, hasItemHandles } from './flowModel.js'
import { defaultExitLabel, itemLabel } from './itemLabels.js'

const handleStyle = { right: -12, width: 10, height: 10, background: 'var(--mantine-color-indigo-5)' }

/** The index a drop at clientY lands on, from the block rows' middles. */
const dropIndex = (list: HTMLElement, clientY: number) => {
  const rows = [...list.querySelectorAll<HTMLElement>(':scope > [data-block-row]')]
  const i = rows.findIndex((row) => {
    const r = row.getBoundingClientRect()
    return clientY < r.top + r.height / 2
  })
  return i === -1 ? rows.length : i
}

const Marks = ({ marks }: { marks: CanvasMark[] | undefined }) =>
  marks?.length ? (
    <Tooltip label={marks.map((m) => m.message).join('\n')} multiline w={260}>
      <IconAlertTriangle
        size={14}
        color={marks.some((m) => m.severity === 'error') ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-orange-6)'}
        aria-label={`Check: ${marks.map((m) => m.message).join('; ')}`}
      />
    </Tooltip>
  ) : null

const ItemRow = ({ handle, label }: { handle: string; label: string }) => (
  <Box pos="relative" px={6} py={3} mt={4} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
    <Text size="xs" truncate>
      {label}
    </Text>
    <Handle type="source" id={handle} position={Position.Right} style={handleStyle} aria-label={`Connect "${label}"`} />
  </Box>
)

const BlockRow = ({ block }: { block: Block }) => {
  const canvas = useCanvas()
  const selected = canvas.selectedBlockId === block.id
  const running = canvas.runningBlockId === block.id
  const label = blockLabel(block.type)
  const itemized = hasItemHandles(block)
  // Blocks with items show them as rows of their own, not in a summary line.
  const summary = itemized ? '' : blockSummary(block)
  const exit = defaultExitLabel(block)
  const items = itemized
    ? ((block as { items?: { id: string; paths?: { id: string; text?: string | null }[] | null }[] }).items ?? [])
    : []
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(dragTypes.moveBlock, block.id)
    e.dataTransfer.effectAllowed = 'move'
    e.stopPropagation()
  }
  return (
    <Box
      data-block-row
      data-block-id={block.id}
      className="nodrag"
      role="button"
      tabIndex={0}
      aria-label={`${label} block${summary ? `: ${summary}` : ''}`}
      aria-pressed={selected}
      draggable={!canvas.readOnly}
      onDragStart={onDragStart}
      onClick={(e) => {
        e.stopPropagation()
        canvas.selectBlock(block.id)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          canvas.selectBlock(block.id)
        }
      }}
      pos="relative"
      p={6}
      style={{
        borderRadius: 6,
        cursor: canvas.readOnly ? 'pointer' : 'grab',
        background: running ? 'var(--mantine-color-yellow-1)' : 'var(--mantine-color-gray-0)',
        outline: selected ? '2px solid var(--mantine-color-indigo-5)' : running ? '2px solid var(--mantine-color-yellow-6)' : undefined,
      }}
    >
      <Row gap={4} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        <Marks marks={canvas.marks.get(block.id)} />
      </Row>
      {summary && (
        <Text size="xs" lineClamp={2}>
          {summary}
        </Text>
      )}
      {items.map((item) =>
        block.type === 'cards' ? (
          (item.paths ?? []).map((p) => (
            <ItemRow key={p.id} handle={sourceKey({ blockId: block.id, itemId: item.id, pathId: p.id })} label={p.text || 'Button'} />
          ))
        ) : (
          <ItemRow key={item.id} handle={sourceKey({ blockId: block.id, itemId: item.id })} label={itemLabel(block, item, canvas.variableName)} />
        ),
      )}
      {hasBlockHandle(block) &&
        (exit && items.length ? (
          <ItemRow handle={sourceKey({ blockId: block.id })} label={exit} />
        ) : (
          <Handle type="source" id={sourceKey({ blockId: block.id })} position={Position.Right} style={handleStyle} aria-label={`Connect ${label}`} />
        ))}
    </Box>
  )
}

const Title = ({ groupId, title }: { groupId: string; title: string }) => {
  const canvas = useCanvas()
  const [editing, setEditing] = useState(false)
  if (editing)
    return (
      <TextInput
        className="nodrag"
        size="xs"
        aria-label="Group title"
        defaultValue={title}
        autoFocus
        onBlur={(e) => {
          setEditing(false)
          if (e.currentTarget.value !== title) canvas.renameGroup(groupId, e.currentTarget.value)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur()
          if (e.key === 'Escape') setEditing(false)
        }}
      />
    )
  return (
    <Row className="group-drag" gap={4} wrap="nowrap" style={{ cursor: 'move' }} onDoubleClick={() => !canvas.readOnly && setEditing(true)}>
      <IconGripVertical size={14} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text fw={600} size="sm" truncate flex={1}>
        {title || 'Untitled group'}
      </Text>
      <Marks marks={canvas.marks.get(groupId)} />
    </Row>
  )
}

export const GroupNode = memo(({ data, selected }: NodeProps<Node<GroupNodeData>>) => {
  const canvas = useCanvas()
  const [over, setOver] = useState<number | null>(null)
  const { group } = data
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (canvas.readOnly || !isBlockDrag(e.dataTransfer)) return
    e.preventDefault()
    e.stopPropagation()
    setOver(dropIndex(e.currentTarget, e.clientY))
  }
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (canvas.readOnly || !isBlockDrag(e.dataTransfer)) return
    e.preventDefault()
    e.stopPropagation()
    setOver(null)
    canvas.dropInGroup(group.id, dropIndex(e.currentTarget, e.clientY), e.dataTransfer)
  }
  return (
    <Paper
      withBorder
      shadow={selected ? 'md' : 'xs'}
      p="xs"
      w={280}
      radius="md"
      aria-label={`Group ${group.title}`}
      style={{ borderColor: selected ? 'var(--mantine-color-indigo-5)' : undefined }}
    >
      <NodeToolbar isVisible={selected} position={Position.Top}>
        <Paper shadow="sm" p={4} withBorder>
          <Row gap={4}>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlayerPlay size={12} aria-hidden />}
              onClick={() => canvas.testFrom(group.id)}
            >
              Test from here
            </Button>
            {!canvas.readOnly && (
              <>
                <ActionIcon size="sm" variant="subtle" onClick={() => canvas.duplicateGroup(group.id)} aria-label={`Duplicate ${group.title}`}>
                  <IconCopy size={14} />
                </ActionIcon>
                <ActionIcon size="sm" variant="subtle" color="red" onClick={() => canvas.deleteGroup(group.id)} aria-label={`Delete ${group.title}`}>
                  <IconTrash size={14} />
                </ActionIcon>
              </>
            )}
          </Row>
        </Paper>
      </NodeToolbar>
      <Handle type="target" id="in" position={Position.Left} style={{ top: 18, width: 10, height: 10 }} aria-label={`Into ${group.title}`} />
      <Title groupId={group.id} title={group.title} />
      <Box
        mt={6}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(null)}
        onDrop={onDrop}
        style={{ display: 'flex', flexDirection: 'column', gap: 4, minHeight: 24 }}
        aria-label={`Blocks of ${group.title}`}
      >
        {group.blocks.map((block, i) => (
          <BlockWithDropLine key={block.id} show={over === i}>
            <BlockRow block={block as Block} />
          </BlockWithDropLine>
        ))}
        {over === group.blocks.length && <DropLine />}
      </Box>
    </Paper>
  )
})

const DropLine = () => <Box h={3} bg="indigo.5" style={{ borderRadius: 2 }} aria-hidden />

// The drop line sits before the row, inside the same wrapper so dropIndex still counts rows.
const BlockWithDropLine = ({ show, children }: { show: boolean; children: React.ReactNode }) => (
  <>
    {show && <DropLine />}
    {children}
  </>
)
