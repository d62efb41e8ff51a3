// PostgreSQL: `?` placeholders numbered, and the common turn (an existing session advanced, its results updated,
// answers and logs added) as part of a single statement of data-modifying CTEs that stores the common turns of many
// chats at once (chats.ts gathers the turns that arrive together): one round trip and one commit for the lot, where
// a transaction of separate statements needs one round trip each, and a statement per turn a commit each.
import { CompiledQuery } from 'kysely'
import type { Database } from '../../tables.js'
import type { TurnWrite } from '../../types.js'

/** `?` placeholders become `$1…$n` (none of the hand-written statements has a `?` anywhere else). */
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

export const raw = (text: string, parameters: readonly unknown[]): CompiledQuery => CompiledQuery.raw(numbered(text), parameters as unknown[])

/** Whether a turn can be stored by `turnsStatement`: an existing session advanced (new sessions and results are
 * written in a transaction), each of its results updated once. */
export const inOneStatement = (write: TurnWrite): boolean =>
  write.session.kind === 'update' && !write.newResults.length && new Set(write.results.map((r) => r.resultId)).size === write.results.length

// The inserted columns, checked against tables.ts by tsc (the statement below is written out by hand; the tests run
// every part of it).
type Columns<T extends keyof Database> = readonly (keyof Database[T] & string)[]
const cols = <T extends keyof Database>(_table: T, names: Columns<T>) => names.map((n) => `"${n}"`).join(', ')
const ANSWER_COLUMNS = cols('answers', ['resultId', 'blockId', 'content', 'attachedFileUrls', 'createdAt'])
const LOG_COLUMNS = cols('logs', ['resultId', 'status', 'description', 'details', 'context', 'createdAt'])
const EVENT_COLUMNS = cols('webhookEvents', ['id', 'workspaceId', 'botId', 'resultId', 'type', 'payload', 'createdAt'])

/**
 * Many turns (each `inOneStatement`, on distinct sessions, no result updated by two of them) as ONE statement of
 * data-modifying CTEs: one round trip and one commit (one WAL flush) for the lot. Its text never changes (the rows
 * of each table come as one JSON array, each row tagged with its turn's index `i`: JSON.stringify is native, where
 * pg's array literals escape every element in JavaScript, ten times slower for the states), so it is prepared once
 * per connection. Each turn's writes are conditioned on its own session's revision check: a turn that lost its race
 * writes nothing, whatever the others do. It answers the indexes of the turns that advanced their session; any
 * error fails the statement as a whole (and writes nothing).
 */
const TURNS_SQL = `with
t as (select * from json_to_recordset($1::json)
  as t(i int, id text, expected int, state text, "lastReply" text, "lastAnswer" text)),
s as (update "chatSessions" c set "state" = t.state, "revision" = t.expected + 1, "updatedAt" = $2,
  "lastReply" = t."lastReply", "lastAnswer" = t."lastAnswer"
  from t where t.state is not null and c.id = t.id and c.revision = t.expected returning t.i),
d as (delete from "chatSessions" c using t where t.state is null and c.id = t.id and c.revision = t.expected returning t.i),
ok as (select i from s union all select i from d),
r as (update "results" x set "variables" = u.variables,
  "hasStarted" = case when u."hasStarted" = 1 then 1 else x."hasStarted" end,
  "isCompleted" = case when u."isCompleted" = 1 then 1 else x."isCompleted" end,
  "lastChatSessionId" = u."sessionId"
  from json_to_recordset($3::json) as u(i int, id text, variables text, "hasStarted" int, "isCompleted" int, "sessionId" text)
  where x.id = u.id and u.i in (select i from ok)),
a as (insert into "answers" (${ANSWER_COLUMNS})
  select v."resultId", v."blockId", v.content, v."attachedFileUrls", $2
  from rows from (json_to_recordset($4::json) as (i int, "resultId" text, "blockId" text, content text, "attachedFileUrls" text))
    with ordinality as v(i, "resultId", "blockId", content, "attachedFileUrls", n)
  where v.i in (select i from ok) order by v.n),
l as (insert into "logs" (${LOG_COLUMNS})
  select v."resultId", v.status, v.description, v.details, v.context, $2
  from rows from (json_to_recordset($5::json) as (i int, "resultId" text, status text, description text, details text, context text))
    with ordinality as v(i, "resultId", status, description, details, context, n)
  where v.i in (select i from ok) order by v.n),
w as (insert into "webhookEvents" (${EVENT_COLUMNS})
  select v.id, v."workspaceId", v."botId", v."resultId", v.type, v.payload, $2
  from rows from (json_to_recordset($6::json)
    as (i int, id text, "workspaceId" text, "botId" text, "resultId" text, type text, payload text))
    with ordinality as v(i, id, "workspaceId", "botId", "resultId", type, payload, n)
  where v.i in (select i from ok) order by v.n)
select i from ok`

/**
 * Text as PostgreSQL's JSON parser takes it: JSON.stringify writes a lone surrogate (a visitor's reply may hold one)
 * as the escape `\ud800` and NUL as `\u0000`, which json_to_recordset refuses, failing every turn of the statement.
 * They become U+FFFD, as a text parameter's UTF-8 encoding makes a lone surrogate (the path before batching).
 */
const storable = (text: string): string =>
  text.isWellFormed() && !text.includes('\u0000') ? text : text.toWellFormed().replaceAll('\u0000', '\uFFFD')
const storableOrNull = (text: string | null | undefined): string | null => (text == null ? null : storable(text))

export const turnsStatement = (writes: TurnWrite[], now: string): CompiledQuery<{ i: number }> => {
  const sessions: unknown[] = []
  const results: unknown[] = []
  const answers: unknown[] = []
  const logs: unknown[] = []
  const events: unknown[] = []
  writes.forEach((write, i) => {
    const session = write.session as Extract<TurnWrite['session'], { kind: 'update' }>
    const { id, revision, reply } = session
    sessions.push({
      i,
      id,
      expected: revision,
      state: write.state,
      lastReply: storableOrNull(reply?.digest),
      lastAnswer: storableOrNull(reply?.answer),
    })
    for (const r of write.results)
      results.push({
        i,
        id: r.resultId,
        variables: JSON.stringify(r.variables),
        hasStarted: r.hasStarted ? 1 : 0,
        isCompleted: r.isCompleted ? 1 : 0,
        sessionId: id,
      })
    for (const a of write.answers)
      answers.push({
        i,
        resultId: a.resultId,
        blockId: storable(a.blockId),
        content: storableOrNull(a.content),
        attachedFileUrls: a.attachedFileUrls ? JSON.stringify(a.attachedFileUrls) : null,
      })
    for (const l of write.logs)
      logs.push({
        i,
        resultId: l.resultId,
        status: l.status,
        description: storable(l.description),
        details: storableOrNull(l.details),
        context: storableOrNull(l.context),
      })
    for (const e of write.events ?? []) events.push({ i, ...e })
  })
  const json = JSON.stringify
  return CompiledQuery.raw(TURNS_SQL, [json(sessions), now, json(results), json(answers), json(logs), json(events)])
}
