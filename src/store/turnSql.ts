// The SQL of the chat hot path (read a session, store a turn), kept as plain texts rather than built with Kysely's
// query builder per reply: building and compiling a query costs more than SQLite takes to run it, and these
// statements run on every reply. Each text is built once, at load, with the query builder against the table types
// of tables.ts (a renamed column or a missing one fails tsc), with named parameters; a turn only fills in values.
// They run through Kysely's connection (and transaction) all the same, as compiled queries (adapter.raw).
import { DummyDriver, Kysely, sql, type Compilable, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import type { Database, Flag } from './tables.js'
import type { AnswerRow, LogRow, ResultUpdate, StoredReply, WebhookEventRow } from './types.js'

/** A statement's text and its parameters, ready for `adapter.raw`. */
export type Bound = [text: string, parameters: unknown[]]
/** A statement's text (`?` placeholders) and the names of its parameters in order. */
export type Statement<P> = { sql: string; names: (keyof P)[] }

// Never connected, it only compiles. SQLite's compiler writes `?` placeholders, which the PostgreSQL adapter
// numbers; both quote identifiers alike, so the texts serve both dialects.
const builder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})

const MARK = '\u0000param:'

/** Builds a statement once; `p` stands for its parameters (each a marker, mapped back to its name). */
const statement = <P extends Record<string, unknown>>(build: (db: Kysely<Database>, p: P) => Compilable): Statement<P> => {
  const p = new Proxy({}, { get: (_, name) => MARK + String(name) }) as P
  const { sql: text, parameters } = build(builder, p).compile()
  const names = parameters.map((v) => {
    if (typeof v !== 'string' || !v.startsWith(MARK)) throw new Error(`turnSql: a value of "${text}" is not a named parameter`)
    return v.slice(MARK.length) as keyof P
  })
  return { sql: text, names }
}

const values = <P>(s: Statement<P>, p: P): unknown[] => s.names.map((name) => p[name])
export const bind = <P>(s: Statement<P>, p: P): Bound => [s.sql, values(s, p)]

/** A one-row insert split for many rows: `head` is `insert into "t" ("a", "b")`, `width` the values per row. */
const rowInsert = <P>(s: Statement<P>) => {
  const one = ` values (${s.names.map(() => '?').join(', ')})`
  if (!s.sql.endsWith(one)) throw new Error(`turnSql: unexpected insert "${s.sql}"`)
  return { head: s.sql.slice(0, -one.length), width: s.names.length, row: (p: P) => values(s, p) }
}

/** `(?, ?, ?), (?, ?, ?)` for `rows` rows of `columns` values. */
export const tuples = (rows: number, columns: number) => {
  const one = `(${Array(columns).fill('?').join(', ')})`
  return Array(rows).fill(one).join(', ')
}

export const SELECT_SESSION = statement<{ id: string }>((db, p) =>
  db.selectFrom('chatSessions').select(['state', 'revision', 'updatedAt']).where('id', '=', p.id),
)
/** Many sessions in one read (`ids` an array: PostgreSQL's `= any(array)`). */
export const SELECT_SESSIONS = statement<{ ids: string[] }>((db, p) =>
  db.selectFrom('chatSessions').select(['id', 'state', 'revision', 'updatedAt']).where('id', '=', sql<string>`any(${p.ids})`),
)
const UPDATE_SESSION = statement<{
  state: string
  revision: number
  updatedAt: string
  lastReply: string | null
  lastAnswer: string | null
  id: string
  expected: number
}>((db, p) =>
  db
    .updateTable('chatSessions')
    .set({ state: p.state, revision: p.revision, updatedAt: p.updatedAt, lastReply: p.lastReply, lastAnswer: p.lastAnswer })
    .where('id', '=', p.id)
    .where('revision', '=', p.expected),
)
const DELETE_SESSION = statement<{ id: string; expected: number }>((db, p) =>
  db.deleteFrom('chatSessions').where('id', '=', p.id).where('revision', '=', p.expected),
)
export const DELETE_SESSION_ANY = statement<{ id: string }>((db, p) => db.deleteFrom('chatSessions').where('id', '=', p.id))
export const INSERT_SESSION = statement<{ id: string; state: string; createdAt: string; updatedAt: string; isPreview: Flag }>((db, p) =>
  db
    .insertInto('chatSessions')
    .values({ id: p.id, revision: sql.lit(1), state: p.state, createdAt: p.createdAt, updatedAt: p.updatedAt, isPreview: p.isPreview }),
)
/**
 * A preview (only previews choose their session id) restarted under the same session id: the row is replaced but its revision keeps counting up, so a late
 * turn of the chat it replaces (which expects the old revision) can never match the new one, nor get its last answer.
 */
