// What differs between SQLite and PostgreSQL, as one small interface: each dialect folder (sqlite/, postgres/, with
// the same files: connection, errors, turn, index) implements it, and the rest of the store asks it instead of
// testing the dialect's name. The two share every query otherwise (tables.ts: same values on both).
import type { ColumnDefinitionBuilder, CompiledQuery, Expression, Kysely, RawBuilder, Transaction } from 'kysely'
import type { DeliveryBus } from '../bus.js'
import type { Database } from '../tables.js'
import type { TurnWrite } from '../types.js'

/** Sees the SQL and parameters of every statement run (benchmarks count them). */
export type OnQuery = (sql: string, parameters: readonly unknown[]) => void
/** Optional callbacks on a connection: every statement, and the time a query waited for a pooled connection. */
export type ConnectionObserver = { onQuery?: OnQuery; onPoolWait?: (seconds: number) => void }
/** A connection pool's sizes: connections open, idle among them, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number }

export interface DialectAdapter {
  readonly name: 'sqlite' | 'postgres'
  /**
   * Whether claims lock the rows they take and skip rows others locked (`for update skip locked`, PostgreSQL).
   * SQLite needs none: one writer at a time, so a claiming update never overlaps another.
   */
  readonly rowLocks: boolean
  /** The connection target when `url` names this dialect (`sqlite:<file>`, `postgres://…`), else undefined. */
  target(url: string): string | undefined
  /** The database, and the pool's sizes where there is a pool (PostgreSQL; SQLite has one connection). */
  open(target: string, observer?: ConnectionObserver, poolSize?: number): { db: Kysely<Database>; poolStats?: () => PoolStats }
  /** The bus that tells every process on this database about webhook deliveries (see bus.ts). */
  openBus(target: string, db: Kysely<Database>): DeliveryBus

  /** A write failed on a unique constraint. */
  isUniqueViolation(err: unknown): boolean
  /** A write referenced a row that no longer exists (a bot or result deleted meanwhile). */
  isForeignKeyViolation(err: unknown): boolean
  /** Another writer holds the lock, or the server aborted the transaction to break a conflict: retrying is safe. */
  isBusy(err: unknown): boolean

  /** A hand-written statement of turnSql.ts (`?` placeholders) as this dialect runs it. */
  raw(text: string, parameters: readonly unknown[]): CompiledQuery
  /**
   * Whether a turn can be stored by `turnsStatement` (PostgreSQL's common turn: an existing session advanced); other
   * turns, and every turn on SQLite, go through the group-commit transaction of chats.ts.
   */
  inOneStatement(write: TurnWrite): boolean
  /**
   * Many `inOneStatement` turns, on distinct sessions and results, as one statement (its own transaction): it
   * answers the indexes (in `writes`) of the turns that advanced their session; the others lost their revision
   * check and wrote nothing.
   */
  turnsStatement(writes: TurnWrite[], now: string): CompiledQuery<{ i: number }>
  /** A statement costs a round trip to a database server (PostgreSQL): the sessions read at once are read in one. */
  readonly batchesReads: boolean

  /** Makes concurrent migration runs wait for each other (called first in the migration transaction). */
  acquireMigrationLock(trx: Transaction<any>): Promise<void>
  /** An integer primary key numbered by the database. */
  serialPrimaryKey(col: ColumnDefinitionBuilder): ColumnDefinitionBuilder
  /** The text at `path` (constant keys) in a column holding JSON text, or null. */
  jsonText(json: Expression<string>, path: string[]): RawBuilder<string | null>
}
