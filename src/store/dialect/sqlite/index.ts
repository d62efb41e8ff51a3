// The SQLite dialect: one file, one connection per process; see connection.ts.
import { localBus } from '../../bus.js'
import { sql } from 'kysely'
import type { DialectAdapter } from '../adapter.js'
import { openSqlite } from './connection.js'
import { isBusy, isForeignKeyViolation, isUniqueViolation } from './errors.js'
import { inOneStatement, raw, turnsStatement } from './turn.js'

export const sqlite: DialectAdapter = {
  name: 'sqlite',
  // `sqlite:data/x.db`, `sqlite:/abs/x.db` or `sqlite:///abs/x.db`
  rowLocks: false,
  target: (url) => (url.startsWith('sqlite:') ? url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') : undefined),
  open: (file, observer) => ({ db: openSqlite(file, observer?.onQuery) }),
  // One process per database file: the bus never leaves it.
  openBus: localBus,
  isUniqueViolation,
  isForeignKeyViolation,
  isBusy,
  raw,
  inOneStatement,
  turnsStatement,
  // The driver runs in this process: a statement costs no round trip.
  batchesReads: false,
  // Nothing to take: SQLite has one writer at a time, and a run that meets another fails busy and is retried
  // (store.migrate).
  acquireMigrationLock: async () => {},
  jsonText: (json, path) => sql<string | null>`json_extract(${json}, ${sql.lit(`$.${path.join('.')}`)})`,
  serialPrimaryKey: (col) => col.primaryKey().autoIncrement(),
}
