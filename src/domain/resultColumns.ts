// The results table's columns and a result's cells, by Typebot's header rule: the submission time, one column per
// input (labelled by the variable it saves into, else by its question; inputs saving into one variable share its
// column), then one per variable that no input fills.
import { richTextToPlainText } from '../engine/richText.js'

export type ResultColumn =
  | { id: 'submittedAt'; kind: 'submittedAt'; label: string }
  | {
      id: string
      kind: 'block'
      label: string
      blockId: string
      blockType: string
      groupId: string
      /** The variable the input saves into, whose own column this one is. */
      variableId?: string
      /** Every input answering in this column (the first is `blockId`): inputs saving into one variable. */
      blockIds: string[]
    }
  | { id: string; kind: 'variable'; label: string; variableId: string }
  | { id: 'session'; kind: 'session'; label: string; isHiddenByDefault: true }

/** The parts of a bot document the columns come from. */
export type ColumnSource = Record<string, unknown> & { groups?: unknown; variables?: unknown }

/** What a block type is (`bubble`, `input`, `logic`, …), from the kinds registry; undefined for unknown types. */
export type CategoryOf = (type: string) => string | undefined

/** A result as the table reads it. */
export type TableResult = {
  createdAt: string
  variables: { id: string; value: unknown }[]
  answers: { blockId: string; content: string; attachedFileUrls: string[] }[]
}

export const LABEL_MAX_LENGTH = 80
export const SUBMITTED_AT: ResultColumn = { id: 'submittedAt', kind: 'submittedAt', label: 'Submitted at' }
/**
 * The fingerprint of the result's last chat session (Typebot issue 2014: match a result to logs and API calls),
 * added after the others by the app and hidden until chosen: cells give `fingerprint(sessionId)`, never the id.
 */
export const SESSION_COLUMN: ResultColumn = { id: 'session', kind: 'session', label: 'Session', isHiddenByDefault: true }

export const blockColumnId = (blockId: string) => `block:${blockId}`
export const variableColumnId = (variableId: string) => `variable:${variableId}`

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > LABEL_MAX_LENGTH ? `${flat.slice(0, LABEL_MAX_LENGTH - 1).trimEnd()}…` : flat
}

const records = (value: unknown): Record<string, any>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, any> => typeof v === 'object' && v !== null) : []

const bubbleText = (block: Record<string, any>): string => {
  const content = block.content
  if (Array.isArray(content?.richText)) return richTextToPlainText(content.richText)
  return typeof content?.plainText === 'string' ? content.plainText : ''
}

/**
 * The question an input asks: the text bubbles shown just before it in its group (media bubbles between them are
 * passed over; any other block ends the question).
 */
const questionOf = (blocks: Record<string, any>[], index: number, categoryOf: CategoryOf): string => {
  const texts: string[] = []
  for (let i = index - 1; i >= 0 && categoryOf(String(blocks[i].type)) === 'bubble'; i--) {
    if (blocks[i].type === 'text') texts.unshift(bubbleText(blocks[i]))
  }
  return clip(texts.join(' '))
}

/**
 * Bots linked with `mergeResults`: their answers are stored on this bot's results, so their inputs get columns too
 * (as in Typebot's table). Links to the bot itself (`current`) add nothing.
 */
export const mergedLinkedBotIds = (docs: ColumnSource[], selfId: string): string[] => {
  const ids = new Set<string>()
  for (const doc of docs)
    for (const group of records(doc.groups))
      for (const block of records(group.blocks)) {
        const target = block.options?.typebotId
        if (
          block.type === 'Typebot link' &&
          block.options?.mergeResults === true &&
          typeof target === 'string' &&
          target !== 'current' &&
          target !== selfId
        )
          ids.add(target)
      }
  return [...ids]
}

const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1)

/**
 * The columns: submission time, the input blocks of the given documents (the draft first, then blocks only the
 * published snapshot still has, so older answers keep a label, then merged linked bots), then the variables no input
 * saves into (session variables left out). An input saving into a variable is labelled by its name, and later inputs
 * saving into the same variable answer in that column; another input by its question, else its group's title, else
 * its type. Labels are unique: a repeated one gets " (2)", " (3)"…
 */
