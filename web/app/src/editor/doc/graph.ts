// How edges leave things in a v6 bot: from an event, a block, a block's item (buttons, condition paths, A/B
// paths) or a card's button (`pathId`). Each source carries the edge's id in its own `outgoingEdgeId`, and the
// edge names the source in `from`; the editor keeps both sides in step. A source is also named by a handle key
// (the canvas's connection points).
import type { Block, EditorBot } from '../types.js'

export type Source = { eventId: string } | { blockId: string; itemId?: string; pathId?: string }
export type Target = { groupId: string; blockId?: string }
export type Edge = EditorBot['edges'][number]
export type Group = EditorBot['groups'][number]

type Item = { id: string; outgoingEdgeId?: string | null; paths?: { id: string; outgoingEdgeId?: string | null }[] | null }

export const itemsOf = (block: Block): Item[] => {
  const items = (block as { items?: unknown }).items
  return Array.isArray(items) ? (items as Item[]) : []
}

export const sourceKey = (from: Source): string =>
  'eventId' in from
    ? `e:${from.eventId}`
    : from.pathId
      ? `p:${from.blockId}:${from.itemId}:${from.pathId}`
      : from.itemId
        ? `i:${from.blockId}:${from.itemId}`
        : `b:${from.blockId}`

export const sourceFromKey = (key: string): Source => {
  const [kind, a, b, c] = key.split(':')
  if (kind === 'e') return { eventId: a }
  if (kind === 'p') return { blockId: a, itemId: b, pathId: c }
  if (kind === 'i') return { blockId: a, itemId: b }
  return { blockId: a }
}

/** The key of an edge's source as the edge states it. */
export const edgeSourceKey = (edge: Edge) => sourceKey(edge.from as Source)

/** Sets (or clears, with undefined) the outgoingEdgeId of a source, copying only what changes. */
export const setOutgoing = (bot: EditorBot, from: Source, edgeId: string | undefined): EditorBot => {
  const put = <T extends { outgoingEdgeId?: string | null }>(o: T): T => {
    if (edgeId !== undefined) return { ...o, outgoingEdgeId: edgeId }
    const { outgoingEdgeId: _, ...rest } = o
    return rest as T
  }
  if ('eventId' in from) return { ...bot, events: bot.events.map((e) => (e.id === from.eventId ? put(e) : e)) }
  return {
    ...bot,
    groups: bot.groups.map((g) =>
      g.blocks.some((b) => b.id === from.blockId)
        ? {
            ...g,
            blocks: g.blocks.map((b) => {
              if (b.id !== from.blockId) return b
              if (!from.itemId) return put(b)
              const items = itemsOf(b).map((item) => {
                if (item.id !== from.itemId) return item
                if (!from.pathId) return put(item)
                return { ...item, paths: (item.paths ?? []).map((p) => (p.id === from.pathId ? put(p) : p)) }
              })
              return { ...b, items } as Block
            }),
          }
        : g,
    ),
  }
}

/** Every source key the bot has (events, blocks, items, card paths). */
export const allSourceKeys = (bot: EditorBot): Set<string> => {
  const keys = new Set(bot.events.map((e) => sourceKey({ eventId: e.id })))
  for (const g of bot.groups)
    for (const b of g.blocks) {
      keys.add(sourceKey({ blockId: b.id }))
      for (const item of itemsOf(b)) {
        keys.add(sourceKey({ blockId: b.id, itemId: item.id }))
        for (const p of item.paths ?? []) keys.add(sourceKey({ blockId: b.id, itemId: item.id, pathId: p.id }))
      }
    }
  return keys
}

export const groupOfBlock = (bot: EditorBot, blockId: string) => bot.groups.find((g) => g.blocks.some((b) => b.id === blockId))

const itemized = new Set(['choice input', 'picture choice input', 'Condition', 'AB test', 'cards'])

/** Blocks whose exits are their items (buttons, paths) draw one per item. */
export const hasItemHandles = (block: Block) => itemized.has(block.type)

/** Whether a block can lead somewhere by itself: not those ending the flow, nor those whose items are the exits
 * (except "else" and multiple choice). */
export const hasBlockHandle = (block: Block): boolean => {
  if (block.type === 'Jump' || block.type === 'AB test' || block.type === 'cards' || block.type === 'Return') return false
  if (block.type === 'choice input' || block.type === 'picture choice input')
    return Boolean((block.options as { isMultipleChoice?: boolean } | undefined)?.isMultipleChoice)
  return true
}
