// PostgreSQL: `?` placeholders numbered, and the common turn (an existing session advanced, its results updated,
// answers and logs added) as a single statement of data-modifying CTEs: one round trip and its own transaction,
// where a transaction of separate statements needs one round trip each. The server batches the WAL flushes of
// concurrent commits itself, so these turns need no group commit.
import { CompiledQuery } from 'kysely'
import { ANSWERS, advanceSession, answerValues, LOGS, logValues, tuples, updateResult, WEBHOOK_EVENTS, webhookEventValues } from '../../turnSql.js'
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

/**
 * The whole of an `update` turn as one statement, or undefined for other turns (new sessions and results are
 * written in a transaction). Every part is conditioned on the session's revision still matching, so a concurrent
 * turn changes nothing; the statement answers how many sessions it advanced (0 = conflict).
 */
export const turnStatement = (write: TurnWrite): CompiledQuery<{ advanced: number | string }> | undefined => {
  const { session } = write
  if (session.kind !== 'update' || write.newResults.length) return undefined
  if (new Set(write.results.map((r) => r.resultId)).size !== write.results.length) return undefined
  const now = new Date().toISOString()
  const parts: string[] = []
  const parameters: unknown[] = []
  const [sessionSql, sessionParameters] = advanceSession(session, write.state, now)
  parts.push(`s as (${sessionSql} returning 1)`)
  parameters.push(...sessionParameters)
  write.results.forEach((r, i) => {
    const [resultSql, resultParameters] = updateResult(r, session.id)
    parts.push(`r${i} as (${resultSql} and exists (select 1 from s))`)
    parameters.push(...resultParameters)
  })
  // Values of a VALUES list are text unless cast; every column written here is text.
  if (write.answers.length) {
    parts.push(`a as (${ANSWERS.head} select * from (values ${tuples(write.answers.length, ANSWERS.width)}) v where exists (select 1 from s))`)
    parameters.push(...answerValues(write.answers, now))
  }
  if (write.logs.length) {
    parts.push(`l as (${LOGS.head} select * from (values ${tuples(write.logs.length, LOGS.width)}) v where exists (select 1 from s))`)
    parameters.push(...logValues(write.logs, now))
  }
  if (write.events?.length) {
    const values = `values ${tuples(write.events.length, WEBHOOK_EVENTS.width)}`
    parts.push(`w as (${WEBHOOK_EVENTS.head} select * from (${values}) v where exists (select 1 from s))`)
    parameters.push(...webhookEventValues(write.events, now))
  }
  return raw(`with ${parts.join(', ')} select count(*) as "advanced" from s`, parameters) as CompiledQuery<{ advanced: number | string }>
}
