// The bot's graph: where edges leave from and where they lead. An edge leaves an event, a block, one of a block's
// items (buttons, condition paths, A/B paths) or a card's button (`items[].paths[]`); each of these sources names its
// edge in its own `outgoingEdgeId`, and the edge names its source in `from`: the two must agree, or the engine
// ignores the edge. Pure and browser-safe: the checks, the engine's compile step, the editor and analytics read the
// graph through this module only. What a kind's block offers as exits is its card's (`exitsOf` in ./card.ts): the
// functions that need it take the exits as a parameter, contract/ knows no kind.
import type { BlockExits } from './card.js'
import { type BlockSource, type Edge, type EventSource, isEventSource } from './common.js'

/** Where an edge leaves from, as `edge.from` states it. */
export type EdgeSource = BlockSource | EventSource

/** What carries an `outgoingEdgeId`: an event, a block, an item or a card's button. */
export type EdgeHolder = { id: string; outgoingEdgeId?: string | null }
/** An item of a block (a button, a condition path, a card…): its kind's fields besides the id. */
export type GraphItem = EdgeHolder & { [key: string]: unknown }
export type GraphBlock = EdgeHolder & { type: string; items?: unknown; options?: unknown }
export type GraphGroup = { id: string; blocks: GraphBlock[] }
export type GraphEvent = EdgeHolder & { type: string }
/** What the graph reads of a bot (a validated v6 bot, or the editor's draft). */
export type BotGraph = { groups: GraphGroup[]; events: GraphEvent[]; edges: Edge[] }

const isHolder = (value: unknown): value is GraphItem =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'

/** The block's items that can carry an edge (objects with an id), in order; none when it has no `items`. */
export const itemsOf = (block: GraphBlock): GraphItem[] => (Array.isArray(block.items) ? block.items.filter(isHolder) : [])

/** A card's buttons (`item.paths`), each an edge source of its own. */
export const pathsOf = (item: GraphItem): GraphItem[] => (Array.isArray(item.paths) ? item.paths.filter(isHolder) : [])

// Source keys: one string per source, for maps and for the canvas's connection points. Paths are keyed by block and
// path id only: real exports hold cards whose items share an id, their paths' ids stay distinct. A key is never
// parsed back (ids may hold any character): `sourceAt` looks its holder up.

/** The key of an edge's source. */
export const sourceKey = (from: EdgeSource): string => {
  if (isEventSource(from)) return `e:${from.eventId}`
  if (from.pathId !== undefined) return `p:${from.blockId}:${from.pathId}`
  if (from.itemId !== undefined) return `i:${from.blockId}:${from.itemId}`
  return `b:${from.blockId}`
}

/** A source found in the bot: its holder and where it sits (for messages, and for the editor to point at it). */
export type HolderAt = {
  holder: EdgeHolder
  eventId?: string
  groupId?: string
  blockId?: string
  itemId?: string
  pathId?: string
}

/** The source a found holder is, as an edge's `from` names it. */
export const sourceOf = (at: HolderAt): EdgeSource =>
  at.eventId !== undefined
    ? { eventId: at.eventId }
    : {
        blockId: at.blockId!,
        ...(at.itemId !== undefined && { itemId: at.itemId }),
        ...(at.pathId !== undefined && { pathId: at.pathId }),
      }

/** The block's own source, its items' and its card buttons', by key (the first of duplicate ids wins). */
export const blockHolders = (block: GraphBlock, groupId: string, into = new Map<string, HolderAt>()): Map<string, HolderAt> => {
  const add = (key: string, at: HolderAt) => {
    if (!into.has(key)) into.set(key, at)
  }
  add(`b:${block.id}`, { holder: block, groupId, blockId: block.id })
  for (const item of itemsOf(block)) {
    add(`i:${block.id}:${item.id}`, { holder: item, groupId, blockId: block.id, itemId: item.id })
    for (const path of pathsOf(item)) add(`p:${block.id}:${path.id}`, { holder: path, groupId, blockId: block.id, itemId: item.id, pathId: path.id })
  }
  return into
}

