// The results table of a bot: labelled columns, rows of cells, a result's transcript, bulk deletes, streamed exports
// and the analytics computed from what chat turns already store. Guests may read.
import type { TimeFilter } from '../contract/chat.js'
import { csvLine } from '../domain/csv.js'
import {
  type CategoryOf,
  type CellRouting,
  type ColumnSource,
  mergedLinkedBotIds,
  type ResultColumn,
  type TableResult,
  cellRouting,
  resultCells,
  resultColumns,
  SESSION_COLUMN,
  valueText,
  variableColumnId,
  blockColumnId,
} from '../domain/resultColumns.js'
import { isTimeZone, timeWindow } from '../domain/timeFilter.js'
import { hashToken } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import type { StoredBot } from '../store/bots.js'
import type { Store } from '../store/index.js'
import type { TimeWindow } from '../store/resultsTable.js'
import type { Access } from './access.js'
import { badRequest, notFound } from './errors.js'
import type { FilesApp } from './files.js'
import { sessionFingerprint } from './sessionFingerprint.js'

export type WindowQuery = { timeFilter: TimeFilter; timeZone: string }

/** Linked bots whose columns are added: far more than a real bot links to, bounded work per request. */
const MAX_LINKED_BOTS = 20

/** Rows read (and deleted) per statement: big enough to be quick, small enough never to hold the database long. */
const CHUNK = 500

/** The window a time filter names, read in the caller's time zone. */
export const windowOf = (query: WindowQuery, now = new Date()): TimeWindow => {
  if (!isTimeZone(query.timeZone))
    throw badRequest(`Unknown time zone "${query.timeZone}".`, [{ path: 'query.timeZone', message: 'Not an IANA time zone' }])
  return timeWindow(query.timeFilter, query.timeZone, now)
}

const rate = (part: number, whole: number) => (whole ? part / whole : 0)

