// Chat sessions, results, answers and logs. A chat turn is one read (the session) and one write transaction.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from './tables.js'

export type AnswerRow = { resultId: string; blockId: string; content: string; attachedFileUrls?: string[] }
export type ResultUpdate = {
  resultId: string
  hasStarted: boolean
  isCompleted: boolean
  variables: { id: string; name: string; value: unknown }[]
}
export type LogRow = { resultId: string; status: string; description: string; details?: string; context?: string }

export type SessionWrite =
  | { kind: 'create'; id: string }
  /** Replaces a session of that id if one exists (preview `sessionId`). */
  | { kind: 'replace'; id: string }
  | { kind: 'update'; id: string; revision: number }

export type TurnWrite = {
  session: SessionWrite
  /** The new state, or null when the chat is over (the session is deleted). */
  state: string | null
  newResults: { id: string; botId: string }[]
  results: ResultUpdate[]
  answers: AnswerRow[]
  logs: LogRow[]
}

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

export class SessionConflictError extends Error {
  constructor() {
    super('This chat session was advanced by another request at the same time.')
  }
}

/** Writes one turn inside a transaction; a concurrent turn on the same session raises SessionConflictError. */
const writeTurn = async (trx: Transaction<Database>, write: TurnWrite, now: string) => {
  const { session } = write
  if (session.kind === 'update') {
    const res =
      write.state === null
        ? await trx.deleteFrom('chatSessions').where('id', '=', session.id).where('revision', '=', session.revision).executeTakeFirst()
        : await trx
            .updateTable('chatSessions')
            .set({ state: write.state, revision: session.revision + 1, updatedAt: now })
            .where('id', '=', session.id)
            .where('revision', '=', session.revision)
            .executeTakeFirst()
    const changed = 'numDeletedRows' in res ? res.numDeletedRows : res.numUpdatedRows
    if (Number(changed) === 0) throw new SessionConflictError()
  } else {
    if (session.kind === 'replace') await trx.deleteFrom('chatSessions').where('id', '=', session.id).execute()
    if (write.state !== null) {
      await trx.insertInto('chatSessions').values({ id: session.id, revision: 1, state: write.state, createdAt: now, updatedAt: now }).execute()
    }
  }
  for (const r of write.newResults) {
    await trx
      .insertInto('results')
      .values({ id: r.id, botId: r.botId, createdAt: now, variables: '[]', isCompleted: 0, hasStarted: 0, isArchived: 0, lastChatSessionId: session.id })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
  }
  for (const r of write.results) {
    // Flags only ever go from false to true: a later turn never un-completes a result.
    await trx
      .updateTable('results')
      .set({
        variables: JSON.stringify(r.variables),
        hasStarted: r.hasStarted ? 1 : sql<0 | 1>`"hasStarted"`,
        isCompleted: r.isCompleted ? 1 : sql<0 | 1>`"isCompleted"`,
        lastChatSessionId: session.id,
      })
      .where('id', '=', r.resultId)
      .execute()
  }
  if (write.answers.length) {
    await trx
      .insertInto('answers')
      .values(write.answers.map((a) => ({ resultId: a.resultId, blockId: a.blockId, content: a.content, attachedFileUrls: a.attachedFileUrls ? JSON.stringify(a.attachedFileUrls) : null, createdAt: now })))
      .execute()
  }
  if (write.logs.length) {
    await trx
      .insertInto('logs')
      .values(write.logs.map((l) => ({ resultId: l.resultId, status: l.status, description: l.description, details: l.details ?? null, context: l.context ?? null, createdAt: now })))
      .execute()
  }
}

type QueuedTurn = { write: TurnWrite; resolve: () => void; reject: (err: unknown) => void }