/** Every source of the bot by its key: events, blocks, items, card buttons (the first of duplicate ids wins). */
export const edgeHolders = (bot: Pick<BotGraph, 'groups' | 'events'>): Map<string, HolderAt> => {
  const holders = new Map<string, HolderAt>()
  for (const event of bot.events) if (!holders.has(`e:${event.id}`)) holders.set(`e:${event.id}`, { holder: event, eventId: event.id })
  for (const group of bot.groups) for (const block of group.blocks) blockHolders(block, group.id, holders)
  return holders
}

/** The source a key names in the bot (the canvas's connection points are keys), or undefined when it has none. */
export const sourceAt = (bot: Pick<BotGraph, 'groups' | 'events'>, key: string): EdgeSource | undefined => {
  const at = edgeHolders(bot).get(key)
  return at && sourceOf(at)
}

/** The holder of a source, found without indexing the bot (the first of duplicate ids, as `edgeHolders`). */
export const holderOf = (bot: Pick<BotGraph, 'groups' | 'events'>, from: EdgeSource): EdgeHolder | undefined => {
  if (isEventSource(from)) return bot.events.find((event) => event.id === from.eventId)
  for (const group of bot.groups)
    for (const block of group.blocks) {
      if (block.id !== from.blockId) continue
      if (from.pathId !== undefined) {
        for (const item of itemsOf(block)) for (const path of pathsOf(item)) if (path.id === from.pathId) return path
        return undefined
      }
      return from.itemId === undefined ? block : itemsOf(block).find((item) => item.id === from.itemId)
    }
  return undefined
}

/** The edge id a source names, if any. */
export const outgoingOf = (bot: Pick<BotGraph, 'groups' | 'events'>, from: EdgeSource): string | undefined =>
  holderOf(bot, from)?.outgoingEdgeId ?? undefined

/** The group holding a block (the first, should ids repeat). */
export const groupOfBlock = <G extends GraphGroup>(bot: { groups: G[] }, blockId: string): G | undefined =>
  bot.groups.find((group) => group.blocks.some((block) => block.id === blockId))

/** The edges leaving each source, by source key, in the bot's order (a source may have several, or a missing holder). */
export const edgesLeaving = <E extends Pick<Edge, 'from'>>(edges: readonly E[]): Map<string, E[]> => {
  const leaving = new Map<string, E[]>()
  for (const edge of edges) {
    const key = sourceKey(edge.from)
    const list = leaving.get(key)
    if (list) list.push(edge)
    else leaving.set(key, [edge])
  }
  return leaving
}

/**
 * The bot with the `outgoingEdgeId` of some sources set (an edge id) or removed (undefined). Copies only what
 * changes: the given bot is never mutated, and groups, blocks and items without a change are shared. Every holder of
 * a changed key is changed (items of a card may share an id).
 */
export const withOutgoing = <B extends BotGraph>(bot: B, changes: Iterable<readonly [EdgeSource, string | undefined]>): B => {
  const byKey = new Map<string, string | undefined>()
  const blocks = new Set<string>()
  const inItems = new Set<string>()
  for (const [from, edgeId] of changes) {
    byKey.set(sourceKey(from), edgeId)
    if (isEventSource(from)) continue
    blocks.add(from.blockId)
    if (from.itemId !== undefined || from.pathId !== undefined) inItems.add(from.blockId)
  }
  if (byKey.size === 0) return bot
  const put = <H extends EdgeHolder>(holder: H, key: string): H => {
    if (!byKey.has(key)) return holder
    const edgeId = byKey.get(key)
    if (edgeId !== undefined) return { ...holder, outgoingEdgeId: edgeId }
    const { outgoingEdgeId: _, ...rest } = holder
    return rest as H
  }
  const putItem = (item: unknown, blockId: string): unknown => {
    if (!isHolder(item)) return item
    const patched = put(item, `i:${blockId}:${item.id}`)
    if (!Array.isArray(item.paths)) return patched
    return { ...patched, paths: item.paths.map((path: unknown) => (isHolder(path) ? put(path, `p:${blockId}:${path.id}`) : path)) }
  }
  const putBlock = <K extends GraphBlock>(block: K): K => {
    if (!blocks.has(block.id)) return block
    const patched = put(block, `b:${block.id}`)
    if (!inItems.has(block.id) || !Array.isArray(block.items)) return patched
    return { ...patched, items: block.items.map((item: unknown) => putItem(item, block.id)) }
  }
  const events = bot.events.some((event) => byKey.has(`e:${event.id}`)) ? bot.events.map((event) => put(event, `e:${event.id}`)) : bot.events
  const groups =
    blocks.size === 0
      ? bot.groups
      : bot.groups.map((group) => (group.blocks.some((block) => blocks.has(block.id)) ? { ...group, blocks: group.blocks.map(putBlock) } : group))
  return { ...bot, events, groups }
}

