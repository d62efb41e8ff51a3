// A group on the canvas: its title (drag it to move the group, double-click to rename), its blocks in order, and a
// connection point for every exit (the block's, its buttons', its condition paths'). Blocks are dragged with the
// browser's drag and drop: within the group, into another group, or onto the canvas for a new group.
import { ActionIcon, Button, Group as Row, Paper, TextInput } from '@mantine/core'
import { IconAlertTriangle, IconCopy, IconGripVertical, IconPlayerPlay, IconTrash } from '@tabler/icons-react'
import { type Node, NodeToolbar, type NodeProps, Position, useStore } from '@xyflow/react'
import { type DragEvent, memo, useCallback, useEffect, useRef, useState } from 'react'
import { BubbleBlockType, InputBlockType } from '../../../../../src/contract/bot/blockTypes.js'
import { hasItemExits, sourceKey } from '../../../../../src/contract/bot/graph.js'
import { blockLabel, blockSummary, cardSummary } from '../../lib/blockLabels.js'
import { exitsOfBlock } from '../doc/exits.js'
import { TextBubbleForm } from '../richText/TextBubbleForm.js'
import type { Block } from '../types.js'
import { type CanvasMark, dragTypes, isBlockDrag, useCanvas } from './canvasContext.js'
import './canvas.css'
import { FlowHandle } from './FlowHandle.js'
import { farOut } from './farOut.js'
import { blockTargetHandle, exitLabel, type GroupNodeData, itemExits, showsBlockHandle } from './flowModel.js'

/** The index a drop at clientY lands on, from the block rows' middles. */
const dropIndex = (list: HTMLElement, clientY: number) => {
  const rows = [...list.querySelectorAll<HTMLElement>(':scope > [data-block-row]')]
  const i = rows.findIndex((row) => {
    const r = row.getBoundingClientRect()
    return clientY < r.top + r.height / 2
  })
  return i === -1 ? rows.length : i
}

const Marks = ({ marks }: { marks: CanvasMark[] | undefined }) => {
  const { t } = useCanvas()
  if (!marks?.length) return null
  const text = marks.map((m) => m.message).join('\n')
  const error = marks.some((m) => m.severity === 'error')
  return (
    <span className={error ? 'pg-mark-error' : 'pg-mark-warning'} title={text} role="img" aria-label={t('Check: {{text}}', { text })}>
      <IconAlertTriangle size={14} aria-hidden />
    </span>
  )
}

/**
 * An exit's row: its label and its connection point. A button's label (`onRename`) is edited in place: double-click
 * it, type, and Enter or leaving keeps it; Escape drops the typing. (The keyboard's way is the block's settings.)
 */
const ItemRow = ({ handle, label, lod, onRename }: { handle: string; label: string; lod: boolean; onRename?: (text: string) => void }) => {
  const { t } = useCanvas()
  const [editing, setEditing] = useState(false)
  // Escape ends the edit without keeping it, even if the field's removal is reported as a blur.
  const dropped = useRef(false)
  return (
    <div className="pg-item">
      {/* Apart from the text before it: the block's text reads as its name does. */}{' '}
      {editing && onRename ? (
        <input
          className="pg-item-input nodrag"
          aria-label={t('Edit the button “{{label}}”', { label })}
          defaultValue={label}
          // biome-ignore lint/a11y/noAutofocus: the field opens on the user's double-click, to be typed in at once
          autoFocus
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            e.stopPropagation()
            if (e.key === 'Enter') e.currentTarget.blur()
            if (e.key === 'Escape') {
              dropped.current = true
              setEditing(false)
            }
          }}
          onBlur={(e) => {
            if (dropped.current) return
            setEditing(false)
            const text = e.currentTarget.value.trim()
            if (text && text !== label) onRename(text)
          }}
        />
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the keyboard edits labels in the block's settings
        <span
          className="pg-item-label"
          title={onRename ? t('Double-click to edit') : undefined}
          onDoubleClick={
            onRename &&
            ((e) => {
              e.stopPropagation()
              dropped.current = false
              setEditing(true)
            })
          }
        >
          {lod ? '\u00a0' : label}
        </span>
      )}
      <FlowHandle far={lod} type="source" id={handle} position={Position.Right} className="pg-handle" />
    </div>
  )
}

/**
 * A text bubble's text edited on the canvas, as in Typebot: double-click the block. Every change is kept as it is
 * typed (one undo step, shared with the settings panel's editor of the same text); Escape or a click elsewhere
 * closes it, and Escape gives the keyboard back to the block.
 */
const TextInPlace = ({ block, onClose }: { block: Block; onClose: (refocus: boolean) => void }) => {
  const canvas = useCanvas()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      const target = e.target as Element | null
      // The toolbar's link and variable pickers open in portals: still the editor.
      if (box.current?.contains(target) || target?.closest('[data-portal], .mantine-Popover-dropdown')) return
      onClose(false)
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [onClose])
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys are the text editor's; this only sees the ones it leaves
    <div
      ref={box}
      className="pg-text-in-place nodrag nopan nowheel"
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        // The row's keys (Enter selects, Alt+arrows move) are not the text's.
        e.stopPropagation()
        if (e.key === 'Escape' && !e.defaultPrevented) onClose(true)
      }}
    >
      <TextBubbleForm block={block} onChange={canvas.updateBlock} ctx={canvas.formContext} />
    </div>
  )
}

