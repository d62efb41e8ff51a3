// Cheap referential checks on a validated bot. Real Typebot exports often hold dangling edges (left behind when a
// block was deleted in the editor), so those are only reported; duplicate group/block ids make the graph
// ambiguous and are rejected by `prepareBot`.
import type { Issue as BotIssue } from '../errors.js'
import { type BlockSource, type Edge, type Event, type EventSource, isEventSource } from './common.js'

/** What the checks read of a bot: its graph (so they do not depend on the bot schema that uses them). */
type BotGraph = {
  groups: { id: string; blocks: { id: string; items?: unknown }[] }[]
  edges: Edge[]
  events: Event[]
}

export type { BotIssue }

/** Group ids that are used twice, and block ids used twice anywhere in the bot. */
export const findDuplicateIds = (bot: Pick<BotGraph, 'groups'>): BotIssue[] => {
  const issues: BotIssue[] = []
  const groupIds = new Set<string>()
  const blockIds = new Set<string>()
  bot.groups.forEach((group, g) => {
    if (groupIds.has(group.id)) issues.push({ path: `groups.${g}.id`, message: `Duplicate group id "${group.id}"` })
    groupIds.add(group.id)
    group.blocks.forEach((block, b) => {
      if (blockIds.has(block.id)) issues.push({ path: `groups.${g}.blocks.${b}.id`, message: `Duplicate block id "${block.id}"` })
      blockIds.add(block.id)
    })
  })
  return issues
}

/** Duplicate ids plus edges whose source or target does not exist. */
export const checkBotReferences = (bot: BotGraph): BotIssue[] => {
  const groupOfBlock = new Map<string, string>()
  const itemIdsOfBlock = new Map<string, Set<string>>()
  for (const group of bot.groups)
    for (const block of group.blocks) {
      groupOfBlock.set(block.id, group.id)
      const items = 'items' in block && Array.isArray(block.items) ? block.items : []
      itemIdsOfBlock.set(block.id, new Set(items.map((item: { id: string }) => item.id)))
    }
  const groupIds = new Set(bot.groups.map((group) => group.id))
  const eventIds = new Set(bot.events.map((event) => event.id))

  const issues = findDuplicateIds(bot)
  bot.edges.forEach((edge, e) => {
    const at = (field: string, message: string) => issues.push({ path: `edges.${e}.${field}`, message })
    if (isEventSource(edge.from)) {
      if (!eventIds.has(edge.from.eventId)) at('from.eventId', `Unknown event "${edge.from.eventId}"`)
    } else if (!groupOfBlock.has(edge.from.blockId)) at('from.blockId', `Unknown block "${edge.from.blockId}"`)
    else if (edge.from.itemId !== undefined && !itemIdsOfBlock.get(edge.from.blockId)?.has(edge.from.itemId))
      at('from.itemId', `Unknown item "${edge.from.itemId}" in block "${edge.from.blockId}"`)
    if (!groupIds.has(edge.to.groupId)) at('to.groupId', `Unknown group "${edge.to.groupId}"`)
    else if (edge.to.blockId !== undefined && groupOfBlock.get(edge.to.blockId) !== edge.to.groupId)
      at('to.blockId', `Block "${edge.to.blockId}" is not in group "${edge.to.groupId}"`)
  })
  return issues
}

// Edge sources. Events, blocks, items and cards' paths each say which edge leaves them through `outgoingEdgeId`,
// and each edge names its source in `from`: the two must agree, or the engine ignores the edge.

/** What carries an `outgoingEdgeId`: an event, a block, an item or a card's path. */
export type EdgeHolder = { id: string; outgoingEdgeId?: string | null }

/** Where a holder sits, for messages and for the editor to point at it. */
export type HolderAt = {
  holder: EdgeHolder
  eventId?: string
  groupId?: string
  blockId?: string
  itemId?: string
  pathId?: string
}

type HolderGraph = {
  groups: { id: string; blocks: EdgeHolder[] }[]
  events: (EdgeHolder & { type?: unknown })[]
  edges: Pick<Edge, 'id' | 'from'>[]
}

type Item = EdgeHolder & { paths?: unknown }

const itemsOf = (holder: object): Item[] => {
  const items = 'items' in holder && Array.isArray(holder.items) ? holder.items : []
  return items.filter((item): item is Item => typeof item === 'object' && item !== null && typeof item.id === 'string')
}
const pathsOf = (item: Item): EdgeHolder[] =>
  Array.isArray(item.paths) ? item.paths.filter((path): path is EdgeHolder => typeof path?.id === 'string') : []

/**
 * The key of an edge's source. Paths are keyed by block and path id only: real exports hold cards whose items
 * share an id, their paths' ids stay distinct.
 */
export const sourceKey = (from: BlockSource | EventSource): string => {
  if (isEventSource(from)) return `e:${from.eventId}`
  if (from.pathId !== undefined) return `p:${from.blockId}:${from.pathId}`
  if (from.itemId !== undefined) return `i:${from.blockId}:${from.itemId}`
  return `b:${from.blockId}`
}

