// PostgreSQL connection: a pg connection pool; many server processes may share one database.
import pg from 'pg'
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
import type { Database } from '../../tables.js'
import type { ConnectionObserver, PoolStats } from '../adapter.js'

/** Distinct statements prepared by name; statements beyond (e.g. rare shapes of IN lists) run unnamed. */
const MAX_PREPARED = 500

/**
 * The pool as Kysely sees it, with each statement prepared once per connection (by name, from its text): the
 * server then skips parsing and analysing it again, which is most of its work for the small statements of a turn.
 */
const preparingPool = (pool: pg.Pool, onPoolWait?: (seconds: number) => void): PostgresPool => {
  const names = new Map<string, string>()
  const nameOf = (text: string) => {
    let name = names.get(text)
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `parley_${names.size}`
      names.set(text, name)
    }
    return name
  }
  return {
    connect: async () => {
      const asked = onPoolWait && performance.now()
      const client = await pool.connect()
      if (asked) onPoolWait((performance.now() - asked) / 1000)
      return {
        query: ((query: unknown, values?: unknown[]) =>
          typeof query === 'string' ? client.query({ text: query, values, name: nameOf(query) }) : client.query(query as pg.Submittable)) as never,
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
  }
}

/**
 * `onQuery` sees the SQL and parameters of every statement run (benchmarks count them); absent, Kysely does no
 * logging at all. `onPoolWait` gets the time each connection took to obtain from the pool (metrics).
 */
export const openPostgres = (
  url: string,
  poolSize = 10,
  { onQuery, onPoolWait }: ConnectionObserver = {},
): { db: Kysely<Database>; poolStats: () => PoolStats } => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, onPoolWait) }),
    ...(onQuery && { log: (e) => onQuery(e.query.sql, e.query.parameters) }),
  })
  return { db, poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }
}
