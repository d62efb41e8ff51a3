// Chat sessions, results, answers and logs. A chat turn is one read (the session) and one write transaction.
import type { Kysely, Transaction } from 'kysely'
import type { DialectAdapter } from './dialect/adapter.js'
import type { Database } from './tables.js'
import {
  advanceSession,
  bind,
  type Bound,
  DELETE_SESSION_ANY,
  INSERT_RESULT,
  INSERT_SESSION,
  insertAnswers,
  insertLogs,
  insertWebhookEvents,
  REPLACE_SESSION,
  SELECT_LAST_REPLY,
  SELECT_SESSION,
  SELECT_SESSIONS,
  updateResult,
} from './turnSql.js'
import type { LogRow, TurnWrite } from './types.js'

export type { AnswerRow, LogRow, ResultUpdate, SessionWrite, TurnWrite } from './types.js'

export type StoredLog = { status: string; description: string; details?: string; context?: string; createdAt: string }

export type Result = {
  id: string
  createdAt: string
  botId: string
  variables: { id: string; name: string; value: unknown; isSessionVariable?: boolean }[]
  isCompleted: boolean
  hasStarted: boolean
  isArchived: boolean
  lastChatSessionId: string | null
  answers: { blockId: string; content: string; attachedFileUrls: string[] }[]
}

/** What finds a result's chat: its id, bot and the session that wrote it last. */
export type ResultRef = { id: string; botId: string; lastChatSessionId: string | null }

export class SessionConflictError extends Error {
  constructor() {
    super('This chat session was advanced by another request at the same time.')
  }
}

/** Writes one turn inside a transaction; a concurrent turn on the same session raises SessionConflictError. */
const writeTurn = async (trx: Transaction<Database>, adapter: DialectAdapter, write: TurnWrite, now: string) => {
  const { session } = write
  const run = ([text, parameters]: Bound) => trx.executeQuery(adapter.raw(text, parameters))
  if (session.kind === 'update') {
    // First, so that a turn that lost the race has written nothing (the batch below relies on it).
    const res = await run(advanceSession(session, write.state, now))
    if (Number(res.numAffectedRows ?? 0) === 0) throw new SessionConflictError()
  } else {
    const row = { id: session.id, state: write.state ?? '', createdAt: now, updatedAt: now }
    if (session.kind === 'replace') await run(write.state === null ? bind(DELETE_SESSION_ANY, { id: session.id }) : bind(REPLACE_SESSION, row))
    else if (write.state !== null) await run(bind(INSERT_SESSION, { ...row, isPreview: session.isPreview ? 1 : 0 }))
  }
  for (const r of write.newResults)
    await run(bind(INSERT_RESULT, { id: r.id, botId: r.botId, createdAt: now, sessionId: session.id, clientKeyHash: r.clientKeyHash ?? null }))
  for (const r of write.results) await run(updateResult(r, session.id))
  if (write.answers.length) await run(insertAnswers(write.answers, now))
  if (write.logs.length) await run(insertLogs(write.logs, now))
  if (write.events?.length) await run(insertWebhookEvents(write.events, now))
}

type QueuedTurn = { write: TurnWrite; resolve: () => void; reject: (err: unknown) => void }
type SessionRow = { state: string; revision: number; updatedAt: string }
type Reader = { resolve: (row: SessionRow | undefined) => void; reject: (err: unknown) => void }

/** The most turns one PostgreSQL statement stores (its arrays grow with them; a batch is usually far smaller). */
const MAX_STATEMENT_BATCH = 100

