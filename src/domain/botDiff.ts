// What changed between two versions of a bot, by what an author recognises: groups and blocks by title and text,
// edges by the groups they join, variables by name, theme and settings by dotted path. Canvas positions are left
// out (moving a group changes no behaviour); a block's id ties it across versions, as in the editor.
import { richTextToPlainText } from '../engine/richText.js'

/** One changed value: a dotted path under the compared thing, with both values (texts as plain text). */
export type ValueChange = { path: string; from: unknown; to: unknown }

export type GroupRef = { id: string; title: string }
export type BlockRef = { id: string; type: string; groupId: string; group: string; label: string }
export type EdgeRef = { id: string; from: string; to: string }
export type VariableRef = { id: string; name: string }
export type EventRef = { id: string; type: string }

type Section<Ref> = { added: Ref[]; removed: Ref[]; changed: (Ref & { changes: ValueChange[] })[] }

export type BotDiff = {
  groups: Section<GroupRef>
  blocks: Section<BlockRef>
  edges: { added: EdgeRef[]; removed: EdgeRef[]; changed: (EdgeRef & { changes: ValueChange[] })[] }
  variables: Section<VariableRef>
  events: Section<EventRef>
  theme: ValueChange[]
  settings: ValueChange[]
  /** Counts over every section: nothing changed when all are 0. */
  summary: { added: number; removed: number; changed: number }
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : [])
const str = (v: unknown) => (typeof v === 'string' ? v : '')
const byId = (items: Obj[]) => new Map(items.filter((i) => typeof i.id === 'string').map((i) => [i.id as string, i]))

/** Most value changes listed for one item: a rewritten block says what it is, not every leaf. */
const MAX_CHANGES = 40
/** Fields that tie things together or place them on the canvas, not what they do. */
const IGNORED = new Set(['id', 'groupId', 'blockId', 'outgoingEdgeId', 'graphCoordinates'])

/** Leaf differences of two JSON values; arrays of items with ids are matched by id, others by position. */
const valueChanges = (from: unknown, to: unknown, path = '', out: ValueChange[] = []): ValueChange[] => {
  if (out.length >= MAX_CHANGES) return out
  if (Array.isArray(from) && Array.isArray(to) && path.endsWith('richText')) {
    const [a, b] = [richTextToPlainText(from as never), richTextToPlainText(to as never)]
    if (a !== b) out.push({ path, from: a, to: b })
    return out
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const keyed = [...from, ...to].every((i) => isObj(i) && typeof i.id === 'string')
    if (keyed) {
      const [a, b] = [byId(from as Obj[]), byId(to as Obj[])]
      for (const [id, item] of a) {
        const other = b.get(id)
        if (!other) out.push({ path: `${path}[${id}]`, from: summaryOf(item), to: null })
        else valueChanges(item, other, `${path}[${id}]`, out)
      }
      for (const [id, item] of b) if (!a.has(id)) out.push({ path: `${path}[${id}]`, from: null, to: summaryOf(item) })
      return out
    }
    for (let i = 0; i < Math.max(from.length, to.length); i++) valueChanges(from[i], to[i], `${path}[${i}]`, out)
    return out
  }
  // A section that appears or goes whole (a theme's `general`) is listed by its values, each named by its path.
  if ((isObj(from) || from == null) && (isObj(to) || to == null) && (isObj(from) || isObj(to))) {
    const [a, b] = [(from ?? {}) as Obj, (to ?? {}) as Obj]
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (IGNORED.has(key)) continue
      valueChanges(a[key], b[key], path ? `${path}.${key}` : key, out)
    }
    return out
  }
  if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ path, from: from ?? null, to: to ?? null })
  return out
}

/** A short text for a whole item that appeared or went (a choice, a condition…). */
const summaryOf = (item: Obj): unknown => item.content ?? item.value ?? item.name ?? item.title ?? item.type ?? null

/** What an author reads on a block's card: a bubble's text, an input's question, a choice's items, else nothing. */
const blockLabel = (block: Obj): string => {
  const content = isObj(block.content) ? block.content : {}
  if (Array.isArray(content.richText)) return richTextToPlainText(content.richText as never).slice(0, 120)
  if (typeof content.url === 'string') return content.url
  const options = isObj(block.options) ? block.options : {}
  const labels = isObj(options.labels) ? options.labels : {}
  const items = list(block.items)
    .map((i) => str(i.content) || str(i.title))
    .filter(Boolean)
  if (items.length) return items.join(' / ').slice(0, 120)
  return str(labels.placeholder) || str(labels.button) || str(options.url) || str(options.name) || ''
}

const groupTitle = (group: Obj | undefined) => str(group?.title) || 'Untitled group'

type Indexed = { groups: Map<string, Obj>; blocks: Map<string, BlockRef & { block: Obj }>; items: Map<string, string> }

const indexOf = (doc: Obj): Indexed => {
  const groups = byId(list(doc.groups))
  const blocks = new Map<string, BlockRef & { block: Obj }>()
  const items = new Map<string, string>()
  for (const group of groups.values()) {
    for (const block of list(group.blocks)) {
      if (typeof block.id !== 'string') continue
      const ref = { id: block.id, type: str(block.type), groupId: group.id as string, group: groupTitle(group), label: blockLabel(block) }
      blocks.set(block.id, { ...ref, block })
      for (const item of list(block.items)) if (typeof item.id === 'string') items.set(item.id, str(item.content) || str(item.title))
    }
  }
  return { groups, blocks, items }
}

