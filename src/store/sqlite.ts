// SQLite adapter: one file, one better-sqlite3 connection per process (Kysely serialises its use).
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Sqlite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './tables.js'

/** `onQuery` sees the SQL and parameters of every statement run (benchmarks count them); absent, Kysely does no logging at all. */
export const openSqlite = (file: string, onQuery?: (sql: string, parameters: readonly unknown[]) => void): Kysely<Database> => {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const conn = new Sqlite(file, { timeout: 5000 })
  // WAL lets readers run beside the writer; FULL sync keeps every acknowledged turn after a power cut.
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = FULL')
  conn.pragma('foreign_keys = ON')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: conn }), ...(onQuery && { log: (e) => onQuery(e.query.sql, e.query.parameters) }) })
}