/** Lets other requests (chat turns) run between two chunks of a long job. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve))

export const createResultsTable = ({
  store,
  access,
  files,
  categoryOf,
}: {
  store: Pick<Store, 'bots' | 'chats' | 'resultsTable'>
  access: Access
  files: Pick<FilesApp, 'deleteOwned'>
  categoryOf: CategoryOf
}) => {
  /** A bot's draft, then its published snapshot. */
  const docsOf = async (bot: StoredBot): Promise<ColumnSource[]> => {
    const published = bot.publishedId ? await store.bots.publishedSnapshot(bot.publishedId) : undefined
    return published ? [bot.doc, published.doc] : [bot.doc]
  }

  /** The bot's columns, then those of the bots of its workspace it links to with merged results (one level). */
  const columnsOf = async (bot: StoredBot): Promise<ResultColumn[]> => {
    const docs = await docsOf(bot)
    for (const id of mergedLinkedBotIds(docs, bot.id).slice(0, MAX_LINKED_BOTS)) {
      const linked = await store.bots.get(id)
      if (linked?.workspaceId === bot.workspaceId) docs.push(...(await docsOf(linked)))
    }
    return [...resultColumns(docs, categoryOf), SESSION_COLUMN]
  }

  /** A result's cells, its session's fingerprint included. */
  const cellsOf = (result: TableResult & { lastChatSessionId: string | null }, routing: CellRouting) => {
    const cells = resultCells(result, routing)
    if (result.lastChatSessionId) cells[SESSION_COLUMN.id] = sessionFingerprint(result.lastChatSessionId)
    return cells
  }

  const findResult = async (botId: string, resultId: string) => {
    const result = (await store.chats.result(botId, resultId)) ?? (await store.chats.resultByKey(botId, hashToken(resultId)))
    if (!result) throw notFound('Result not found.')
    return result
  }

  /** Every listed result in the window, a page at a time (newest first). */
  async function* allRows(botId: string, window: TimeWindow) {
    let after: { createdAt: string; seq: number } | undefined
    for (;;) {
      const page = await store.resultsTable.exportPage(botId, window, CHUNK, after)
      yield page.rows
      if (page.rows.length < CHUNK || !page.last) return
      after = page.last
    }
  }

  return {
    async columns(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'read')
      return columnsOf(bot)
    },

    /** A page of the table: the results the listing shows, as cells by column id. */
    async rows(user: User, botId: string, query: WindowQuery & { limit: number; cursor?: number }) {
      const { bot } = await access.bot(user, botId, 'read')
      const [page, columns] = await Promise.all([
        store.chats.listResults(bot.id, { limit: query.limit, cursor: query.cursor, ...windowOf(query) }),
        columnsOf(bot),
      ])
      const routing = cellRouting(columns)
      return {
        rows: page.results.map((r) => ({
          id: r.id,
          createdAt: r.createdAt,
          isCompleted: r.isCompleted,
          hasStarted: r.hasStarted,
          cells: cellsOf(r, routing),
        })),
        ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
      }
    },

    /** A result as a person reads it: its answers in order under their questions, its variables and its logs. */
    async detail(user: User, botId: string, resultId: string) {
      const { bot } = await access.bot(user, botId, 'read')
      const result = await findResult(bot.id, resultId)
      const [columns, answers, logs] = await Promise.all([columnsOf(bot), store.resultsTable.answers(result.id), store.chats.resultLogs(result.id)])
      const labels = new Map(columns.map((c) => [c.id, c.label]))
      const { byBlock } = cellRouting(columns)
      const columnIdOf = (blockId: string) => byBlock.get(blockId) ?? blockColumnId(blockId)
      return {
        id: result.id,
        createdAt: result.createdAt,
        isCompleted: result.isCompleted,
        hasStarted: result.hasStarted,
        answers: answers.map((a) => ({
          blockId: a.blockId,
          columnId: columnIdOf(a.blockId),
          label: labels.get(columnIdOf(a.blockId)) ?? null,
          content: a.content,
          attachedFileUrls: a.attachedFileUrls,
          createdAt: a.createdAt,
        })),
        variables: result.variables.map((v) => ({ id: v.id, name: v.name, columnId: variableColumnId(v.id), value: valueText(v.value) ?? null })),
        logs: logs.map(({ context: _context, ...log }) => log),
      }
    },

    /**
     * Deletes the given results (unknown ids are skipped), or every result created until now, a chunk per statement
     * so that chat turns get the database between chunks. Their files go too.
     */
    async delete(user: User, botId: string, which: { ids: string[] } | { all: true }) {
      const { bot } = await access.bot(user, botId, 'write')
      let deleted = 0
      if ('ids' in which) {
        for (let i = 0; i < which.ids.length; i += CHUNK) {
          const ids = await store.resultsTable.existingIds(bot.id, which.ids.slice(i, i + CHUNK))
          deleted += await store.resultsTable.deleteResults(bot.id, ids)
          for (const id of ids) await files.deleteOwned(bot.workspaceId, bot.id, id)
        }
        return { deleted }
      }
      const until = new Date().toISOString()
      for (;;) {
        const ids = await store.resultsTable.idsUntil(bot.id, until, CHUNK)
        if (!ids.length) break
        deleted += await store.resultsTable.deleteResults(bot.id, ids)
        await yieldToOthers()
      }
      await files.deleteOwned(bot.workspaceId, bot.id)
      return { deleted }
    },

    /**
     * The listed results of the window as CSV or JSON text, produced a page at a time as the reader takes it (the
     * access check is done before the first chunk). Same columns and labels as the table.
     */
    async export(user: User, botId: string, query: WindowQuery & { format: 'csv' | 'json'; sessionColumn?: boolean }) {
      const { bot } = await access.bot(user, botId, 'read')
      const window = windowOf(query)
      // The session column, hidden in the table until chosen, is exported only when asked for.
      const columns = (await columnsOf(bot)).filter((c) => c.kind !== 'session' || query.sessionColumn)
      const routing = cellRouting(columns)
      const name = `${bot.doc.name || 'Bot'} results.${query.format}`
      async function* csv() {
        // The byte-order mark makes spreadsheets read the file as UTF-8.
        yield `\uFEFF${csvLine(columns.map((c) => c.label))}`
        for await (const rows of allRows(bot.id, window)) {
          let chunk = ''
          for (const row of rows) {
            const cells = cellsOf(row, routing)
            chunk += csvLine(columns.map((c) => cells[c.id] ?? ''))
          }
          if (chunk) yield chunk
        }
      }
      async function* json() {
        let first = true
        yield '['
        for await (const rows of allRows(bot.id, window)) {
          let chunk = ''
          for (const row of rows) {
            const cells = cellsOf(row, routing)
            const record = Object.fromEntries(columns.map((c) => [c.label, cells[c.id] ?? null]))
            chunk += `${first ? '' : ','}\n${JSON.stringify(record)}`
            first = false
          }
          if (chunk) yield chunk
        }
        yield '\n]\n'
      }
      return {
        fileName: name,
        contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        chunks: query.format === 'csv' ? csv() : json(),
      }
    },

    /**
     * Views (results created), starts (results with an answer), completions, and per input block how many results
     * reached it (answered it, or stopped there) and how many stopped there: their chat waits on it.
     */
    async analytics(user: User, botId: string, query: WindowQuery) {
      const { bot } = await access.bot(user, botId, 'read')
      const window = windowOf(query)
      const [columns, counts, blockCounts] = await Promise.all([
        columnsOf(bot),
        store.resultsTable.counts(bot.id, window),
        store.resultsTable.blockCounts(bot.id, window),
      ])
      return {
        ...counts,
        startRate: rate(counts.starts, counts.views),
        completionRate: rate(counts.completed, counts.views),
        blocks: columns.flatMap((c) => {
          if (c.kind !== 'block') return []
          const answered = blockCounts.answered.get(c.blockId) ?? 0
          const droppedOff = blockCounts.waiting.get(c.blockId) ?? 0
          const reached = answered + droppedOff
          return [{ blockId: c.blockId, groupId: c.groupId, label: c.label, reached, answered, droppedOff, dropOffRate: rate(droppedOff, reached) }]
        }),
      }
    },
  }
}

export type ResultsTableApp = ReturnType<typeof createResultsTable>
