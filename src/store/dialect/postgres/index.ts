// The PostgreSQL dialect: a connection pool, statements prepared by name; see connection.ts.
import { sql } from 'kysely'
import type { DialectAdapter } from '../adapter.js'
import { postgresBus } from './bus.js'
import { openPostgres } from './connection.js'
import { isBusy, isForeignKeyViolation, isUniqueViolation } from './errors.js'
import { inOneStatement, raw, turnsStatement } from './turn.js'

const MIGRATION_LOCK_ID = 7_420_001

export const postgres: DialectAdapter = {
  name: 'postgres',
  rowLocks: true,
  target: (url) => (url.startsWith('postgres://') || url.startsWith('postgresql://') ? url : undefined),
  open: (url, observer, poolSize) => openPostgres(url, poolSize, observer),
  openBus: postgresBus,
  isUniqueViolation,
  isForeignKeyViolation,
  isBusy,
  raw,
  inOneStatement,
  turnsStatement,
  batchesReads: true,
  // Held until the migration transaction ends: processes starting together migrate one after the other.
  acquireMigrationLock: async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx)
  },
  jsonText: (json, path) => sql<string | null>`(${json}::json #>> ${sql.lit(`{${path.join(',')}}`)})`,
  serialPrimaryKey: (col) => col.primaryKey().generatedByDefaultAsIdentity(),
}
