// Default canvas positions. Hand-written bots often leave `graphCoordinates` out (nothing at runtime reads them), so
// groups and events without them get a tidy place: groups in columns by their distance from the start along the
// edges, right of everything already placed; events under the start event. Works on plain JSON before validation.
import type { GraphCoordinates } from './common.js'

/** Spacing of the default layout (a group is about 300 wide; its height grows with its blocks). */
export const LAYOUT = { columnGap: 400, rowGap: 60, groupHeight: 80, blockHeight: 50, eventGap: 120 } as const

type Json = Record<string, any>
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const hasCoordinates = (node: Json) => isRecord(node.graphCoordinates)
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : [])

/** Where a group goes right of the start event (the welcome group of a new bot). */
export const rightOf = (at: GraphCoordinates | undefined): GraphCoordinates => ({ x: (at?.x ?? 0) + LAYOUT.columnGap, y: at?.y ?? 0 })

/**
 * The bot with `graphCoordinates` on every group and event. Returns the bot itself when none is missing; otherwise a
 * copy in which only the nodes that lacked them are new objects (the key is added last, or filled in place).
 */
export const withDefaultCoordinates = (raw: unknown): unknown => {
  if (!isRecord(raw)) return raw
  const groups = records(raw.groups)
  const events = records(raw.events)
  if (groups.every(hasCoordinates) && events.every(hasCoordinates)) return raw

  const placedGroups = groups.filter(hasCoordinates).map((g) => g.graphCoordinates as GraphCoordinates)
  const startEvent = events.find((event) => event.type === 'start') ?? events[0]
  const start: GraphCoordinates =
    startEvent && hasCoordinates(startEvent)
      ? startEvent.graphCoordinates
      : placedGroups.length > 0
        ? { x: Math.min(...placedGroups.map((c) => c.x)) - LAYOUT.columnGap, y: Math.min(...placedGroups.map((c) => c.y)) }
        : { x: 0, y: 0 }

  const at = new Map<Json, GraphCoordinates>()
  events.forEach((event, index) => {
    if (!hasCoordinates(event)) at.set(event, event === startEvent ? start : { x: start.x, y: start.y + LAYOUT.eventGap * (index + 1) })
  })

  // Columns by distance from the events along the edges; groups nothing reaches go in a last column.
  const depth = depthsFromEvents(raw, groups)
  const missing = groups.filter((group) => !hasCoordinates(group))
  const right = Math.max(start.x, ...placedGroups.map((c) => c.x))
  const lastColumn = Math.max(0, ...missing.map((group) => depth.get(group.id) ?? 0)) + 1
  const columnY = new Map<number, number>()
  for (const group of missing) {
    const column = depth.get(group.id) ?? lastColumn
    const y = columnY.get(column) ?? start.y
    at.set(group, { x: right + LAYOUT.columnGap * (column + 1), y })
    columnY.set(column, y + LAYOUT.groupHeight + LAYOUT.blockHeight * records(group.blocks).length + LAYOUT.rowGap)
  }

  const place = (node: unknown) => {
    const coordinates = isRecord(node) ? at.get(node) : undefined
    return coordinates ? { ...(node as Json), graphCoordinates: coordinates } : node
  }
  return {
    ...raw,
    ...(Array.isArray(raw.events) && { events: raw.events.map(place) }),
    ...(Array.isArray(raw.groups) && { groups: raw.groups.map(place) }),
  }
}

/** Group id → number of edges from the nearest event (0 for a group an event leads to). */
const depthsFromEvents = (raw: Json, groups: Json[]): Map<string, number> => {
  const groupOfBlock = new Map<unknown, unknown>()
  for (const group of groups) for (const block of records(group.blocks)) groupOfBlock.set(block.id, group.id)
  const next = new Map<unknown, unknown[]>()
  const roots: unknown[] = []
  for (const edge of records(raw.edges)) {
    const to = isRecord(edge.to) ? edge.to.groupId : undefined
    const from = isRecord(edge.from) ? edge.from : {}
    if (from.eventId !== undefined) roots.push(to)
    else {
      const source = groupOfBlock.get(from.blockId)
      const targets = next.get(source)
      if (targets) targets.push(to)
      else next.set(source, [to])
    }
  }
  const depth = new Map<string, number>()
  let level = roots
  for (let d = 0; level.length > 0; d++) {
    const following: unknown[] = []
    for (const id of level)
      if (typeof id === 'string' && !depth.has(id)) {
        depth.set(id, d)
        following.push(...(next.get(id) ?? []))
      }
    level = following
  }
  return depth
}
