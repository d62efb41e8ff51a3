// The PostgreSQL dialect: a connection pool, statements prepared by name; see connection.ts.
import { sql } from 'kysely'
import type { DialectAdapter } from '../adapter.js'
import { postgresBus } from './bus.js'
import { openPostgres } from './connection.js'
import { isBusy, isForeignKeyViolation, isUniqueViolation } from './errors.js'
import { inOneStatement, raw, turnsStatement } from './turn.js'

const MIGRATION_LOCK_ID = 7_420_001
/** A JSON `\u` escape of NUL or of a UTF-16 surrogate, as a POSIX regex (JSON.stringify escapes surrogates only when lone). */
const UNPARSABLE_ESCAPES = String.raw`\\u(0000|[dD][89a-fA-F][0-9a-fA-F]{2})`
/** `\ufffd` (U+FFFD, the replacement character) as regexp_replace's replacement text (a backslash is written twice). */
const REPLACEMENT_ESCAPE = String.raw`\\ufffd`

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
  // PostgreSQL's JSON parser refuses escapes JavaScript writes for what a visitor or a webhook can put in a variable:
  // `\u0000` and lone surrogates (`\ud800`). They become `\ufffd` for the parse only (the stored text is untouched),
  // else one such session would make every query reading a JSON field of it fail.
  jsonText: (json, path) => {
    const parsable = sql`regexp_replace(${json}, ${sql.lit(UNPARSABLE_ESCAPES)}, ${sql.lit(REPLACEMENT_ESCAPE)}, 'g')`
    return sql<string | null>`(${parsable}::json #>> ${sql.lit(`{${path.join(',')}}`)})`
  },
  serialPrimaryKey: (col) => col.primaryKey().generatedByDefaultAsIdentity(),
}