/** How long a click on a text bubble waits for a second one (double-click edits in place) before opening settings. */
const DOUBLE_CLICK_MS = 250

const BlockRow = memo(({ block, lod, isFirst, isLast }: { block: Block; lod: boolean; isFirst: boolean; isLast: boolean }) => {
  const canvas = useCanvas()
  const { t } = canvas
  const [editingText, setEditingText] = useState(false)
  const row = useRef<HTMLDivElement>(null)
  const pendingSelect = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(pendingSelect.current), [])
  const editsInPlace = block.type === BubbleBlockType.TEXT && !canvas.readOnly
  const closeText = useCallback((refocus: boolean) => {
    setEditingText(false)
    if (refocus) requestAnimationFrame(() => row.current?.focus())
  }, [])
  const label = t(blockLabel(block.type))
  // Blocks whose exits are their items show them as rows of their own: their summary says only what the card adds
  // (where the answer is saved).
  const itemized = hasItemExits(exitsOfBlock(block))
  const summary = itemized ? cardSummary(block, canvas.cardContext) : blockSummary(block, canvas.cardContext)
  const rows = itemExits(block)
  const own = { key: sourceKey({ blockId: block.id }), source: { blockId: block.id }, on: 'block' as const }
  const ownLabel = rows.length > 0 ? exitLabel(block, own, canvas.variableName) : ''
  const rowLabels = rows.map((exit) => exitLabel(block, exit, canvas.variableName))
  const showsOwn = showsBlockHandle(block, isLast)
  // Named by what it shows, in order ("Buttons, Saves in Size, Small, Large"), and called a block. The spaces
  // between its parts below keep its text readable as one line, so the name and the text agree.
  const name = [label, ...summary.split('\n'), ...rowLabels, showsOwn ? ownLabel : ''].filter(Boolean).join(', ')
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a button (a group while its text is edited in place), not a <button>: the row holds its connection handles, which a <button> may not contain
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is a button's or a group's, both named
    <div
      ref={row}
      data-block-row
      data-block-id={block.id}
      data-running={canvas.runningBlockId === block.id || undefined}
      data-readonly={canvas.readOnly || undefined}
      data-editing={editingText || undefined}
      className="pg-block nodrag"
      // While its text is edited in place the row holds a text box, which a button may not.
      role={editingText ? 'group' : 'button'}
      tabIndex={0}
      aria-label={name}
      aria-roledescription="block"
      aria-pressed={editingText ? undefined : canvas.selectedBlockId === block.id}
      title={editsInPlace && !editingText ? t('Double-click to edit the text') : undefined}
      onDoubleClick={
        editsInPlace
          ? (e) => {
              e.stopPropagation()
              if (pendingSelect.current) clearTimeout(pendingSelect.current)
              setEditingText(true)
            }
          : undefined
      }
      // Draggable only when grabbed away from a connection point: a native drag would swallow the pointer moves
      // that draw an edge from a handle.
      onPointerDown={(e) => {
        e.currentTarget.draggable = !canvas.readOnly && !editingText && !(e.target as Element).closest('.react-flow__handle')
      }}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData(dragTypes.moveBlock, block.id)
        e.dataTransfer.effectAllowed = 'move'
        e.stopPropagation()
      }}
      onClick={(e) => {
        e.stopPropagation()
        if (!editsInPlace) return canvas.selectBlock(block.id)
        // A text bubble waits out a double-click before opening its settings: the panel taking room could move the
        // block away from under the second click.
        if (pendingSelect.current) clearTimeout(pendingSelect.current)
        if (e.detail > 1) return
        pendingSelect.current = setTimeout(() => canvas.selectBlock(block.id), DOUBLE_CLICK_MS)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          canvas.selectBlock(block.id)
          e.stopPropagation()
        } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown') && !canvas.readOnly) {
          e.preventDefault()
          // Not to the node around it, which would move the group too.
          e.stopPropagation()
          canvas.nudgeBlock(block.id, e.key === 'ArrowUp' ? -1 : 1)
        }
      }}
    >
      {/* Where an edge aimed at this block ends (drawn only; edges are made by letting go on the block). */}
      {!isFirst && (
        <FlowHandle
          far={lod}
          type="target"
          id={blockTargetHandle(block.id)}
          position={Position.Left}
          className="pg-handle-block-in"
          isConnectable={false}
        />
      )}
      <div className="pg-block-head">
        <span className="pg-kind">{lod ? '\u00a0' : label}</span>
        <Marks marks={canvas.marks.get(block.id)} />
      </div>{' '}
      {editingText ? <TextInPlace block={block} onClose={closeText} /> : summary && !lod && <div className="pg-summary">{summary}</div>}{' '}
      {rows.map((exit, i) => (
        <ItemRow
          key={exit.key}
          handle={exit.key}
          label={rowLabels[i]}
          lod={lod}
          onRename={
            block.type === InputBlockType.CHOICE && exit.on === 'item' && !canvas.readOnly
              ? (text) => canvas.relabelItem(block.id, exit.item.id, text)
              : undefined
          }
        />
      ))}
      {showsOwn &&
        (ownLabel ? (
          <ItemRow handle={own.key} label={ownLabel} lod={lod} />
        ) : (
          <FlowHandle far={lod} type="source" id={own.key} position={Position.Right} className="pg-handle" />
        ))}
    </div>
  )
})

