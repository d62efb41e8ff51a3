// The bot as the canvas draws it: a node per group and per event, and an edge per bot edge whose source and target
// exist (dangling edges of imported bots are listed by the checks, not drawn). Handles are named by the graph's
// source keys (contract/bot/graph.ts), so a connection dragged on the canvas maps straight back to the bot.
import type { Edge as FlowEdge, Node } from '@xyflow/react'
import type { GroupV6 as Group } from '../../../../../src/contract/bot/bot.js'
import { type BlockExit, blockExits, type GraphItem, hasOwnExit, sourceKey } from '../../../../../src/contract/bot/graph.js'
import { exitsOfBlock } from '../doc/exits.js'
import { t } from '../../i18n/index.js'
import type { Block, EditorBot } from '../types.js'
import { defaultExitLabel, itemLabel } from './itemLabels.js'

export type GroupNodeData = { group: Group; index: number }
export type EventNodeData = { event: EditorBot['events'][number] }

export const eventNodeId = (eventId: string) => `event:${eventId}`

/** The handle an edge aimed at a block (not its group's first) ends on. */
export const blockTargetHandle = (blockId: string) => `in:${blockId}`

/** Where a group sits when the bot does not say (hand-written bots). */
export const fallbackPosition = (index: number) => ({ x: (index % 4) * 340, y: Math.floor(index / 4) * 340 })

/** Which group node a source key's handle is drawn on. */
const ownerNodes = (bot: EditorBot) => {
  const owner = new Map<string, string>()
  for (const e of bot.events) owner.set(sourceKey({ eventId: e.id }), eventNodeId(e.id))
  for (const g of bot.groups)
    for (const b of g.blocks) {
      for (const key of blockSourceKeys(b)) owner.set(key, g.id)
    }
  return owner
}

/** The exits of a block's items and cards' buttons, each drawn as a labelled row. */
export const itemExits = (block: Block): BlockExit[] => blockExits(block, exitsOfBlock(block)).filter((exit) => exit.on !== 'block')

/** A block's possible edge sources: its items' exits, and its own. */
export const blockSourceKeys = (block: Block): string[] => [
  ...itemExits(block).map((exit) => exit.key),
  // Every block may own an edge (imported bots have them anywhere): its key is known even where no exit is offered.
  sourceKey({ blockId: block.id }),
]

/** The text beside an exit: the item's label, the card button's text; beside items, the block's own ("Else"). */
export const exitLabel = (block: Block, exit: BlockExit, variableName: (variableId: string) => string): string => {
  if (exit.on === 'path') return textOf(exit.path) || t('Button')
  if (exit.on === 'item') return itemLabel(block, exit.item, variableName)
  return defaultExitLabel(block) ?? ''
}
const textOf = (path: GraphItem) => (typeof path.text === 'string' ? path.text : '')

export const toFlow = (bot: EditorBot, selected: ReadonlySet<string>) => {
  const nodes: Node[] = [
    ...bot.events.map((event, i) => ({
      id: eventNodeId(event.id),
      type: 'event',
      position: event.graphCoordinates ?? { x: -320, y: i * 90 },
      data: { event } satisfies EventNodeData,
      selected: selected.has(eventNodeId(event.id)),
      deletable: event.type !== 'start',
    })),
    ...bot.groups.map((group, index) => ({
      id: group.id,
      type: 'botGroup',
      position: group.graphCoordinates ?? fallbackPosition(index),
      data: { group, index } satisfies GroupNodeData,
      selected: selected.has(group.id),
      dragHandle: '.group-drag',
    })),
  ]
  const owner = ownerNodes(bot)
  // Each group's blocks after its first: an edge aimed at one of them ends on that block.
  const laterBlocks = new Map(bot.groups.map((g) => [g.id, new Set(g.blocks.slice(1).map((b) => b.id))]))
  const edges: FlowEdge[] = bot.edges.flatMap((edge) => {
    const key = sourceKey(edge.from)
    const source = owner.get(key)
    const later = laterBlocks.get(edge.to.groupId)
    if (!source || !later) return []
    const targetHandle = edge.to.blockId && later.has(edge.to.blockId) ? blockTargetHandle(edge.to.blockId) : 'in'
    return [{ id: edge.id, source, sourceHandle: key, target: edge.to.groupId, targetHandle, selected: selected.has(edge.id) }]
  })
  return { nodes, edges }
}

/**
 * Whether a block shows its own exit: where it already has an edge (so the edge can be seen and removed), else only
 * on the last block of its group (after it the group ends; an edge from a block in the middle would skip the rest).
 */
export const showsBlockHandle = (block: Block, isLast: boolean) => Boolean(block.outgoingEdgeId) || (isLast && hasOwnExit(exitsOfBlock(block)))