/** The bot with one source's `outgoingEdgeId` set, or removed with undefined (see `withOutgoing`). */
export const setOutgoing = <B extends BotGraph>(bot: B, from: EdgeSource, edgeId: string | undefined): B => withOutgoing(bot, [[from, edgeId]])

// Implied edges: hand-written bots often leave `outgoingEdgeId` out.

/**
 * Edges the engine may follow although their source does not name them: the source has no `outgoingEdgeId` and this
 * is the only edge leaving it. Source key → edge id.
 */
export const impliedOutgoingEdges = (bot: BotGraph, holders = edgeHolders(bot)): Map<string, string> => {
  const implied = new Map<string, string>()
  for (const [key, edges] of edgesLeaving(bot.edges))
    if (edges.length === 1 && holders.has(key) && !holders.get(key)!.holder.outgoingEdgeId) implied.set(key, edges[0].id)
  return implied
}

/**
 * The implied edges the engine follows: only where Typebot would end the chat without them, so a bot runs as in
 * Typebot wherever Typebot goes on (to the next block of the group, or an item to its block's edge) or leaves an
 * event off. That is the start event, the last block of a group, and the items (and cards' paths) of a last block
 * that names no edge itself.
 */
export const followedImpliedEdges = (
  bot: Pick<BotGraph, 'groups' | 'events'>,
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
        ? (at.holder as GraphEvent).type === 'start'
        : !!block && lastBlocks.has(block) && (at.itemId === undefined || !block.outgoingEdgeId)
    if (ends) followed.set(key, edgeId)
  }
  return followed
}

/**
 * The bot with the implied edges the engine follows (`followedImpliedEdges`) written into their sources'
 * `outgoingEdgeId`: the bot itself when nothing is implied, which is the usual case.
 */
export const withImpliedOutgoingEdges = <B extends BotGraph>(bot: B): B => {
  const holders = edgeHolders(bot)
  const implied = followedImpliedEdges(bot, impliedOutgoingEdges(bot, holders), holders)
  return withOutgoing(
    bot,
    [...implied].map(([key, edgeId]) => [sourceOf(holders.get(key)!), edgeId] as const),
  )
}

/**
 * The edge the engine follows from each source: the one it names, or the implied one where that is followed, when
 * the edge exists (the last of a repeated id, as the engine's index). Source key → edge.
 */
export const followedEdges = (
  bot: BotGraph,
  holders = edgeHolders(bot),
  implied = followedImpliedEdges(bot, impliedOutgoingEdges(bot, holders), holders),
): Map<string, Edge> => {
  const edgeById = new Map(bot.edges.map((edge) => [edge.id, edge]))
  const followed = new Map<string, Edge>()
  for (const [key, at] of holders) {
    const edgeId = at.holder.outgoingEdgeId || implied.get(key)
    const edge = edgeId ? edgeById.get(edgeId) : undefined
    if (edge) followed.set(key, edge)
  }
  return followed
}

// Exits: where a block offers to lead, by its kind's card.

/** One exit of a block: one of its items, one of its cards' buttons, or the block's own (the "else" beside items). */
export type BlockExit = { key: string; source: BlockSource } & (
  | { on: 'item'; item: GraphItem }
  | { on: 'path'; item: GraphItem; path: GraphItem }
  | { on: 'block' }
)

/** Whether a block with these exits leads on by its own exit (alone, or as the "else" of its items). */
export const hasOwnExit = (exits: BlockExits) => exits === 'block' || exits === 'items+else'

/** Whether a block with these exits leads on by its items or its cards' buttons. */
export const hasItemExits = (exits: BlockExits) => exits === 'items' || exits === 'items+else' || exits === 'paths'

