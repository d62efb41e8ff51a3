// The editor's changes to a bot, as pure functions (bot in, new bot out, untouched parts shared). Every canvas
// gesture is one of these, so undo/redo is a stack of bots and the rules (edges follow their blocks, a group
// emptied by a move disappears) live in one place. Edges already dangling in an imported bot are left alone:
// only edges touched by a change are removed with it.
import type { GroupV6 as Group } from '../../../../../src/contract/bot/bot.js'
import { type Edge, isEventSource } from '../../../../../src/contract/bot/common.js'
import {
  blockHolders,
  type EdgeSource,
  edgeHolders,
  groupOfBlock,
  hasOwnExit,
  outgoingOf,
  setOutgoing,
  sourceKey,
  withOutgoing,
} from '../../../../../src/contract/bot/graph.js'
import { newId } from '../../../../../src/contract/ids.js'
import type { Block, EditorBot } from '../types.js'
import { exitsOfBlock } from './exits.js'

export type Point = { x: number; y: number }
/** Where an edge leads: a group, or a block in it. */
export type Target = Edge['to']
/** Where a block goes: a position in a group, or a new group at a point of the canvas. */
export type BlockPlace = { groupId: string; index: number } | { at: Point }

const nextGroupTitle = (bot: EditorBot) => {
  const taken = new Set(bot.groups.map((g) => g.title))
  let n = bot.groups.length + 1
  while (taken.has(`Group #${n}`)) n++
  return `Group #${n}`
}

const withoutExit = (block: Block): Block => {
  const { outgoingEdgeId: _, ...rest } = block
  return rest as Block
}

const mapGroup = (bot: EditorBot, groupId: string, fn: (g: Group) => Group): EditorBot => ({
  ...bot,
  groups: bot.groups.map((g) => (g.id === groupId ? fn(g) : g)),
})

/** Removes edges (by predicate) and clears the outgoingEdgeId of each removed edge's source if it named it. */
const dropEdges = (bot: EditorBot, drop: (edge: Edge) => boolean): EditorBot => {
  const removed = bot.edges.filter(drop)
  if (removed.length === 0) return bot
  const next: EditorBot = { ...bot, edges: bot.edges.filter((e) => !drop(e)) }
  const holders = edgeHolders(next)
  const named = removed.filter((edge) => holders.get(sourceKey(edge.from))?.holder.outgoingEdgeId === edge.id)
  return withOutgoing(
    next,
    named.map((edge) => [edge.from, undefined] as const),
  )
}

/** The block an edge leaves, if it leaves one. */
const fromBlockId = (edge: Edge) => (isEventSource(edge.from) ? undefined : edge.from.blockId)

export const moveNodes = (bot: EditorBot, positions: Map<string, Point>): EditorBot => {
  const same = (at: Point | undefined, id: string) => {
    const to = positions.get(id)
    return !to || (at?.x === to.x && at?.y === to.y)
  }
  // A drag that ended where it began changes nothing (no undo step, no save).
  if (bot.groups.every((g) => same(g.graphCoordinates, g.id)) && bot.events.every((e) => same(e.graphCoordinates, `event:${e.id}`))) return bot
  return movedNodes(bot, positions)
}

const movedNodes = (bot: EditorBot, positions: Map<string, Point>): EditorBot => ({
  ...bot,
  groups: bot.groups.map((g) => (positions.has(g.id) ? { ...g, graphCoordinates: positions.get(g.id)! } : g)),
  events: bot.events.map((e) => (positions.has(`event:${e.id}`) ? { ...e, graphCoordinates: positions.get(`event:${e.id}`)! } : e)),
})

export const renameGroup = (bot: EditorBot, groupId: string, title: string) => mapGroup(bot, groupId, (g) => ({ ...g, title }))

/** Adds a block; a place on the canvas makes a new group for it. Answers the group it went into. */
export const insertBlock = (bot: EditorBot, block: Block, place: BlockPlace): { bot: EditorBot; groupId: string } => {
  if ('at' in place) {
    const group: Group = { id: newId(), title: nextGroupTitle(bot), graphCoordinates: place.at, blocks: [block] }
    return { bot: { ...bot, groups: [...bot.groups, group] }, groupId: group.id }
  }
  const group = bot.groups.find((g) => g.id === place.groupId)
  const last = group?.blocks.at(-1)
  const atEnd = group !== undefined && place.index >= group.blocks.length
  // Added after the last block, the new block takes over the group's exit (as in Typebot): the edge that left the
  // group still leaves it, after the new block instead of skipping it.
  const takesExit = atEnd && last?.outgoingEdgeId && hasOwnExit(exitsOfBlock(block)) && !block.outgoingEdgeId
  const exitId = takesExit ? last!.outgoingEdgeId! : undefined
  const next = mapGroup(bot, place.groupId, (g) => {
    const blocks = exitId ? g.blocks.map((b) => (b === last ? withoutExit(b) : b)) : [...g.blocks]
    blocks.splice(Math.max(0, Math.min(place.index, blocks.length)), 0, exitId ? { ...block, outgoingEdgeId: exitId } : block)
    return { ...g, blocks }
  })
  if (!exitId) return { bot: next, groupId: place.groupId }
  const edges = next.edges.map((e) => (e.id === exitId ? ({ ...e, from: { blockId: block.id } } as Edge) : e))
  return { bot: { ...next, edges }, groupId: place.groupId }
}

