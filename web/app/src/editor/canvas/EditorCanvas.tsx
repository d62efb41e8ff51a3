// The editing canvas (@xyflow/react): draws the bot (flowModel.ts) and turns gestures into changes (doc/ops.ts).
// xyflow keeps the nodes while a drag is under way (smooth, no change per frame); the move becomes one change
// when the drag stops. Selection is xyflow's (click, Shift+drag box, Ctrl/Cmd+click); the editor page acts on it.
import { Box } from '@mantine/core'
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type FinalConnectionState,
  MarkerType,
  type Edge as FlowEdge,
  MiniMap,
  type Node,
  type OnEdgesChange,
  type OnNodesChange,
  ReactFlow,
  useReactFlow,
  useStore,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import './canvas.css'
import { FarOverview } from './FarOverview.js'
import { farOut } from './farOut.js'
import { measured, withEstimate } from './unmeasured.js'
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFlowLabels } from '../../lib/flowLabels.js'
import { groupOfBlock, sourceAt } from '../../../../../src/contract/bot/graph.js'
import type { Update } from '../doc/history.js'
import { duplicateGroups } from '../doc/fragment.js'
import {
  type BlockPlace,
  connect,
  insertBlock,
  moveBlock,
  moveNodes,
  relabelItem,
  removeGroups,
  renameGroup,
  replaceBlock,
  type Target,
} from '../doc/ops.js'
import type { Block, EditorBot, EditorContext } from '../types.js'
import { type CanvasApi, CanvasContext, type CanvasMark, dragTypes, isBlockDrag } from './canvasContext.js'
import { EventNode } from './EventNode.js'
import { type GroupNodeData, toFlow } from './flowModel.js'
import { GroupNode } from './GroupNode.js'

const fitted = { fitView: true, fitViewOptions: { maxZoom: 1 } }
// Arrowheads say which way a path goes where two groups are joined both ways.
const edgeOptions = { style: { strokeWidth: 2 }, markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 } }
const proOptions = { hideAttribution: true }
const isValidConnection = (c: { target: string | null }) => Boolean(c.target) && !c.target!.startsWith('event:')

// Not `group`: xyflow gives that name its own sub-flow frame.
const nodeTypes = { botGroup: GroupNode, event: EventNode }

/**
 * Small bots open fitted to the screen; large ones open at full size on their start (fitting hundreds of groups
 * draws every block at once, and makes them too small to read anyway).
 */
const openingViewport = (bot: EditorBot) => {
  if (bot.groups.length <= 40) return undefined
  const start = bot.events[0]?.graphCoordinates ?? bot.groups[0]?.graphCoordinates ?? { x: 0, y: 0 }
  return { x: -start.x + 80, y: -start.y + 160, zoom: 1 }
}

/**
 * The group (and block, when not its first) under the point where an edge was let go, and the block row there:
 * letting go on the block the edge leaves is no connection.
 */
const dropTarget = (event: MouseEvent | TouchEvent): { to: Target; overBlockId?: string } | null => {
  const point = 'changedTouches' in event ? event.changedTouches[0] : event
  if (!point) return null
  const under = document.elementFromPoint(point.clientX, point.clientY)
  const groupId = under?.closest<HTMLElement>('.react-flow__node-botGroup')?.dataset.id
  if (!groupId) return null
  const row = under?.closest<HTMLElement>('[data-block-row]')
  const blockId = row?.dataset.blockId
  const first = row?.parentElement?.querySelector('[data-block-row]') === row
  return { to: blockId && !first ? { groupId, blockId } : { groupId }, overBlockId: blockId }
}

export type CanvasProps = {
  bot: EditorBot
  change: (update: Update, key?: string) => void
  readOnly: boolean
  createBlock: (type: string) => Block
  selectedBlockId: string | null
  onSelectBlock: (blockId: string | null) => void
  runningBlockId: string | null
  marks: Map<string, CanvasMark[]>
  onTestFrom: (groupId: string) => void
  onSelectEvent: (eventId: string) => void
  /** The block forms' context, for the text bubbles edited in place. */
  ctx: EditorContext
}

const estimated = (node: Node) => (node.type === 'botGroup' ? withEstimate(node as Node<GroupNodeData>) : node)

