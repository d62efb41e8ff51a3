// SQLite connection: one file, one better-sqlite3 connection per process (Kysely serialises its use).
import { closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import Sqlite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { PRIVATE_DIR, PRIVATE_FILE } from '../../../lib/privateFiles.js'
import type { Database } from '../../tables.js'
import type { OnQuery } from '../adapter.js'

/** `onQuery` sees the SQL and parameters of every statement run (benchmarks count them); absent, Kysely does no logging at all. */
export const openSqlite = (file: string, onQuery?: OnQuery): Kysely<Database> => {
  if (file !== ':memory:' && file !== '') {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR })
    // Created here rather than by SQLite (which makes it 0644): its -wal, -shm and -journal files take its mode.
    closeSync(openSync(file, 'a', PRIVATE_FILE))
  }
  const conn = new Sqlite(file, { timeout: 5000 })
  // WAL lets readers run beside the writer; FULL sync keeps every acknowledged turn after a power cut.
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = FULL')
  conn.pragma('foreign_keys = ON')
  // Kysely prepares every statement it runs; preparing costs more than running a small one, so prepared
  // statements are kept by SQL text (the driver runs one at a time, so sharing them is safe).
  const statements = new Map<string, Sqlite.Statement>()
  const database = {
    close: () => conn.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql)
      if (!statement) {
        if (statements.size >= 1000) statements.clear()
        statement = conn.prepare(sql)
        statements.set(sql, statement)
      }
      return statement
    },
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }), ...(onQuery && { log: (e) => onQuery(e.query.sql, e.query.parameters) }) })
}
