// The SQL of the chat hot path (read a session, store a turn), written out rather than built with Kysely's query
// builder: building and compiling a query costs more than SQLite takes to run it, and these statements run on
// every reply. They go through Kysely's connection (and transaction) all the same, as compiled queries.
//
// On PostgreSQL the common turn (an existing session advanced, its result updated, answers and logs added) is a
// single statement of data-modifying CTEs: one round trip and its own transaction, where a transaction of
// separate statements needs one round trip each.
import { CompiledQuery } from 'kysely'
import type { DialectAdapter } from './dialect/adapter.js'
import type { AnswerRow, LogRow, ResultUpdate, TurnWrite } from './types.js'

type Dialect = DialectAdapter['name']

/** `?` placeholders become `$1…$n` on PostgreSQL (none of these statements has a `?` anywhere else). */
const placeholders = new Map<string, string>()
const numbered = (text: string) => {
  let out = placeholders.get(text)
  if (out === undefined) {
    let n = 0
    out = text.replace(/\?/g, () => `$${++n}`)
    // Texts vary with the numbers of answers and logs of a turn: only the first few hundred shapes are kept.
    if (placeholders.size < 500) placeholders.set(text, out)
  }
  return out
}

export const query = (dialect: Dialect, text: string, parameters: unknown[]): CompiledQuery =>
  CompiledQuery.raw(dialect === 'postgres' ? numbered(text) : text, parameters)

/** `(?, ?, ?), (?, ?, ?)` for `rows` rows of `columns` values. */
const tuples = (rows: number, columns: number) => {
  const one = `(${Array(columns).fill('?').join(', ')})`
  return Array(rows).fill(one).join(', ')
}

export const SELECT_SESSION = 'select "state", "revision", "updatedAt" from "chatSessions" where "id" = ?'
const UPDATE_SESSION = 'update "chatSessions" set "state" = ?, "revision" = ?, "updatedAt" = ? where "id" = ? and "revision" = ?'
const DELETE_SESSION = 'delete from "chatSessions" where "id" = ? and "revision" = ?'
export const DELETE_SESSION_ANY = 'delete from "chatSessions" where "id" = ?'
export const INSERT_SESSION = 'insert into "chatSessions" ("id", "revision", "state", "createdAt", "updatedAt") values (?, 1, ?, ?, ?)'
export const INSERT_RESULT =
  'insert into "results" ("id", "botId", "createdAt", "variables", "isCompleted", "hasStarted", "isArchived", "lastChatSessionId") ' +
  "values (?, ?, ?, '[]', 0, 0, 0, ?) on conflict (\"id\") do nothing"
// Flags only ever go from false to true: a later turn never un-completes a result.
const RESULT_SET =
  'set "variables" = ?, "hasStarted" = case when ? = 1 then 1 else "hasStarted" end, ' +
  '"isCompleted" = case when ? = 1 then 1 else "isCompleted" end, "lastChatSessionId" = ?'
export const UPDATE_RESULT = `update "results" ${RESULT_SET} where "id" = ?`
const ANSWER_COLUMNS = '("resultId", "blockId", "content", "attachedFileUrls", "createdAt")'
const LOG_COLUMNS = '("resultId", "status", "description", "details", "context", "createdAt")'

/** The revision-checked write of an existing session: its update, or its deletion when the chat is over. */
export const advanceSession = (session: { id: string; revision: number }, state: string | null, now: string): [string, unknown[]] =>
  state === null ? [DELETE_SESSION, [session.id, session.revision]] : [UPDATE_SESSION, [state, session.revision + 1, now, session.id, session.revision]]

export const resultParameters = (r: ResultUpdate, sessionId: string) => [
  JSON.stringify(r.variables),
  r.hasStarted ? 1 : 0,
  r.isCompleted ? 1 : 0,
  sessionId,
]
const answerValues = (answers: AnswerRow[], now: string) =>
  answers.flatMap((a) => [a.resultId, a.blockId, a.content, a.attachedFileUrls ? JSON.stringify(a.attachedFileUrls) : null, now])
const logValues = (logs: LogRow[], now: string) => logs.flatMap((l) => [l.resultId, l.status, l.description, l.details ?? null, l.context ?? null, now])

export const insertAnswers = (dialect: Dialect, answers: AnswerRow[], now: string) =>
  query(dialect, `insert into "answers" ${ANSWER_COLUMNS} values ${tuples(answers.length, 5)}`, answerValues(answers, now))

export const insertLogs = (dialect: Dialect, logs: LogRow[], now: string) =>
  query(dialect, `insert into "logs" ${LOG_COLUMNS} values ${tuples(logs.length, 6)}`, logValues(logs, now))

/**
 * The whole of an `update` turn as one PostgreSQL statement, or undefined for other turns (new sessions and
 * results are written in a transaction). Every part is conditioned on the session's revision still matching, so
 * a concurrent turn changes nothing; the statement answers how many sessions it advanced (0 = conflict).
 */
export const pgTurnStatement = (write: TurnWrite, now: string): CompiledQuery<{ advanced: number | string }> | undefined => {
  const { session } = write
  if (session.kind !== 'update' || write.newResults.length) return undefined
  if (new Set(write.results.map((r) => r.resultId)).size !== write.results.length) return undefined
  const parts: string[] = []
  const parameters: unknown[] = []
  const [sessionSql, sessionParameters] = advanceSession(session, write.state, now)
  parts.push(`s as (${sessionSql} returning 1)`)
  parameters.push(...sessionParameters)
  write.results.forEach((r, i) => {
    parts.push(`r${i} as (update "results" ${RESULT_SET} where "id" = ? and exists (select 1 from s))`)
    parameters.push(...resultParameters(r, session.id), r.resultId)
  })
  // Values of a VALUES list are text unless cast; every column written here is text.
  if (write.answers.length) {
    parts.push(`a as (insert into "answers" ${ANSWER_COLUMNS} select * from (values ${tuples(write.answers.length, 5)}) v where exists (select 1 from s))`)
    parameters.push(...answerValues(write.answers, now))
  }
  if (write.logs.length) {
    parts.push(`l as (insert into "logs" ${LOG_COLUMNS} select * from (values ${tuples(write.logs.length, 6)}) v where exists (select 1 from s))`)
    parameters.push(...logValues(write.logs, now))
  }
  return query('postgres', `with ${parts.join(', ')} select count(*) as "advanced" from s`, parameters) as CompiledQuery<{ advanced: number | string }>
}
