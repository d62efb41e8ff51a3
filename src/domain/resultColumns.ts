// The results table's columns (one per input block and per variable, plus the submission time) and a result's cells.
import { richTextToPlainText } from '../engine/richText.js'

export type ResultColumn =
  | { id: 'submittedAt'; kind: 'submittedAt'; label: string }
  | { id: string; kind: 'block'; label: string; blockId: string; blockType: string; groupId: string }
  | { id: string; kind: 'variable'; label: string; variableId: string }

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
 * published snapshot still has, so older answers keep a label, then merged linked bots), then their variables. Labels are unique: a repeated
 * one gets " (2)", " (3)"…
 */
export const resultColumns = (docs: ColumnSource[], categoryOf: CategoryOf): ResultColumn[] => {
  const blocks: ResultColumn[] = []
  const variables: ResultColumn[] = []
  const seen = new Set<string>()
  for (const doc of docs) {
    for (const group of records(doc.groups)) {
      const groupBlocks = records(group.blocks)
      groupBlocks.forEach((block, index) => {
        const id = blockColumnId(String(block.id))
        if (categoryOf(String(block.type)) !== 'input' || seen.has(id)) return
        seen.add(id)
        const title = typeof group.title === 'string' ? clip(group.title) : ''
        const label = questionOf(groupBlocks, index, categoryOf) || title || typeLabel(String(block.type))
        blocks.push({ id, kind: 'block', label, blockId: String(block.id), blockType: String(block.type), groupId: String(group.id) })
      })
    }
    for (const variable of records(doc.variables)) {
      const id = variableColumnId(String(variable.id))
      if (seen.has(id)) continue
      seen.add(id)
      variables.push({ id, kind: 'variable', label: clip(String(variable.name ?? '')) || 'Variable', variableId: String(variable.id) })
    }
  }
  const used = new Set<string>()
  return [SUBMITTED_AT, ...blocks, ...variables].map((column) => {
    let label = column.label
    for (let n = 2; used.has(label); n++) label = `${column.label} (${n})`
    used.add(label)
    return { ...column, label }
  })
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

/** A result's cells by column id (empty cells left out). An input answered several times (loops) shows every answer. */
export const resultCells = (result: TableResult): Record<string, string> => {
  const cells: Record<string, string> = { submittedAt: result.createdAt }
  for (const answer of result.answers) {
    const text = [answer.content, ...answer.attachedFileUrls.filter((url) => !answer.content.includes(url))].filter(Boolean).join(', ')
    const id = blockColumnId(answer.blockId)
    cells[id] = cells[id] === undefined ? text : `${cells[id]}, ${text}`
  }
  for (const variable of result.variables) {
    const text = valueText(variable.value)
    if (text !== undefined) cells[variableColumnId(variable.id)] = text
  }
  return cells
}