/** Moves a block within or between groups, or out to a new group; a group left empty is removed. */
export const moveBlock = (bot: EditorBot, blockId: string, place: BlockPlace): EditorBot => {
  const from = bot.groups.find((g) => g.blocks.some((b) => b.id === blockId))
  if (!from) return bot
  const oldIndex = from.blocks.findIndex((b) => b.id === blockId)
  const block = from.blocks[oldIndex]
  if ('groupId' in place && place.groupId === from.id) {
    const index = place.index > oldIndex ? place.index - 1 : place.index
    if (index === oldIndex) return bot
    return mapGroup(bot, from.id, (g) => {
      const blocks = g.blocks.filter((b) => b.id !== blockId)
      blocks.splice(index, 0, block)
      return { ...g, blocks }
    })
  }
  let next = mapGroup(bot, from.id, (g) => ({ ...g, blocks: g.blocks.filter((b) => b.id !== blockId) }))
  // Edges aimed at the block follow it into its new group.
  const moved = insertBlock(next, block, place)
  next = {
    ...moved.bot,
    edges: moved.bot.edges.map((e) => (e.to.blockId === blockId ? { ...e, to: { ...e.to, groupId: moved.groupId } } : e)),
  }
  return from.blocks.length === 1 ? removeGroups(next, [from.id]) : next
}

/** Connects a source to a group (or a block in it), replacing the edge the source had. Answers the edge's id. */
export const connect = (bot: EditorBot, from: EdgeSource, to: Target): { bot: EditorBot; edgeId: string } => {
  const key = sourceKey(from)
  let next = dropEdges(bot, (e) => sourceKey(e.from) === key)
  const old = outgoingOf(next, from)
  if (old) next = dropEdges(next, (e) => e.id === old)
  const edge: Edge = { id: newId(), from, to }
  next = setOutgoing({ ...next, edges: [...next.edges, edge] }, from, edge.id)
  return { bot: next, edgeId: edge.id }
}

export const removeEdges = (bot: EditorBot, edgeIds: Iterable<string>) => {
  const ids = new Set(edgeIds)
  return dropEdges(bot, (e) => ids.has(e.id))
}

/** Removes blocks with the edges leaving them or aimed at them; groups left empty go too. */
export const removeBlocks = (bot: EditorBot, blockIds: Iterable<string>): EditorBot => {
  const ids = new Set(blockIds)
  const emptied = bot.groups.filter((g) => g.blocks.length > 0 && g.blocks.every((b) => ids.has(b.id))).map((g) => g.id)
  let next = dropEdges(bot, (e) => ids.has(fromBlockId(e) ?? '') || ids.has(e.to.blockId ?? ''))
  next = {
    ...next,
    groups: next.groups.map((g) => (g.blocks.some((b) => ids.has(b.id)) ? { ...g, blocks: g.blocks.filter((b) => !ids.has(b.id)) } : g)),
  }
  return emptied.length ? removeGroups(next, emptied) : next
}

/** Removes groups with every edge leaving their blocks or aimed at them. */
export const removeGroups = (bot: EditorBot, groupIds: Iterable<string>): EditorBot => {
  const ids = new Set(groupIds)
  const blockIds = new Set(bot.groups.filter((g) => ids.has(g.id)).flatMap((g) => g.blocks.map((b) => b.id)))
  const next = dropEdges(bot, (e) => ids.has(e.to.groupId) || blockIds.has(fromBlockId(e) ?? ''))
  return { ...next, groups: next.groups.filter((g) => !ids.has(g.id)) }
}

/** Replaces a block (its settings changed); edges from items or card buttons it no longer has are removed. */
/** A button's text (`content`) changed, nothing else. */
export const relabelItem = (bot: EditorBot, blockId: string, itemId: string, text: string): EditorBot => {
  const block = bot.groups.flatMap((g) => g.blocks).find((b) => b.id === blockId) as (Block & { items?: { id: string }[] }) | undefined
  if (!block?.items?.some((i) => i.id === itemId)) return bot
  return replaceBlock(bot, { ...block, items: block.items.map((i) => (i.id === itemId ? { ...i, content: text } : i)) } as Block)
}

export const replaceBlock = (bot: EditorBot, block: Block): EditorBot => {
  const group = groupOfBlock(bot, block.id)
  const previous = group?.blocks.find((b) => b.id === block.id)
  const next: EditorBot = {
    ...bot,
    groups: bot.groups.map((g) =>
      g.blocks.some((b) => b.id === block.id) ? { ...g, blocks: g.blocks.map((b) => (b.id === block.id ? block : b)) } : g,
    ),
  }
  if (!group || !previous) return next
  const before = blockHolders(previous, group.id)
  const after = blockHolders(block, group.id)
  return dropEdges(next, (e) => fromBlockId(e) === block.id && before.has(sourceKey(e.from)) && !after.has(sourceKey(e.from)))
}

export const replaceEvent = (bot: EditorBot, event: EditorBot['events'][number]): EditorBot => ({
  ...bot,
  events: bot.events.map((e) => (e.id === event.id ? event : e)),
})
