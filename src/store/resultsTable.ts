// Reads behind the results table, its export and the analytics, and bulk deletes. Nothing here runs in a chat turn.
import { type Kysely, sql } from 'kysely'
import type { DialectAdapter } from './dialect/adapter.js'
import type { Database } from './tables.js'

/** [from, to) on the results' creation time; either bound may be absent. */
export type TimeWindow = { from?: string; to?: string }

/** Where an export page ends: the next page starts after this row (newest first). */
export type ExportMark = { createdAt: string; seq: number }

export type TableAnswer = { blockId: string; content: string; attachedFileUrls: string[]; createdAt: string }
export type TableRow = {
  id: string
  createdAt: string
  isCompleted: boolean
  hasStarted: boolean
  lastChatSessionId: string | null
  variables: { id: string; name: string; value: unknown }[]
  answers: TableAnswer[]
}

const toAnswer = (a: { blockId: string; content: string; attachedFileUrls: string | null; createdAt: string }): TableAnswer => ({
  blockId: a.blockId,
  content: a.content,
  attachedFileUrls: a.attachedFileUrls ? JSON.parse(a.attachedFileUrls) : [],
  createdAt: a.createdAt,
})

export const resultsTable = (db: Kysely<Database>, adapter: DialectAdapter) => {
  const inWindow = <Q extends { where: (...args: any[]) => Q }>(query: Q, window: TimeWindow): Q => {
    let q = query
    if (window.from) q = q.where('results.createdAt', '>=', window.from)
    if (window.to) q = q.where('results.createdAt', '<', window.to)
    return q
  }

  const answersOf = async (ids: string[]): Promise<Map<string, TableAnswer[]>> => {
    const byResult = new Map<string, TableAnswer[]>()
    if (!ids.length) return byResult
    const rows = await db
      .selectFrom('answers')
      .select(['resultId', 'blockId', 'content', 'attachedFileUrls', 'createdAt'])
      .where('resultId', 'in', ids)
      .orderBy('id')
      .execute()
    for (const row of rows) {
      const list = byResult.get(row.resultId)
      if (list) list.push(toAnswer(row))
      else byResult.set(row.resultId, [toAnswer(row)])
    }
    return byResult
  }

  return {
    /**
     * Listed results (started, not archived), newest first, `limit` at a time after `after`: a true keyset on
     * (createdAt, seq) served by the listing index, so the millionth row costs what the first does.
     */
    async exportPage(botId: string, window: TimeWindow, limit: number, after?: ExportMark): Promise<{ rows: TableRow[]; last?: ExportMark }> {
      let query = db
        .selectFrom('results')
        .select(['id', 'seq', 'createdAt', 'isCompleted', 'hasStarted', 'lastChatSessionId', 'variables'])
        .where('botId', '=', botId)
        .where('hasStarted', '=', 1)
        .where('isArchived', '=', 0)
      query = inWindow(query, window)
      if (after)
        query = query.where((eb) =>
          eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('seq', '<', after.seq)])]),
        )
      const rows = await query.orderBy('createdAt', 'desc').orderBy('seq', 'desc').limit(limit).execute()
      const answers = await answersOf(rows.map((r) => r.id))
      const last = rows.at(-1)
      return {
        rows: rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt,
          isCompleted: r.isCompleted === 1,
          hasStarted: r.hasStarted === 1,
          lastChatSessionId: r.lastChatSessionId,
          variables: JSON.parse(r.variables),
          answers: answers.get(r.id) ?? [],
        })),
        ...(last && { last: { createdAt: last.createdAt, seq: Number(last.seq) } }),
      }
    },

    /** A result's answers in the order they were given, with their time. */
    async answers(resultId: string): Promise<TableAnswer[]> {
      return (await answersOf([resultId])).get(resultId) ?? []
    },

    /** Which of `ids` are results of the bot. */
    async existingIds(botId: string, ids: string[]): Promise<string[]> {
      if (!ids.length) return []
      const rows = await db.selectFrom('results').select('id').where('botId', '=', botId).where('id', 'in', ids).execute()
      return rows.map((r) => r.id)
    },

    /** Up to `limit` ids of the bot's results created up to `until` (a chunk of a "delete all"). */
    async idsUntil(botId: string, until: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('results').select('id').where('botId', '=', botId).where('createdAt', '<=', until).limit(limit).execute()
      return rows.map((r) => r.id)
    },

    /** Deletes results of the bot (answers and logs go with them); answers how many. */
    async deleteResults(botId: string, ids: string[]): Promise<number> {
      if (!ids.length) return 0
      const res = await db.deleteFrom('results').where('botId', '=', botId).where('id', 'in', ids).executeTakeFirst()
      return Number(res.numDeletedRows)
    },

    /** Results created in the window (views), those with an answer (starts) and those that reached an end. */
    async counts(botId: string, window: TimeWindow): Promise<{ views: number; starts: number; completed: number }> {
      const row = await inWindow(db.selectFrom('results').where('botId', '=', botId), window)
        .select((eb) => [
          eb.fn.countAll<number>().as('views'),
          eb.fn.sum<number>('hasStarted').as('starts'),
          eb.fn.sum<number>('isCompleted').as('completed'),
        ])
        .executeTakeFirst()
      return { views: Number(row?.views ?? 0), starts: Number(row?.starts ?? 0), completed: Number(row?.completed ?? 0) }
    },

    /**
     * Per block, how many results (created in the window) answered it, and how many unfinished ones stopped there:
     * their chat session, still stored, waits on that block. A result counts once per block however often it
     * answered it.
     */
    async blockCounts(botId: string, window: TimeWindow): Promise<{ answered: Map<string, number>; waiting: Map<string, number> }> {
      const answeredRows = await inWindow(
        db.selectFrom('answers').innerJoin('results', 'results.id', 'answers.resultId').where('results.botId', '=', botId),
        window,
      )
        .select((eb) => ['answers.blockId as blockId', eb.fn.count<number>('answers.resultId').distinct().as('n')])
        .groupBy('answers.blockId')
        .execute()
      const waitingBlock = adapter.jsonText(sql.ref('chatSessions.state'), ['waiting', 'blockId'])
      const waitingRows = await inWindow(
        db
          .selectFrom('results')
          .innerJoin('chatSessions', 'chatSessions.id', 'results.lastChatSessionId')
          .where('results.botId', '=', botId)
          .where('results.isCompleted', '=', 0),
        window,
      )
        .select((eb) => [waitingBlock.as('blockId'), eb.fn.countAll<number>().as('n')])
        .groupBy(waitingBlock)
        .execute()
      const toMap = (rows: { blockId: string | null; n: number | string }[]) =>
        new Map(rows.filter((r) => r.blockId !== null).map((r) => [r.blockId as string, Number(r.n)]))
      return { answered: toMap(answeredRows), waiting: toMap(waitingRows) }
    },
  }
}