/** `onGroupCommit` gets the number of turns each group-commit transaction wrote (metrics). */
export const chats = (db: Kysely<Database>, adapter: DialectAdapter, onGroupCommit?: (turns: number) => void) => {
  const queue: QueuedTurn[] = []
  let flushing = false

  /**
   * Stores a batch in one transaction. A turn that lost a race fails before writing anything, so it needs no
   * rollback of its own; any other failure rolls the batch back and its turns are retried one transaction each,
   * so that only the faulty turn fails.
   */
  const writeBatch = async (batch: QueuedTurn[]) => {
    const now = new Date().toISOString()
    const conflicts = new Set<QueuedTurn>()
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) {
          try {
            await writeTurn(trx, adapter, item.write, now)
          } catch (err) {
            if (!(err instanceof SessionConflictError) || batch.length === 1) throw err
            conflicts.add(item)
          }
        }
      })
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err)
      for (const item of batch) await writeBatch([item])
      return
    }
    for (const item of batch) {
      if (conflicts.has(item)) item.reject(new SessionConflictError())
      else item.resolve()
    }
  }

  const flush = async () => {
    flushing = true
    // Let the requests already read in this event-loop round queue their turns before the transaction starts.
    // This is also what makes concurrent replies conflict on SQLite (whose driver answers synchronously, so a
    // turn would otherwise run in one event-loop task): they read the same revision, and all but one get a 409.
    await new Promise((resolve) => setImmediate(resolve))
    try {
      const batch = queue.splice(0)
      onGroupCommit?.(batch.length)
      await writeBatch(batch)
    } finally {
      flushing = false
      if (queue.length) void flush()
    }
  }

  // PostgreSQL's common turns (adapter.inOneStatement): the turns that arrive together are stored by one statement
  // (one round trip, one commit) while the one before is under way, as the transaction above does on SQLite.
  const pending: QueuedTurn[] = []
  let storing = false

  /** The next batch: pending turns in order, at most one per session and per result (the statement needs it). */
  const takeBatch = (): QueuedTurn[] => {
    const batch: QueuedTurn[] = []
    const sessions = new Set<string>()
    const results = new Set<string>()
    for (let k = 0; k < pending.length && batch.length < MAX_STATEMENT_BATCH; ) {
      const item = pending[k]
      const { session, results: updates } = item.write
      const waits = sessions.has(session.id) || updates.some((r) => results.has(r.resultId))
      // A turn that waits keeps its session and results too: no later turn on them may overtake it.
      sessions.add(session.id)
      for (const r of updates) results.add(r.resultId)
      if (waits) {
        k++
        continue
      }
      batch.push(item)
      pending.splice(k, 1)
    }
    return batch
  }

  /** A failed statement wrote nothing: its turns are stored again one statement each, so only the faulty one fails. */
  const storeStatement = async (batch: QueuedTurn[]): Promise<void> => {
    try {
      const { rows } = await db.executeQuery(
        adapter.turnsStatement(
          batch.map((item) => item.write),
          new Date().toISOString(),
        ),
      )
      const advanced = new Set(rows.map((row) => Number(row.i)))
      batch.forEach((item, i) => (advanced.has(i) ? item.resolve() : item.reject(new SessionConflictError())))
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err)
      await Promise.all(batch.map((item) => storeStatement([item])))
    }
  }

  const storePending = async () => {
    storing = true
    // As flush() above: the turns of this event-loop round join the first statement.
    await new Promise((resolve) => setImmediate(resolve))
    try {
      while (pending.length) {
        const batch = takeBatch()
        onGroupCommit?.(batch.length)
        await storeStatement(batch)
      }
    } finally {
      storing = false
    }
  }

  // PostgreSQL: the sessions asked for in one event-loop round are read by one statement.
  let reading: Map<string, Reader[]> | undefined
  const readTogether = async (waiting: Map<string, Reader[]>) => {
    try {
      const { rows } = await db.executeQuery<SessionRow & { id: string }>(adapter.raw(...bind(SELECT_SESSIONS, { ids: [...waiting.keys()] })))
      const byId = new Map(rows.map(({ id, ...row }) => [id, row]))
      for (const [id, readers] of waiting) for (const r of readers) r.resolve(byId.get(id))
    } catch (err) {
      for (const readers of waiting.values()) for (const r of readers) r.reject(err)
    }
  }

  return {
    async session(id: string): Promise<SessionRow | undefined> {
      if (!adapter.batchesReads) {
        const { rows } = await db.executeQuery<SessionRow>(adapter.raw(...bind(SELECT_SESSION, { id })))
        return rows[0]
      }
      return new Promise((resolve, reject) => {
        if (!reading) {
          const waiting = new Map<string, Reader[]>()
          reading = waiting
          setImmediate(() => {
            reading = undefined
            void readTogether(waiting)
          })
        }
        const readers = reading.get(id)
        if (readers) readers.push({ resolve, reject })
        else reading.set(id, [{ resolve, reject }])
      })
    },

    /**
     * The answer stored with the session's `revision` if the turn that made it answered the reply of that digest
     * (see ChatSessionsTable.lastReply); undefined otherwise. Read only after a turn lost the revision check.
     */
    async storedAnswer(id: string, revision: number, digest: string): Promise<string | undefined> {
      const { rows } = await db.executeQuery<{ revision: number; lastReply: string | null; lastAnswer: string | null }>(
        adapter.raw(...bind(SELECT_LAST_REPLY, { id })),
      )
      const row = rows[0]
      return row && Number(row.revision) === revision && row.lastReply === digest && row.lastAnswer !== null ? row.lastAnswer : undefined
    },

    /** Replaces a session's state if nobody advanced it since it was read (false otherwise). */
    async updateSessionState(id: string, revision: number, state: string): Promise<boolean> {
      const res = await db.executeQuery(adapter.raw(...advanceSession({ id, revision }, state, new Date().toISOString())))
      return Number(res.numAffectedRows ?? 0) > 0
    },

    /**
     * Stores a turn atomically; a concurrent turn on the same session makes it fail with SessionConflictError.
     * Turns that arrive while a write is under way are stored together in the next transaction (group commit): one
     * durable commit (one fsync) serves many chats under load. On PostgreSQL the common turns that arrive together
     * are one statement (adapter.turnsStatement), the others a transaction as on SQLite.
     */
    async commitTurn(write: TurnWrite): Promise<void> {
      return new Promise((resolve, reject) => {
        if (adapter.inOneStatement(write)) {
          pending.push({ write, resolve, reject })
          if (!storing) void storePending()
        } else {
          queue.push({ write, resolve, reject })
          if (!flushing) void flush()
        }
      })
    },

    /** A result of a bot with its variables and answers. */
    async result(botId: string, resultId: string): Promise<Result | undefined> {
      const row = await db.selectFrom('results').selectAll().where('id', '=', resultId).where('botId', '=', botId).executeTakeFirst()
      if (!row) return undefined
      const answers = await db.selectFrom('answers').selectAll().where('resultId', '=', resultId).orderBy('id').execute()
      return toResult(row, answers)
    },

    /** The logs stored on a result, oldest first. */
    async resultLogs(resultId: string): Promise<StoredLog[]> {
      const rows = await db
        .selectFrom('logs')
        .select(['status', 'description', 'details', 'context', 'createdAt'])
        .where('resultId', '=', resultId)
        .orderBy('id')
        .execute()
      return rows.map(({ details, context, ...log }) => ({ ...log, ...(details !== null && { details }), ...(context !== null && { context }) }))
    },

    /** The result a chat session wrote last, found even after the session has ended. */
    async resultOfSession(sessionId: string): Promise<string | undefined> {
      const row = await db.selectFrom('results').select('id').where('lastChatSessionId', '=', sessionId).orderBy('seq', 'desc').executeTakeFirst()
      return row?.id
    },

    async addLogs(logs: LogRow[]): Promise<void> {
      if (logs.length) await db.executeQuery(adapter.raw(...insertLogs(logs, new Date().toISOString())))
    },

    /** How many logs a result has (client logs are capped per result). */
    async countLogs(resultId: string): Promise<number> {
      const row = await db
        .selectFrom('logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resultId', '=', resultId)
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },

    /** Deletes a result of a bot with its answers and logs (a chat still on it fails its next turn); false: no such result. */
    async deleteResult(botId: string, resultId: string): Promise<boolean> {
      const res = await db.deleteFrom('results').where('id', '=', resultId).where('botId', '=', botId).executeTakeFirst()
      return Number(res.numDeletedRows) > 0
    },

    /**
     * A result's id, bot and last session, by its id or by the hash of its client key (unique across bots: see
     * ResultsTable.clientKeyHash); `botId` limits the search to one bot's results.
     */
    async resultRef(by: { id: string } | { clientKeyHash: string }, botId?: string): Promise<ResultRef | undefined> {
      let query = db.selectFrom('results').select(['id', 'botId', 'lastChatSessionId'])
      query = 'id' in by ? query.where('id', '=', by.id) : query.where('clientKeyHash', '=', by.clientKeyHash)
      if (botId !== undefined) query = query.where('botId', '=', botId)
      return query.executeTakeFirst()
    },

    /** A result of a bot found by the hash of its client key (see ResultsTable.clientKeyHash). */
    async resultByKey(botId: string, clientKeyHash: string): Promise<Result | undefined> {
      const row = await db.selectFrom('results').selectAll().where('clientKeyHash', '=', clientKeyHash).where('botId', '=', botId).executeTakeFirst()
      if (!row) return undefined
      const answers = await db.selectFrom('answers').selectAll().where('resultId', '=', row.id).orderBy('id').execute()
      return toResult(row, answers)
    },

    /**
     * Results that have started, newest first, by keyset pages. The cursor is this bot's own: the creation time (ms) of
     * the first result of the next page × 1000 + how many results of that same millisecond came before it, so it
     * reveals nothing about other bots (the row sequence it replaces counted every workspace's results).
     */
    async listResults(
      botId: string,
      page: { limit: number; cursor?: number; from?: string; to?: string },
    ): Promise<{ results: Result[]; nextCursor?: number }> {
      let query = db.selectFrom('results').selectAll().where('botId', '=', botId).where('hasStarted', '=', 1).where('isArchived', '=', 0)
      if (page.from) query = query.where('createdAt', '>=', page.from)
      if (page.to) query = query.where('createdAt', '<', page.to)
      const at = page.cursor === undefined ? undefined : { time: new Date(Math.floor(page.cursor / 1000)).toISOString(), skip: page.cursor % 1000 }
      // Rows of the cursor's millisecond come first (newest first), and the first `skip` of them were on earlier pages.
      if (at) query = query.where('createdAt', '<=', at.time)
      const rows = await query
        .orderBy('createdAt', 'desc')
        .orderBy('seq', 'desc')
        .limit(page.limit + 1)
        .$if(!!at, (q) => q.offset(at!.skip))
        .execute()
      const next = rows.length > page.limit ? rows.pop() : undefined
      const ids = rows.map((r) => r.id)
      const answers = ids.length ? await db.selectFrom('answers').selectAll().where('resultId', 'in', ids).orderBy('id').execute() : []
      const byResult = new Map<string, typeof answers>()
      for (const a of answers) byResult.set(a.resultId, [...(byResult.get(a.resultId) ?? []), a])
      const nextCursor =
        next && cursorOf(next.createdAt, rows.filter((r) => r.createdAt === next.createdAt).length + (at?.time === next.createdAt ? at.skip : 0))
      return { results: rows.map((r) => toResult(r, byResult.get(r.id) ?? [])), ...(nextCursor !== undefined && { nextCursor }) }
    },
  }
}

/** A page cursor: the time (ms) of its first row × 1000 + the rows of that millisecond already listed. */
const cursorOf = (createdAt: string, before: number) => Date.parse(createdAt) * 1000 + Math.min(before, 999)

const toResult = (row: any, answers: any[]): Result => ({
  id: row.id,
  createdAt: row.createdAt,
  botId: row.botId,
  variables: JSON.parse(row.variables),
  isCompleted: row.isCompleted === 1,
  hasStarted: row.hasStarted === 1,
  isArchived: row.isArchived === 1,
  lastChatSessionId: row.lastChatSessionId,
  answers: answers.map((a) => ({
    blockId: a.blockId,
    content: a.content,
    attachedFileUrls: a.attachedFileUrls ? JSON.parse(a.attachedFileUrls) : [],
  })),
})