const Title = ({ groupId, title }: { groupId: string; title: string }) => {
  const canvas = useCanvas()
  const { t } = canvas
  const [editing, setEditing] = useState(false)
  if (editing)
    return (
      <TextInput
        className="nodrag"
        size="xs"
        aria-label={t('Group title')}
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
    <div className="pg-title group-drag">
      <IconGripVertical size={14} color="var(--mantine-color-gray-5)" aria-hidden />
      <button
        type="button"
        className="pg-title-text"
        title={canvas.readOnly ? undefined : t('Double-click (or Enter) to rename')}
        aria-label={t('Group title: {{title}}', { title: title || t('Untitled group') })}
        onDoubleClick={() => !canvas.readOnly && setEditing(true)}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === 'F2') && !canvas.readOnly) {
            e.preventDefault()
            setEditing(true)
          }
        }}
      >
        {title || t('Untitled group')}
      </button>
      <Marks marks={canvas.marks.get(groupId)} />
    </div>
  )
}

export const GroupNode = memo(({ data, selected }: NodeProps<Node<GroupNodeData>>) => {
  const canvas = useCanvas()
  const { t } = canvas
  const [over, setOver] = useState<number | null>(null)
  const lod = useStore(farOut)
  const { group } = data
  // The whole group takes a dragged block, and a band below it too (see .pg-group::after), where the line shows the
  // block going last: a block let go just under a group joins it instead of starting a new group on top of it.
  const list = (e: DragEvent<HTMLElement>) => e.currentTarget.querySelector<HTMLElement>('.pg-blocks')!
  const onDragOver = (e: DragEvent<HTMLElement>) => {
    if (canvas.readOnly || !isBlockDrag(e.dataTransfer)) return
    e.preventDefault()
    e.stopPropagation()
    setOver(dropIndex(list(e), e.clientY))
  }
  const onDrop = (e: DragEvent<HTMLElement>) => {
    if (canvas.readOnly || !isBlockDrag(e.dataTransfer)) return
    e.preventDefault()
    e.stopPropagation()
    setOver(null)
    canvas.dropInGroup(group.id, dropIndex(list(e), e.clientY), e.dataTransfer)
  }
  return (
    <section
      className="pg-group"
      data-selected={selected || undefined}
      data-lod={lod || undefined}
      aria-label={t('Group {{title}}', { title: group.title })}
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as globalThis.Node | null)) setOver(null)
      }}
      onDrop={onDrop}
    >
      {/* Mounted only on a selected group: a NodeToolbar follows the viewport, so each one re-renders on every frame of
          a pan (hundreds of them in a large flow zoomed out). */}
      {selected && !canvas.readOnly && (
        <NodeToolbar isVisible position={Position.Top}>
          <Paper shadow="sm" p={4} withBorder>
            <Row gap={4}>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconPlayerPlay size={12} aria-hidden />}
                onClick={() => canvas.testFrom(group.id)}
              >
                {t('Test from here')}
              </Button>
              <ActionIcon
                size="sm"
                variant="subtle"
                onClick={() => canvas.duplicateGroup(group.id)}
                aria-label={t('Duplicate {{title}}', { title: group.title })}
              >
                <IconCopy size={14} />
              </ActionIcon>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                onClick={() => canvas.deleteGroup(group.id)}
                aria-label={t('Delete {{title}}', { title: group.title })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Row>
          </Paper>
        </NodeToolbar>
      )}
      <FlowHandle far={lod} type="target" id="in" position={Position.Left} className="pg-handle-in" />
      <Title groupId={group.id} title={group.title} />
      <div className="pg-blocks">
        {group.blocks.map((block, i) => (
          <BlockWithDropLine key={block.id} show={over === i}>
            <BlockRow block={block as Block} lod={lod} isFirst={i === 0} isLast={i === group.blocks.length - 1} />
          </BlockWithDropLine>
        ))}
        {over === group.blocks.length && <DropLine />}
      </div>
    </section>
  )
})

const DropLine = () => <div className="pg-drop-line" aria-hidden />

// The drop line sits before the row, inside the same wrapper so dropIndex still counts rows.
const BlockWithDropLine = ({ show, children }: { show: boolean; children: React.ReactNode }) => (
  <>
    {show && <DropLine />}
    {children}
  </>
)