export const chats = (db: Kysely<Database>) => {
  const queue: QueuedTurn[] = []
  let flushing = false

  const flush = async () => {
    flushing = true
    // Let the requests already read in this event-loop round queue their turns before the transaction starts.
    // This is also what makes concurrent replies conflict on SQLite (whose driver answers synchronously, so a
    // turn would otherwise run in one event-loop task): they read the same revision, and all but one get a 409.
    await new Promise((resolve) => setImmediate(resolve))
    const batch = queue.splice(0)
    const failures = new Map<QueuedTurn, unknown>()
    try {
      const now = new Date().toISOString()
      await db.transaction().execute(async (trx) => {
        if (batch.length === 1) return writeTurn(trx, batch[0].write, now)
        for (const item of batch) {
          await sql`savepoint turn`.execute(trx)
          try {
            await writeTurn(trx, item.write, now)
          } catch (err) {
            failures.set(item, err)
            await sql`rollback to savepoint turn`.execute(trx)
          }
          await sql`release savepoint turn`.execute(trx)
        }
      })
      for (const item of batch) {
        const failure = failures.get(item)
        if (failures.has(item)) item.reject(failure)
        else item.resolve()
      }
    } catch (err) {
      for (const item of batch) item.reject(err)
    } finally {
      flushing = false
      if (queue.length) void flush()
    }
  }

  return {
  async session(id: string): Promise<{ state: string; revision: number; updatedAt: string } | undefined> {
    return db.selectFrom('chatSessions').select(['state', 'revision', 'updatedAt']).where('id', '=', id).executeTakeFirst()
  },

  /** Replaces a session's state if nobody advanced it since it was read (false otherwise). */
  async updateSessionState(id: string, revision: number, state: string): Promise<boolean> {
    const res = await db
      .updateTable('chatSessions')
      .set({ state, revision: revision + 1, updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .where('revision', '=', revision)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) > 0
  },

  /**
   * Stores a turn atomically; a concurrent turn on the same session makes it fail with SessionConflictError.
   * Turns that arrive while a write is under way are stored together in the next transaction (group commit),
   * each inside its own savepoint: one durable commit (one fsync) serves many chats under load, and a turn that
   * fails is rolled back alone.
   */
  commitTurn: (write: TurnWrite): Promise<void> =>
    new Promise((resolve, reject) => {
      queue.push({ write, resolve, reject })
      if (!flushing) void flush()
    }),

  /** A result of a bot with its variables and answers. */
  async result(botId: string, resultId: string): Promise<Result | undefined> {
    const row = await db.selectFrom('results').selectAll().where('id', '=', resultId).where('botId', '=', botId).executeTakeFirst()
    if (!row) return undefined
    const answers = await db.selectFrom('answers').selectAll().where('resultId', '=', resultId).orderBy('id').execute()
    return toResult(row, answers)
  },

  /** Results that have started, newest first, by keyset pages: `cursor` is the `seq` of the first row of the page. */
  async listResults(botId: string, page: { limit: number; cursor?: number; from?: string; to?: string }): Promise<{ results: Result[]; nextCursor?: number }> {
    let query = db
      .selectFrom('results')
      .selectAll()
      .where('botId', '=', botId)
      .where('hasStarted', '=', 1)
      .where('isArchived', '=', 0)
    if (page.from) query = query.where('createdAt', '>=', page.from)
    if (page.to) query = query.where('createdAt', '<', page.to)
    if (page.cursor !== undefined) {
      query = query.where(
        sql<boolean>`("createdAt", "seq") <= (select "createdAt", "seq" from "results" where "seq" = ${page.cursor})`,
      )
    }
    const rows = await query.orderBy('createdAt', 'desc').orderBy('seq', 'desc').limit(page.limit + 1).execute()
    const next = rows.length > page.limit ? rows.pop() : undefined
    const ids = rows.map((r) => r.id)
    const answers = ids.length ? await db.selectFrom('answers').selectAll().where('resultId', 'in', ids).orderBy('id').execute() : []
    const byResult = new Map<string, typeof answers>()
    for (const a of answers) byResult.set(a.resultId, [...(byResult.get(a.resultId) ?? []), a])
    return { results: rows.map((r) => toResult(r, byResult.get(r.id) ?? [])), ...(next && { nextCursor: Number(next.seq) }) }
  },
  }
}

const toResult = (row: any, answers: any[]): Result => ({
  id: row.id,
  createdAt: row.createdAt,
  botId: row.botId,
  variables: JSON.parse(row.variables),
  isCompleted: row.isCompleted === 1,
  hasStarted: row.hasStarted === 1,
  isArchived: row.isArchived === 1,
  lastChatSessionId: row.lastChatSessionId,
  answers: answers.map((a) => ({ blockId: a.blockId, content: a.content, attachedFileUrls: a.attachedFileUrls ? JSON.parse(a.attachedFileUrls) : [] })),
})