/** The exits a block offers, in the order they are drawn: its items' or cards' buttons, then its own. */
export const blockExits = (block: GraphBlock, exits: BlockExits): BlockExit[] => {
  const list: BlockExit[] = []
  if (exits === 'items' || exits === 'items+else')
    for (const item of itemsOf(block)) {
      const source = { blockId: block.id, itemId: item.id }
      list.push({ key: sourceKey(source), source, on: 'item', item })
    }
  if (exits === 'paths')
    for (const item of itemsOf(block))
      for (const path of pathsOf(item)) {
        const source = { blockId: block.id, itemId: item.id, pathId: path.id }
        list.push({ key: sourceKey(source), source, on: 'path', item, path })
      }
  if (hasOwnExit(exits)) list.push({ key: sourceKey({ blockId: block.id }), source: { blockId: block.id }, on: 'block' })
  return list
}

// Reachability.

/** Where a block jumps besides its edges: a group of this bot, anywhere (a target read from a variable), or nowhere. */
export type Jump = { groupId: string } | 'anywhere' | undefined

/**
 * The groups reached from `roots` by the edges the engine follows (`followedEdges`) and by the blocks' jumps; undefined
 * when a reached block may jump anywhere (then every group may be reached).
 */
export const reachableGroups = (
  bot: Pick<BotGraph, 'groups'>,
  roots: Iterable<string>,
  followed: ReadonlyMap<string, Pick<Edge, 'to'>>,
  jumpOf: (block: GraphBlock) => Jump,
): Set<string> | undefined => {
  const groupById = new Map<string, GraphGroup>()
  for (const group of bot.groups) groupById.set(group.id, group)
  const reached = new Set<string>()
  const queue = [...roots]
  const visit = (groupId: string | undefined) => {
    if (groupId !== undefined && groupById.has(groupId) && !reached.has(groupId)) queue.push(groupId)
  }
  while (queue.length > 0) {
    const groupId = queue.pop()!
    if (reached.has(groupId) || !groupById.has(groupId)) continue
    reached.add(groupId)
    for (const block of groupById.get(groupId)!.blocks) {
      for (const key of blockHolders(block, groupId).keys()) visit(followed.get(key)?.to.groupId)
      const jump = jumpOf(block)
      if (jump === 'anywhere') return undefined
      visit(jump?.groupId)
    }
  }
  return reached
}

// Duplicate ids: group, block, edge and event ids must be unique, or edges and the engine pick one of them; items
// of a block share ids in real exports (cards), which is rarer in effect.

export type DuplicateId =
  | { of: 'group'; id: string; group: number }
  | { of: 'block'; id: string; group: number; block: number; groupId: string }
  | { of: 'item'; id: string; group: number; block: number; groupId: string; blockId: string }
  | { of: 'edge' | 'event'; id: string; index: number }

/** Every id used before by a thing of its sort (items: in the same block), in the bot's order. */
export const duplicateIds = (bot: { groups: GraphGroup[]; edges?: { id: string }[]; events?: { id: string }[] }): DuplicateId[] => {
  const found: DuplicateId[] = []
  const seen = new Map<string, Set<string>>()
  const again = (sort: string, id: string) => {
    let ids = seen.get(sort)
    if (!ids) seen.set(sort, (ids = new Set()))
    if (ids.has(id)) return true
    ids.add(id)
    return false
  }
  bot.groups.forEach((group, g) => {
    if (again('group', group.id)) found.push({ of: 'group', id: group.id, group: g })
    group.blocks.forEach((block, b) => {
      if (again('block', block.id)) found.push({ of: 'block', id: block.id, group: g, block: b, groupId: group.id })
      for (const item of itemsOf(block))
        if (again(`item ${block.id}`, item.id)) found.push({ of: 'item', id: item.id, group: g, block: b, groupId: group.id, blockId: block.id })
    })
  })
  bot.edges?.forEach((edge, index) => {
    if (again('edge', edge.id)) found.push({ of: 'edge', id: edge.id, index })
  })
  bot.events?.forEach((event, index) => {
    if (again('event', event.id)) found.push({ of: 'event', id: event.id, index })
  })
  return found
}
