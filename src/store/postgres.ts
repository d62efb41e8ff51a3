// PostgreSQL adapter: a pg connection pool; many server processes may share one database.
import pg from 'pg'
import { Kysely, PostgresDialect } from 'kysely'
import type { Database } from './tables.js'

/** `onQuery` sees the SQL and parameters of every statement run (benchmarks count them); absent, Kysely does no logging at all. */
export const openPostgres = (url: string, poolSize = 10, onQuery?: (sql: string, parameters: readonly unknown[]) => void): Kysely<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(onQuery && { log: (e) => onQuery(e.query.sql, e.query.parameters) }) })
}
