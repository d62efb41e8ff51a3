// Small builders for the starter bots' v6 parts: the bots stay readable as flows instead of pages of nested JSON.
// Every id is fixed, so a starter is the same document each time it is created.

export type Part = Record<string, unknown>

/** A text bubble; `{{Variable}}` is replaced at run time. */
export const say = (id: string, text: string): Part => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
})

export const group = (id: string, title: string, x: number, y: number, blocks: Part[]): Part => ({
  id,
  title,
  graphCoordinates: { x, y },
  blocks,
})

/** An edge from a block (or one of its items) to a group. */
export const edge = (id: string, from: { blockId: string; itemId?: string } | { eventId: string }, groupId: string): Part => ({
  id,
  from,
  to: { groupId },
})

export const start = (id: string, edgeId: string): Part => ({ id, type: 'start', outgoingEdgeId: edgeId, graphCoordinates: { x: 0, y: 0 } })

/** A v6 bot document (without the ids the service gives). */
export const botDoc = (name: string, parts: { groups: Part[]; edges: Part[]; variables: Part[]; events: Part[] }) => ({
  version: '6',
  name,
  ...parts,
  theme: {},
  settings: {},
})