/** Every holder of the bot by its source key (the first of duplicate ids wins). */
export const edgeHolders = (bot: Omit<HolderGraph, 'edges'>): Map<string, HolderAt> => {
  const holders = new Map<string, HolderAt>()
  const add = (key: string, at: HolderAt) => {
    if (!holders.has(key)) holders.set(key, at)
  }
  for (const event of bot.events) add(`e:${event.id}`, { holder: event, eventId: event.id })
  for (const group of bot.groups)
    for (const block of group.blocks) {
      add(`b:${block.id}`, { holder: block, groupId: group.id, blockId: block.id })
      for (const item of itemsOf(block)) {
        add(`i:${block.id}:${item.id}`, { holder: item, groupId: group.id, blockId: block.id, itemId: item.id })
        for (const path of pathsOf(item))
          add(`p:${block.id}:${path.id}`, { holder: path, groupId: group.id, blockId: block.id, itemId: item.id, pathId: path.id })
      }
    }
  return holders
}

/**
 * Edges the engine follows although their source does not name them: the source has no `outgoingEdgeId` and this
 * is the only edge leaving it (hand-written bots often forget the id). Source key → edge id.
 */
export const impliedOutgoingEdges = (bot: HolderGraph, holders = edgeHolders(bot)): Map<string, string> => {
  const leaving = new Map<string, string | null>()
  for (const edge of bot.edges) {
    const key = sourceKey(edge.from)
    if (holders.get(key)?.holder.outgoingEdgeId) continue
    leaving.set(key, leaving.has(key) ? null : edge.id)
  }
  const implied = new Map<string, string>()
  for (const [key, edgeId] of leaving) if (edgeId !== null && holders.has(key)) implied.set(key, edgeId)
  return implied
}

/**
 * The implied edges the engine follows: only where Typebot would end the chat without them, so a bot runs as in
 * Typebot wherever Typebot goes on (to the next block of the group, or an item to its block's edge) or leaves an
 * event off. That is the start event, the last block of a group, and the items (and cards' paths) of a last block
 * that names no edge itself.
 */
export const followedImpliedEdges = (
  bot: Omit<HolderGraph, 'edges'>,
  implied: Map<string, string>,
  holders = edgeHolders(bot),
): Map<string, string> => {
  const lastBlocks = new Set<EdgeHolder>()
  for (const group of bot.groups) {
    const last = group.blocks.at(-1)
    if (last) lastBlocks.add(last)
  }
  const followed = new Map<string, string>()
  for (const [key, edgeId] of implied) {
    const at = holders.get(key)
    if (!at) continue
    const block = at.blockId === undefined ? undefined : holders.get(`b:${at.blockId}`)?.holder
    const ends =
      at.eventId !== undefined
        ? (at.holder as { type?: unknown }).type === 'start'
        : !!block && lastBlocks.has(block) && (at.itemId === undefined || !block.outgoingEdgeId)
    if (ends) followed.set(key, edgeId)
  }
  return followed
}

/**
 * The bot with the implied edges the engine follows (`followedImpliedEdges`) written into their sources'
 * `outgoingEdgeId`. Copies only what changes (the given bot is never mutated) and returns the bot itself when nothing
 * is implied, which is the usual case.
 */
export const withImpliedOutgoingEdges = <B extends HolderGraph>(bot: B): B => {
  const holders = edgeHolders(bot)
  const implied = followedImpliedEdges(bot, impliedOutgoingEdges(bot, holders), holders)
  if (implied.size === 0) return bot
  const patch = <H extends EdgeHolder>(holder: H, key: string): H => {
    const edgeId = implied.get(key)
    return edgeId === undefined ? holder : { ...holder, outgoingEdgeId: edgeId }
  }
  const touched = new Set<string>()
  for (const { id, from } of bot.edges) if (!isEventSource(from) && implied.get(sourceKey(from)) === id) touched.add(from.blockId)
  const patchItem = (item: Item, blockId: string): Item => {
    const patched = patch(item, `i:${blockId}:${item.id}`)
    if (!Array.isArray(item.paths)) return patched
    return { ...patched, paths: item.paths.map((path) => (typeof path?.id === 'string' ? patch(path, `p:${blockId}:${path.id}`) : path)) }
  }
  const patchBlock = (block: EdgeHolder): EdgeHolder => {
    if (!touched.has(block.id)) return block
    const patched = patch(block, `b:${block.id}`)
    if (!('items' in block) || !Array.isArray(block.items)) return patched
    return {
      ...patched,
      items: block.items.map((item: unknown) => (typeof (item as Item)?.id === 'string' ? patchItem(item as Item, block.id) : item)),
    } as EdgeHolder
  }
  return {
    ...bot,
    events: bot.events.map((event) => patch(event, `e:${event.id}`)),
    groups: bot.groups.map((group) =>
      group.blocks.some((block) => touched.has(block.id)) ? { ...group, blocks: group.blocks.map(patchBlock) } : group,
    ),
  }
}
