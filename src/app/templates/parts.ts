// Small builders for the templates' v6 parts: the bots stay readable as flows instead of pages of nested JSON.
// Every id is fixed, so a template is the same document each time it is used.

export type Part = Record<string, unknown>

/** A text bubble; `{{Variable}}` is replaced at run time. */
export const say = (id: string, text: string, outgoingEdgeId?: string): Part => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
  ...(outgoingEdgeId && { outgoingEdgeId }),
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

/** An input block saving its answer in `variableId`. */
export const ask = (id: string, type: string, variableId: string, options: Part = {}, outgoingEdgeId?: string): Part => ({
  id,
  type,
  options: { variableId, ...options },
  ...(outgoingEdgeId && { outgoingEdgeId }),
})

/** Buttons: each item `[id, label, edgeId?]`; items without an edge follow the block's own. */
export const buttons = (id: string, variableId: string | undefined, items: [string, string, string?][], outgoingEdgeId?: string): Part => ({
  id,
  type: 'choice input',
  items: items.map(([itemId, content, edgeId]) => ({ id: itemId, content, ...(edgeId && { outgoingEdgeId: edgeId }) })),
  ...(variableId && { options: { variableId } }),
  ...(outgoingEdgeId && { outgoingEdgeId }),
})

/** A Set variable block with a value computed from an expression (`{{Score}} + 1`). */
export const setVariable = (id: string, variableId: string, expressionToEvaluate: string, outgoingEdgeId?: string): Part => ({
  id,
  type: 'Set variable',
  options: { variableId, type: 'Custom', expressionToEvaluate },
  ...(outgoingEdgeId && { outgoingEdgeId }),
})

/** A condition item: one comparison of a variable; the block's own edge is the "else". */
export const when = (id: string, variableId: string, comparisonOperator: string, value: string, outgoingEdgeId: string): Part => ({
  id,
  outgoingEdgeId,
  content: { logicalOperator: 'AND', comparisons: [{ id: `${id}-cmp`, variableId, comparisonOperator, value }] },
})

export const condition = (id: string, items: Part[], elseEdgeId?: string): Part => ({
  id,
  type: 'Condition',
  items,
  ...(elseEdgeId && { outgoingEdgeId: elseEdgeId }),
})

/** A v6 bot document (without the ids the service gives). */
export const botDoc = (name: string, parts: { groups: Part[]; edges: Part[]; variables: Part[]; events: Part[] }) => ({
  version: '6',
  name,
  ...parts,
  theme: {},
  settings: {},
})
