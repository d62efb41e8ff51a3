// PostgreSQL adapter: a pg connection pool; many server processes may share one database.
import pg from 'pg'
import { Kysely, PostgresDialect } from 'kysely'
import type { Database } from './tables.js'

export const openPostgres = (url: string, poolSize = 10): Kysely<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}
