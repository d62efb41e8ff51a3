// Copy, paste and duplicate: a fragment is some groups with the edges between them and the variables their
// blocks use. Pasting gives everything new ids (so a fragment pasted twice, or into the bot it came from, never
// collides), keeps only the edges inside the fragment, and maps variables by name onto the target bot's.
import type { GroupV6 as Group } from '../../../../../src/contract/bot/bot.js'
import { type Edge, isEventSource } from '../../../../../src/contract/bot/common.js'
import { newId } from '../../../../../src/contract/ids.js'
import type { EditorBot, Variable } from '../types.js'
import type { Point } from './ops.js'

export type Fragment = { kind: 'parley/fragment'; groups: Group[]; edges: Edge[]; variables: Variable[] }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

// Clipboard text can be anything: a fragment is pasted only when its shape holds.
const isFragment = (value: unknown): value is Fragment => {
  if (!isObject(value) || value.kind !== 'parley/fragment') return false
  const { groups, edges, variables } = value as Record<string, unknown>
  return (
    Array.isArray(groups) &&
    groups.every(
      (g) =>
        isObject(g) &&
        typeof g.id === 'string' &&
        typeof g.title === 'string' &&
        Array.isArray(g.blocks) &&
        g.blocks.every((b) => isObject(b) && typeof b.id === 'string' && typeof b.type === 'string'),
    ) &&
    Array.isArray(edges) &&
    edges.every((e) => isObject(e) && typeof e.id === 'string' && isObject(e.from) && isObject(e.to) && typeof e.to.groupId === 'string') &&
    Array.isArray(variables) &&
    variables.every((v) => isObject(v) && typeof v.id === 'string' && typeof v.name === 'string')
  )
}

/** Parses clipboard text; anything else than a fragment answers undefined. */
export const parseFragment = (text: string): Fragment | undefined => {
  try {
    const value: unknown = JSON.parse(text)
    return isFragment(value) ? value : undefined
  } catch {
    return undefined
  }
}

const usesVariable = (json: string, v: Variable) => json.includes(`"${v.id}"`) || json.includes(`{{${v.name}}}`)

export const cutFragment = (bot: EditorBot, groupIds: Iterable<string>): Fragment => {
  const ids = new Set(groupIds)
  const groups = bot.groups.filter((g) => ids.has(g.id))
  const blockIds = new Set(groups.flatMap((g) => g.blocks.map((b) => b.id)))
  const edges = bot.edges.filter((e) => !isEventSource(e.from) && blockIds.has(e.from.blockId) && ids.has(e.to.groupId))
  const json = JSON.stringify(groups)
  return { kind: 'parley/fragment', groups, edges, variables: bot.variables.filter((v) => usesVariable(json, v)) }
}

/** Replaces every string equal to a key of `ids` (ids are unique random strings, so equality is exact enough). */
const remap = <T>(value: T, ids: Map<string, string>): T => {
  if (typeof value === 'string') return (ids.get(value) ?? value) as T
  if (Array.isArray(value)) return value.map((v) => remap(v, ids)) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remap(v, ids)])) as T
  return value
}

const collectIds = (value: unknown, into: Set<string>) => {
  if (Array.isArray(value)) for (const v of value) collectIds(v, into)
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (typeof o.id === 'string') into.add(o.id)
    for (const v of Object.values(o)) collectIds(v, into)
  }
}

/** Pastes a fragment with its top-left group at `at`. Answers the new groups' ids. */
export const pasteFragment = (bot: EditorBot, fragment: Fragment, at: Point): { bot: EditorBot; groupIds: string[] } => {
  const ids = new Map<string, string>()
  const own = new Set<string>()
  collectIds(fragment.groups, own)
  for (const e of fragment.edges) own.add(e.id)
  for (const id of own) ids.set(id, newId())
  // Variables: same name in the target → its id; else added (with a new id if that id is taken there).
  const variables = [...bot.variables]
  for (const v of fragment.variables) {
    const same = variables.find((t) => t.name === v.name)
    if (same) ids.set(v.id, same.id)
    else {
      const id = variables.some((t) => t.id === v.id) ? newId() : v.id
      ids.set(v.id, id)
      variables.push({ ...v, id })
    }
  }
  const keptEdges = new Set(fragment.edges.map((e) => e.id))
  const minX = Math.min(...fragment.groups.map((g) => g.graphCoordinates?.x ?? 0))
  const minY = Math.min(...fragment.groups.map((g) => g.graphCoordinates?.y ?? 0))
  const groups = fragment.groups.map((g) => {
    const pos = g.graphCoordinates ?? { x: minX, y: minY }
    // Edges out of the fragment are not pasted: sources pointing at them are cleared.
    const blocks = g.blocks.map((b) => clearOutside(b, keptEdges))
    return remap({ ...g, blocks, graphCoordinates: { x: at.x + pos.x - minX, y: at.y + pos.y - minY } }, ids)
  })
  const edges = fragment.edges.map((e) => remap(e, ids))
  return { bot: { ...bot, groups: [...bot.groups, ...groups], edges: [...bot.edges, ...edges], variables }, groupIds: groups.map((g) => g.id) }
}

const clearOutside = <T>(value: T, kept: Set<string>): T => {
  if (Array.isArray(value)) return value.map((v) => clearOutside(v, kept)) as T
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([k, v]) => !(k === 'outgoingEdgeId' && typeof v === 'string' && !kept.has(v)))
    return Object.fromEntries(entries.map(([k, v]) => [k, clearOutside(v, kept)])) as T
  }
  return value
}

export const duplicateGroups = (bot: EditorBot, groupIds: string[]) => {
  const fragment = cutFragment(bot, groupIds)
  const first = fragment.groups[0]?.graphCoordinates ?? { x: 0, y: 0 }
  return pasteFragment(bot, fragment, { x: first.x + 40, y: first.y + 40 })
}
