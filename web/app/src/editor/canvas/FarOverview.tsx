// Zoomed far out, while the view moves, the flow is this one drawing — a box and a title per group and event, a line
// per edge — in place of its nodes and edges, which are set aside for the move (canvas.css, `[data-far].pg-moving`).
// Each frame of a pan then moves a single picture: with the real flow shown, Chromium re-layerized and hit-tested
// hundreds of nodes and edges on every frame. When the move ends the real flow is back, interactive and named for
// screen readers; this drawing is hidden from them.
import { getBezierPath, type InternalNode, Position, type ReactFlowState, useStore, ViewportPortal } from '@xyflow/react'
import type { TFunction } from 'i18next'
import { memo, useDeferredValue, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { eventLabel } from './EventNode.js'
import { farOut } from './farOut.js'
import type { EventNodeData, GroupNodeData } from './flowModel.js'

type HandleSide = 'source' | 'target'

/** Where an edge meets a node: the middle of the handle's outer side, in flow coordinates. */
const handlePoint = (node: InternalNode, side: HandleSide, id: string | null | undefined) => {
  const handles = node.internals.handleBounds?.[side] ?? []
  const handle = (id == null ? handles[0] : handles.find((h) => h.id === id)) ?? null
  if (!handle) return null
  const { x, y } = node.internals.positionAbsolute
  return { x: x + handle.x + (side === 'source' ? handle.width : 0), y: y + handle.y + handle.height / 2 }
}

const titleOf = (node: InternalNode, t: TFunction) => {
  if (node.type === 'event') return eventLabel((node.data as EventNodeData).event, t)
  const title = (node.data as GroupNodeData).group.title || t('Untitled group')
  // A box is 280 units wide; an SVG text is not clipped, so a long title is cut to what fits.
  return title.length > 30 ? `${title.slice(0, 29)}…` : title
}

const draw = ({ nodeLookup, edges }: Pick<ReactFlowState, 'nodeLookup' | 'edges'>, t: TFunction) => {
  const boxes = [...nodeLookup.values()].flatMap((node) => {
    // A group never drawn yet is where its estimate (unmeasured.ts) puts it.
    const width = node.measured.width ?? node.initialWidth
    const height = node.measured.height ?? node.initialHeight
    if (!width || !height) return []
    const { x, y } = node.internals.positionAbsolute
    return [{ id: node.id, x, y, width, height, event: node.type === 'event', selected: !!node.selected, title: titleOf(node, t) }]
  })
  const lines = edges.flatMap((edge) => {
    const source = nodeLookup.get(edge.source)
    const target = nodeLookup.get(edge.target)
    const from = source && handlePoint(source, 'source', edge.sourceHandle)
    const to = target && handlePoint(target, 'target', edge.targetHandle)
    if (!from || !to) return []
    const [d] = getBezierPath({
      sourceX: from.x,
      sourceY: from.y,
      sourcePosition: Position.Right,
      targetX: to.x,
      targetY: to.y,
      targetPosition: Position.Left,
    })
    return [{ id: edge.id, d }]
  })
  return { boxes, lines }
}

const farState = (s: ReactFlowState) => (farOut(s) ? s : null)
// Redrawn when the flow changes (nodes moved or measured, edges made), never for the view's own moves.
const sameFlow = (a: ReactFlowState | null, b: ReactFlowState | null) =>
  a === b || (!!a && !!b && a.nodes === b.nodes && a.edges === b.edges && a.nodeLookup === b.nodeLookup)

export const FarOverview = memo(() => {
  const { t } = useTranslation()
  // Deferred: a group dragged far out changes the flow on every frame, and this drawing can wait for a quiet moment.
  const state = useDeferredValue(useStore(farState, sameFlow))
  const drawing = useMemo(() => state && draw(state, t), [state, t])
  if (!drawing) return null
  return (
    <ViewportPortal>
      <svg className="pg-overview" aria-hidden width={1} height={1}>
        {drawing.lines.map((l) => (
          <path key={l.id} d={l.d} className="pg-overview-edge" />
        ))}
        {drawing.boxes.map((b) => (
          <g key={b.id} className={b.selected ? 'pg-overview-selected' : undefined}>
            <rect
              x={b.x}
              y={b.y}
              width={b.width}
              height={b.height}
              rx={b.event ? b.height / 2 : 10}
              className={b.event ? 'pg-overview-event' : 'pg-overview-group'}
            />
            <text x={b.x + (b.event ? 16 : 8)} y={b.y + (b.event ? b.height / 2 + 5 : 23)} className="pg-overview-title">
              {b.title}
            </text>
          </g>
        ))}
      </svg>
    </ViewportPortal>
  )
})