export const EditorCanvas = (props: CanvasProps) => {
  const { bot, change, readOnly, createBlock, onSelectBlock } = props
  const { t } = useTranslation()
  const ariaLabels = useFlowLabels()
  const flow = useReactFlow()
  const far = useStore(farOut)
  const selection = useRef(new Set<string>())
  const [nodes, setNodes] = useState<Node[]>([])
  const [edges, setEdges] = useState<FlowEdge[]>([])
  const [opening] = useState(() => openingViewport(bot))
  const wrapper = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const drawn = toFlow(bot, selection.current)
    // Unchanged groups keep their node object, changed ones keep their measured size (xyflow hides a node until
    // it is measured, and only measures again when its size changes); a group not yet drawn keeps an estimate.
    setNodes((previous) => {
      const byId = new Map(previous.map((n) => [n.id, n]))
      return drawn.nodes.map((n) => {
        const old = byId.get(n.id)
        if (!old) return estimated(n)
        const same = old.data.group === n.data.group && old.data.event === n.data.event && old.position === n.position
        if (same) return old
        return old.measured ? { ...n, measured: old.measured, selected: old.selected } : estimated({ ...n, selected: old.selected })
      })
    })
    setEdges(drawn.edges)
  }, [bot])

  // The block being edited stays in sight: the settings panel takes room from the canvas when it opens, and a
  // block picked near the edge (or from a list) may be out of view.
  const selectedBlockId = props.selectedBlockId
  useEffect(() => {
    if (!selectedBlockId) return
    const frame = requestAnimationFrame(() => {
      const row = wrapper.current?.querySelector(`[data-block-id="${CSS.escape(selectedBlockId)}"]`)
      const view = wrapper.current?.getBoundingClientRect()
      if (!row || !view) return
      const box = row.getBoundingClientRect()
      const margin = 48
      const dx = box.right > view.right - margin ? view.right - margin - box.right : box.left < view.left + margin ? view.left + margin - box.left : 0
      const dy = box.bottom > view.bottom - margin ? view.bottom - margin - box.bottom : box.top < view.top + margin ? view.top + margin - box.top : 0
      if (dx === 0 && dy === 0) return
      const { x, y, zoom } = flow.getViewport()
      void flow.setViewport({ x: x + dx, y: y + dy, zoom }, { duration: 200 })
    })
    return () => cancelAnimationFrame(frame)
  }, [selectedBlockId, flow])

  // While a block is dragged (from the palette or the canvas), groups take drops in a band below them.
  useEffect(() => {
    const start = (e: globalThis.DragEvent) => {
      if (e.dataTransfer && isBlockDrag(e.dataTransfer)) wrapper.current?.classList.add('pg-dragging-block')
    }
    const end = () => wrapper.current?.classList.remove('pg-dragging-block')
    document.addEventListener('dragstart', start)
    document.addEventListener('dragend', end)
    document.addEventListener('drop', end)
    return () => {
      document.removeEventListener('dragstart', start)
      document.removeEventListener('dragend', end)
      document.removeEventListener('drop', end)
    }
  }, [])

  // A move becomes a change when it ends (a drag let go, or a step of the arrow keys), not on every frame.
  const onNodesChange: OnNodesChange = useCallback(
    (changes) => {
      const sized = new Set(changes.flatMap((c) => (c.type === 'dimensions' ? [c.id] : [])))
      setNodes((ns) => applyNodeChanges(changes, ns).map((n) => (sized.has(n.id) ? measured(n) : n)))
      const moved = changes.flatMap((c) => (c.type === 'position' && c.dragging === false && c.position ? [[c.id, c.position] as const] : []))
      if (moved.length) change((b) => moveNodes(b, new Map(moved)), 'move')
    },
    [change],
  )
  const onEdgesChange: OnEdgesChange = useCallback((changes) => setEdges((es) => applyEdgeChanges(changes, es)), [])

  const place = useCallback(
    (data: DataTransfer, where: BlockPlace) => {
      const type = data.getData(dragTypes.newBlock)
      const moving = data.getData(dragTypes.moveBlock)
      if (type) {
        const block = createBlock(type)
        change((b) => insertBlock(b, block, where).bot)
        onSelectBlock(block.id)
      } else if (moving) change((b) => moveBlock(b, moving, where))
    },
    [change, createBlock, onSelectBlock],
  )

  // Summaries name groups ("Jump to Bye"): the api changes when a title does, not on every edit of the bot.
  const titles = useMemo(() => JSON.stringify(bot.groups.map((g) => [g.id, g.title])), [bot.groups])
  const cardContext = useMemo(() => {
    const byId = new Map<string, string>(JSON.parse(titles))
    const variableName = (id: string) => bot.variables.find((v) => v.id === id)?.name ?? t('unknown variable')
    return { variableName, groupTitle: (id: string) => byId.get(id) || t('a deleted group') }
  }, [titles, bot.variables, t])

  const api: CanvasApi = useMemo(
    () => ({
      t,
      readOnly,
      selectedBlockId: props.selectedBlockId,
      runningBlockId: props.runningBlockId,
      marks: props.marks,
      selectBlock: onSelectBlock,
      selectEvent: props.onSelectEvent,
      dropInGroup: (groupId, index, data) => place(data, { groupId, index }),
      renameGroup: (groupId, title) => change((b) => renameGroup(b, groupId, title)),
      relabelItem: (blockId, itemId, text) => change((b) => relabelItem(b, blockId, itemId, text)),
      // Keyed as the settings panel's changes are, so typing in either place is one undo step.
      updateBlock: (block) => change((b) => replaceBlock(b, block), `block:${block.id}`),
      formContext: props.ctx,
      nudgeBlock: (blockId, delta) =>
        change((b) => {
          const group = groupOfBlock(b, blockId)
          if (!group) return b
          const index = group.blocks.findIndex((x) => x.id === blockId)
          // moveBlock counts the place before the block is taken out.
          return index + delta < 0 || index + delta >= group.blocks.length
            ? b
            : moveBlock(b, blockId, { groupId: group.id, index: delta < 0 ? index - 1 : index + 2 })
        }),
      variableName: cardContext.variableName,
      cardContext,
      testFrom: props.onTestFrom,
      duplicateGroup: (groupId) => change((b) => duplicateGroups(b, [groupId]).bot),
      deleteGroup: (groupId) => change((b) => removeGroups(b, [groupId])),
    }),
    [
      readOnly,
      props.selectedBlockId,
      props.runningBlockId,
      props.marks,
      props.onTestFrom,
      props.onSelectEvent,
      props.ctx,
      onSelectBlock,
      place,
      change,
      cardContext,
      t,
    ],
  )

  const onDrop = (e: DragEvent) => {
    if (readOnly || !isBlockDrag(e.dataTransfer)) return
    e.preventDefault()
    place(e.dataTransfer, { at: flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }) })
  }

  const onConnect = useCallback(
    (c: Connection) => {
      if (!c.sourceHandle || !c.target || c.target.startsWith('event:')) return
      change((b) => {
        const from = sourceAt(b, c.sourceHandle!)
        return from ? connect(b, from, { groupId: c.target }).bot : b
      })
    },
    [change],
  )

  // An edge let go anywhere on a group goes to the group; on one of its blocks (after the first), to that block.
  // xyflow only connects when the pointer ends near the entry point; this reads what lies under the pointer.
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      wrapper.current?.classList.remove('pg-connecting')
      if (state.isValid || state.fromHandle?.type !== 'source' || !state.fromHandle.id) return
      const target = dropTarget(event)
      if (!target) return
      const key = state.fromHandle.id
      change((b) => {
        const from = sourceAt(b, key)
        return from && !('blockId' in from && from.blockId === target.overBlockId) ? connect(b, from, target.to).bot : b
      })
    },
    [change],
  )
  const onConnectStart = useCallback(() => wrapper.current?.classList.add('pg-connecting'), [])

  // Every prop given to ReactFlow is stable: it copies each new value into its store, which renders again.
  // A click on the canvas or on a group (not on one of its blocks) leaves the block's settings.
  const onPaneClick = useCallback(() => onSelectBlock(null), [onSelectBlock])
  // The view is moving until it has been still for a moment (canvas.css `.pg-moving`). Not xyflow's move start and end:
  // a drag begun while a wheel zoom settles gets the zoom's end in the middle of it.
  const settled = useRef<number | undefined>(undefined)
  const onMove = useCallback(() => {
    const el = wrapper.current
    if (!el) return
    if (!el.classList.contains('pg-moving')) el.classList.add('pg-moving')
    window.clearTimeout(settled.current)
    settled.current = window.setTimeout(() => el.classList.remove('pg-moving'), 150)
  }, [])
  // Kept so a redrawn bot keeps what is selected.
  const onSelectionChange = useCallback(({ nodes: ns, edges: es }: { nodes: Node[]; edges: FlowEdge[] }) => {
    selection.current = new Set([...ns.map((n) => n.id), ...es.map((e) => e.id)])
  }, [])

  return (
    <CanvasContext.Provider value={api}>
      <Box
        ref={wrapper}
        h="100%"
        data-far={far || undefined}
        onDragOver={(e) => {
          if (!readOnly && isBlockDrag(e.dataTransfer)) e.preventDefault()
        }}
        onDrop={onDrop}
        aria-label={t('Flow canvas')}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onNodeClick={onPaneClick}
          onConnect={onConnect}
          onConnectStart={onConnectStart}
          onConnectEnd={onConnectEnd}
          isValidConnection={isValidConnection}
          onSelectionChange={onSelectionChange}
          onPaneClick={onPaneClick}
          onMove={onMove}
          nodesDraggable={!readOnly}
          nodesConnectable={!readOnly}
          deleteKeyCode={null}
          {...(opening ? { defaultViewport: opening } : fitted)}
          minZoom={0.05}
          onlyRenderVisibleElements
          defaultEdgeOptions={edgeOptions}
          proOptions={proOptions}
          ariaLabelConfig={ariaLabels}
        >
          {/* Far out its dots are smaller than a pixel, and repainting them on every frame of a pan was a third of it. */}
          {!far && <Background />}
          <FarOverview />
          <Controls showInteractive={false} />
          {/* Only where there is more than a screen to find one's way in: on a small bot it covers groups. */}
          {bot.groups.length > 12 && <MiniMap pannable zoomable ariaLabel={t('Overview of the flow')} />}
        </ReactFlow>
      </Box>
    </CanvasContext.Provider>
  )
}