export const REPLACE_SESSION = statement<{ id: string; state: string; createdAt: string; updatedAt: string }>((db, p) =>
  db
    .insertInto('chatSessions')
    .values({ id: p.id, revision: sql.lit(1), state: p.state, createdAt: p.createdAt, updatedAt: p.updatedAt, isPreview: sql.lit<Flag>(1) })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        revision: eb('chatSessions.revision', '+', sql.lit(1)),
        createdAt: eb.ref('excluded.createdAt'),
        updatedAt: eb.ref('excluded.updatedAt'),
        lastReply: sql.lit(null),
        lastAnswer: sql.lit(null),
      })),
    ),
)
export const INSERT_RESULT = statement<{ id: string; botId: string; createdAt: string; sessionId: string; clientKeyHash: string | null }>((db, p) =>
  db
    .insertInto('results')
    .values({
      id: p.id,
      botId: p.botId,
      createdAt: p.createdAt,
      variables: sql.lit('[]'),
      isCompleted: sql.lit<Flag>(0),
      hasStarted: sql.lit<Flag>(0),
      isArchived: sql.lit<Flag>(0),
      lastChatSessionId: p.sessionId,
      clientKeyHash: p.clientKeyHash,
    })
    .onConflict((oc) => oc.column('id').doNothing()),
)
// Flags only ever go from false to true: a later turn never un-completes a result.
export const UPDATE_RESULT = statement<{ variables: string; hasStarted: Flag; isCompleted: Flag; sessionId: string; id: string }>((db, p) =>
  db
    .updateTable('results')
    .set((eb) => ({
      variables: p.variables,
      hasStarted: eb.case().when(eb.val(p.hasStarted), '=', eb.lit(1)).then(eb.lit(1)).else(eb.ref('hasStarted')).end(),
      isCompleted: eb.case().when(eb.val(p.isCompleted), '=', eb.lit(1)).then(eb.lit(1)).else(eb.ref('isCompleted')).end(),
      lastChatSessionId: p.sessionId,
    }))
    .where('id', '=', p.id),
)
export const ANSWERS = rowInsert(
  statement<{ resultId: string; blockId: string; content: string; attachedFileUrls: string | null; createdAt: string }>((db, p) =>
    db
      .insertInto('answers')
      .values({ resultId: p.resultId, blockId: p.blockId, content: p.content, attachedFileUrls: p.attachedFileUrls, createdAt: p.createdAt }),
  ),
)
export const LOGS = rowInsert(
  statement<{ resultId: string; status: string; description: string; details: string | null; context: string | null; createdAt: string }>((db, p) =>
    db
      .insertInto('logs')
      .values({ resultId: p.resultId, status: p.status, description: p.description, details: p.details, context: p.context, createdAt: p.createdAt }),
  ),
)
// Every column is text (PostgreSQL's turn inserts from an uncast VALUES list); `expanded` takes its default, 0.
export const WEBHOOK_EVENTS = rowInsert(
  statement<{ id: string; workspaceId: string; botId: string; resultId: string; type: string; payload: string; createdAt: string }>((db, p) =>
    db.insertInto('webhookEvents').values({
      id: p.id,
      workspaceId: p.workspaceId,
      botId: p.botId,
      resultId: p.resultId,
      type: p.type,
      payload: p.payload,
      createdAt: p.createdAt,
    }),
  ),
)

export const SELECT_LAST_REPLY = statement<{ id: string }>((db, p) =>
  db.selectFrom('chatSessions').select(['revision', 'lastReply', 'lastAnswer']).where('id', '=', p.id),
)

/**
 * The revision-checked write of an existing session: its update (with the reply it answered, if any: a write that
 * answers none clears the last one), or its deletion when the chat is over.
 */
export const advanceSession = (session: { id: string; revision: number; reply?: StoredReply }, state: string | null, now: string): Bound =>
  state === null
    ? bind(DELETE_SESSION, { id: session.id, expected: session.revision })
    : bind(UPDATE_SESSION, {
        state,
        revision: session.revision + 1,
        updatedAt: now,
        lastReply: session.reply?.digest ?? null,
        lastAnswer: session.reply?.answer ?? null,
        id: session.id,
        expected: session.revision,
      })

export const updateResult = (r: ResultUpdate, sessionId: string): Bound =>
  bind(UPDATE_RESULT, {
    variables: JSON.stringify(r.variables),
    hasStarted: r.hasStarted ? 1 : 0,
    isCompleted: r.isCompleted ? 1 : 0,
    sessionId,
    id: r.resultId,
  })

export const answerValues = (answers: AnswerRow[], now: string) =>
  answers.flatMap((a) =>
    ANSWERS.row({
      resultId: a.resultId,
      blockId: a.blockId,
      content: a.content,
      attachedFileUrls: a.attachedFileUrls ? JSON.stringify(a.attachedFileUrls) : null,
      createdAt: now,
    }),
  )
export const logValues = (logs: LogRow[], now: string) =>
  logs.flatMap((l) =>
    LOGS.row({
      resultId: l.resultId,
      status: l.status,
      description: l.description,
      details: l.details ?? null,
      context: l.context ?? null,
      createdAt: now,
    }),
  )

export const insertAnswers = (answers: AnswerRow[], now: string): Bound => [
  `${ANSWERS.head} values ${tuples(answers.length, ANSWERS.width)}`,
  answerValues(answers, now),
]
export const insertLogs = (logs: LogRow[], now: string): Bound => [`${LOGS.head} values ${tuples(logs.length, LOGS.width)}`, logValues(logs, now)]

export const webhookEventValues = (events: WebhookEventRow[], now: string) => events.flatMap((e) => WEBHOOK_EVENTS.row({ ...e, createdAt: now }))
export const insertWebhookEvents = (events: WebhookEventRow[], now: string): Bound => [
  `${WEBHOOK_EVENTS.head} values ${tuples(events.length, WEBHOOK_EVENTS.width)}`,
  webhookEventValues(events, now),
]
