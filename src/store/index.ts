// The store: everything persistent behind one object, on SQLite or PostgreSQL (chosen by the URL).
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { createCipher } from '../lib/secrets.js'
import { accounts } from './accounts.js'
import { bots } from './bots.js'
import { chats } from './chats.js'
import { credentials } from './credentials.js'
import { type Dialect, isBusy } from './dialect.js'
import { migrate } from './migrations.js'
import { openPostgres } from './postgres.js'
import { openSqlite } from './sqlite.js'
import type { Database } from './tables.js'
import { workspaces } from './workspaces.js'

export type Store = Awaited<ReturnType<typeof openStore>>

const parseUrl = (url: string): { dialect: Dialect; target: string } => {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { dialect: 'postgres', target: url }
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', target: url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') }
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<file> or postgres://…`)
}

/**
 * Opens the database and brings its schema up to date. Without `encryptionSecret`, credentials cannot be stored
 * or read. `onQuery` is called with the SQL and parameters of every statement (used by benchmarks to count them).
 */
export const openStore = async (url: string, options: { migrate?: boolean; encryptionSecret?: string; onQuery?: (sql: string, parameters: readonly unknown[]) => void } = {}) => {
  const { dialect, target } = parseUrl(url)
  const db: Kysely<Database> = dialect === 'sqlite' ? openSqlite(target, options.onQuery) : openPostgres(target, undefined, options.onQuery)
  const store = {
    dialect,
    db,
    accounts: accounts(db),
    workspaces: workspaces(db),
    bots: bots(db),
    chats: chats(db, dialect),
    credentials: credentials(db, options.encryptionSecret ? createCipher(options.encryptionSecret) : undefined),
    /** Applies pending migrations (retried when another process holds the database's write lock). */
    async migrate(): Promise<string[]> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await migrate(db, dialect)
        } catch (err) {
          if (!isBusy(err) || attempt >= 10) throw err
          await new Promise((r) => setTimeout(r, 50 * attempt))
        }
      }
    },
    async ping(): Promise<boolean> {
      try {
        await sql`select 1`.execute(db)
        return true
      } catch {
        return false
      }
    },
    close: () => db.destroy(),
  }
  if (options.migrate !== false) {
    try {
      await store.migrate()
    } catch (err) {
      await db.destroy()
      throw err
    }
  }
  return store
}