/** An end of an edge as an author reads it: "Group › block text › item", or the start event. */
const edgeEnd = (end: unknown, at: Indexed, events: Map<string, Obj>): string => {
  if (!isObj(end)) return ''
  if (typeof end.eventId === 'string') return `${str(events.get(end.eventId)?.type) || 'event'}`
  const block = typeof end.blockId === 'string' ? at.blocks.get(end.blockId) : undefined
  const group = typeof end.groupId === 'string' ? at.groups.get(end.groupId) : block && at.groups.get(block.groupId)
  const parts = [groupTitle(group)]
  if (block) parts.push(block.label || block.type)
  if (typeof end.itemId === 'string') parts.push(at.items.get(end.itemId) || 'item')
  return parts.join(' › ')
}

const refOf = <R>({ block: _b, ...ref }: R & { block: Obj }) => ref

export const diffBots = (from: Obj, to: Obj): BotDiff => {
  const [a, b] = [indexOf(from), indexOf(to)]
  const [eventsA, eventsB] = [byId(list(from.events)), byId(list(to.events))]

  const groups: BotDiff['groups'] = { added: [], removed: [], changed: [] }
  for (const [id, g] of a.groups) if (!b.groups.has(id)) groups.removed.push({ id, title: groupTitle(g) })
  for (const [id, g] of b.groups) {
    const old = a.groups.get(id)
    if (!old) {
      groups.added.push({ id, title: groupTitle(g) })
      continue
    }
    const changes: ValueChange[] = []
    if (groupTitle(old) !== groupTitle(g)) changes.push({ path: 'title', from: groupTitle(old), to: groupTitle(g) })
    const order = (x: Obj) => list(x.blocks).map((bl) => bl.id)
    // The order of the blocks both versions of the group hold (blocks added or removed are listed as such).
    const [idsBefore, idsAfter] = [new Set(order(old)), new Set(order(g))]
    const [before, after] = [order(old).filter((x) => idsAfter.has(x)), order(g).filter((x) => idsBefore.has(x))]
    if (JSON.stringify(before) !== JSON.stringify(after)) changes.push({ path: 'blocks.order', from: before, to: after })
    if (changes.length) groups.changed.push({ id, title: groupTitle(g), changes })
  }

  const blocks: BotDiff['blocks'] = { added: [], removed: [], changed: [] }
  for (const [id, x] of a.blocks) if (!b.blocks.has(id)) blocks.removed.push(refOf(x))
  for (const [id, x] of b.blocks) {
    const old = a.blocks.get(id)
    if (!old) {
      blocks.added.push(refOf(x))
      continue
    }
    const changes = valueChanges(old.block, x.block)
    if (old.groupId !== x.groupId) changes.unshift({ path: 'group', from: old.group, to: x.group })
    if (changes.length) blocks.changed.push({ ...refOf(x), changes })
  }

  const edges: BotDiff['edges'] = { added: [], removed: [], changed: [] }
  const edgeRef = (e: Obj, at: Indexed, events: Map<string, Obj>): EdgeRef => ({
    id: e.id as string,
    from: edgeEnd(e.from, at, events),
    to: edgeEnd(e.to, at, events),
  })
  const [edgesA, edgesB] = [byId(list(from.edges)), byId(list(to.edges))]
  for (const [id, e] of edgesA) if (!edgesB.has(id)) edges.removed.push(edgeRef(e, a, eventsA))
  for (const [id, e] of edgesB) {
    const old = edgesA.get(id)
    if (!old) edges.added.push(edgeRef(e, b, eventsB))
    else {
      // Ends are ids, which valueChanges skips: compared whole, and told as the author reads them.
      const [was, now] = [edgeRef(old, a, eventsA), edgeRef(e, b, eventsB)]
      const changes = (['from', 'to'] as const)
        .filter((end) => JSON.stringify(old[end]) !== JSON.stringify(e[end]))
        .map((end) => ({ path: end, from: was[end], to: now[end] }))
      if (changes.length) edges.changed.push({ ...now, changes })
    }
  }

  const variables: BotDiff['variables'] = { added: [], removed: [], changed: [] }
  const [varsA, varsB] = [byId(list(from.variables)), byId(list(to.variables))]
  for (const [id, v] of varsA) if (!varsB.has(id)) variables.removed.push({ id, name: str(v.name) })
  for (const [id, v] of varsB) {
    const old = varsA.get(id)
    if (!old) variables.added.push({ id, name: str(v.name) })
    else {
      const changes = valueChanges(old, v)
      if (changes.length) variables.changed.push({ id, name: str(v.name), changes })
    }
  }

  const events: BotDiff['events'] = { added: [], removed: [], changed: [] }
  for (const [id, e] of eventsA) if (!eventsB.has(id)) events.removed.push({ id, type: str(e.type) })
  for (const [id, e] of eventsB) {
    const old = eventsA.get(id)
    if (!old) events.added.push({ id, type: str(e.type) })
    else {
      const changes = valueChanges(old, e)
      if (changes.length) events.changed.push({ id, type: str(e.type), changes })
    }
  }

  const theme = valueChanges(from.theme ?? {}, to.theme ?? {})
  const settings = valueChanges(from.settings ?? {}, to.settings ?? {})
  const sections = [groups, blocks, edges, variables, events]
  const summary = {
    added: sections.reduce((n, s) => n + s.added.length, 0),
    removed: sections.reduce((n, s) => n + s.removed.length, 0),
    changed: sections.reduce((n, s) => n + s.changed.length, 0) + theme.length + settings.length,
  }
  return { groups, blocks, edges, variables, events, theme, settings, summary }
}