export const resultColumns = (docs: ColumnSource[], categoryOf: CategoryOf): ResultColumn[] => {
  const variableNames = new Map<string, string>()
  for (const doc of docs)
    for (const variable of records(doc.variables))
      if (!variableNames.has(String(variable.id))) variableNames.set(String(variable.id), clip(String(variable.name ?? '')))
  const blocks: Extract<ResultColumn, { kind: 'block' }>[] = []
  const byVariable = new Map<string, Extract<ResultColumn, { kind: 'block' }>>()
  const seen = new Set<string>()
  for (const doc of docs) {
    for (const group of records(doc.groups)) {
      const groupBlocks = records(group.blocks)
      groupBlocks.forEach((block, index) => {
        const blockId = String(block.id)
        if (categoryOf(String(block.type)) !== 'input' || seen.has(blockId)) return
        seen.add(blockId)
        const savedIn = typeof block.options?.variableId === 'string' ? block.options.variableId : undefined
        const variableId = savedIn && variableNames.get(savedIn) ? savedIn : undefined
        const shared = variableId ? byVariable.get(variableId) : undefined
        if (shared) {
          shared.blockIds.push(blockId)
          return
        }
        const title = typeof group.title === 'string' ? clip(group.title) : ''
        const label =
          (variableId && variableNames.get(variableId)) || questionOf(groupBlocks, index, categoryOf) || title || typeLabel(String(block.type))
        const column = {
          id: blockColumnId(blockId),
          kind: 'block' as const,
          label,
          blockId,
          blockType: String(block.type),
          groupId: String(group.id),
          ...(variableId && { variableId }),
          blockIds: [blockId],
        }
        if (variableId) byVariable.set(variableId, column)
        blocks.push(column)
      })
    }
  }
  const variables: ResultColumn[] = []
  const listed = new Set<string>()
  for (const doc of docs)
    for (const variable of records(doc.variables)) {
      const id = String(variable.id)
      if (listed.has(id) || byVariable.has(id) || variable.isSessionVariable === true) continue
      listed.add(id)
      variables.push({ id: variableColumnId(id), kind: 'variable', label: variableNames.get(id) || 'Variable', variableId: id })
    }
  const used = new Set<string>()
  return [SUBMITTED_AT, ...blocks, ...variables].map((column) => {
    let label = column.label
    for (let n = 2; used.has(label); n++) label = `${column.label} (${n})`
    used.add(label)
    return { ...column, label }
  })
}

/** Where a result's answers and variables go: the column of each input, and of each variable an input saves into. */
export type CellRouting = { byBlock: Map<string, string>; byVariable: Map<string, string> }

export const cellRouting = (columns: ResultColumn[]): CellRouting => {
  const byBlock = new Map<string, string>()
  const byVariable = new Map<string, string>()
  for (const column of columns) {
    if (column.kind !== 'block') continue
    for (const blockId of column.blockIds) byBlock.set(blockId, column.id)
    if (column.variableId) byVariable.set(column.variableId, column.id)
  }
  return { byBlock, byVariable }
}

/** A variable's value as a cell shows it; undefined when it has none. */
export const valueText = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'string') return value
  if (Array.isArray(value))
    return value
      .filter((v) => v !== null && v !== undefined)
      .map(String)
      .join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * A result's cells by column id (empty cells left out). An input answered several times (loops), or several inputs
 * of one column, show every answer; an input's column without an answer shows its variable's value (set otherwise:
 * prefilled, by a script), as Typebot's table does. `routing` (see `cellRouting`) says where each input and variable
 * goes; an input it does not know answers in its own `block:` column, a variable in its own `variable:` column.
 */
export const resultCells = (result: TableResult, routing: CellRouting = { byBlock: new Map(), byVariable: new Map() }): Record<string, string> => {
  const cells: Record<string, string> = { submittedAt: result.createdAt }
  for (const answer of result.answers) {
    const text = [answer.content, ...answer.attachedFileUrls.filter((url) => !answer.content.includes(url))].filter(Boolean).join(', ')
    const id = routing.byBlock.get(answer.blockId) ?? blockColumnId(answer.blockId)
    cells[id] = cells[id] === undefined ? text : `${cells[id]}, ${text}`
  }
  for (const variable of result.variables) {
    const text = valueText(variable.value)
    if (text === undefined) continue
    const id = routing.byVariable.get(variable.id) ?? variableColumnId(variable.id)
    if (cells[id] === undefined) cells[id] = text
  }
  return cells
}
