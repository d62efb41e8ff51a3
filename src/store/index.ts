// The store: everything persistent behind one object, on SQLite or PostgreSQL (chosen by the URL).
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { createCipher } from '../lib/secrets.js'
import { accounts } from './accounts.js'
import { bots } from './bots.js'
import { botVersions } from './botVersions.js'
import { channels } from './channels.js'
import { chats } from './chats.js'
import { credentials } from './credentials.js'
import { customDomains } from './customDomains.js'
import { fileUploads } from './fileUploads.js'
import type { DialectAdapter, OnQuery, PoolStats } from './dialect/adapter.js'
import { postgres } from './dialect/postgres/index.js'
import { sqlite } from './dialect/sqlite/index.js'
import { folders } from './folders.js'
import { themeTemplates } from './themeTemplates.js'
import { invitations } from './invitations.js'
import { lifecycle } from './lifecycle.js'
import { rateLimits } from './rateLimits.js'
import { migrate } from './migrations/index.js'
import { resultsTable } from './resultsTable.js'
import { sessions } from './sessions.js'
import type { Database } from './tables.js'
import { webhooks } from './webhooks/index.js'
import { workspaces } from './workspaces.js'

export type Store = Awaited<ReturnType<typeof openStore>>
export type { DialectAdapter, PoolStats } from './dialect/adapter.js'

/**
 * Callbacks for benchmarks and metrics: `onQuery` gets the SQL and parameters of every statement (benchmarks count
 * them), `onGroupCommit` the number of turns each group commit wrote (a transaction; on PostgreSQL also a statement), `onPoolWait` the seconds
 * each query waited for a pooled connection (PostgreSQL).
 */
export type StoreOptions = {
  migrate?: boolean
  encryptionSecret?: string
  onQuery?: OnQuery
  onGroupCommit?: (turns: number) => void
  onPoolWait?: (seconds: number) => void
  /** Connections this process may open (PostgreSQL; SQLite has one). */
  poolSize?: number
}

/** The one place a dialect is chosen: the adapter whose URL scheme matches. */
const adapterFor = (url: string): { adapter: DialectAdapter; target: string } => {
  for (const adapter of [sqlite, postgres]) {
    const target = adapter.target(url)
    if (target !== undefined) return { adapter, target }
  }
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<file> or postgres://…`)
}

/** Which database a DATABASE_URL names, and the file or address to reach it (throws on an unknown scheme). */
export const databaseOf = (url: string): { dialect: DialectAdapter['name']; target: string } => {
  const { adapter, target } = adapterFor(url)
  return { dialect: adapter.name, target }
}

/**
 * Opens the database and brings its schema up to date. Without `encryptionSecret`, credentials cannot be stored
 * or read.
 */
export const openStore = async (url: string, options: StoreOptions = {}) => {
  const { adapter, target } = adapterFor(url)
  const opened = adapter.open(target, { onQuery: options.onQuery, onPoolWait: options.onPoolWait }, options.poolSize)
  const db: Kysely<Database> = opened.db
  const bus = adapter.openBus(target, db)
  const cipher = options.encryptionSecret ? createCipher(options.encryptionSecret) : undefined
  let instance: Promise<string | undefined> | undefined
  const store = {
    /** 'sqlite' or 'postgres', for messages; behaviour that differs belongs to `adapter`. */
    dialect: adapter.name,
    adapter,
    db,
    accounts: accounts(db, adapter),
    sessions: sessions(db),
    workspaces: workspaces(db),
    bots: bots(db, adapter),
    botVersions: botVersions(db),
    chats: chats(db, adapter, options.onGroupCommit),
    resultsTable: resultsTable(db, adapter),
    credentials: credentials(db, cipher),
    webhooks: webhooks(db, adapter, cipher),
    folders: folders(db),
    themeTemplates: themeTemplates(db),
    invitations: invitations(db),
    /** Purging idle sessions and unused preview snapshots (app/lifecycle.ts). */
    lifecycle: lifecycle(db),
    /** Attempts per key in a window, shared by every process on this database (app/rateLimit.ts). */
    rateLimits: rateLimits(db, options.encryptionSecret),
    /** Upload URLs handed out: each used once, while its chat has not moved on (app/files.ts). */
    fileUploads: fileUploads(db),
    /** Messaging channels: verification tokens, messages taken, bots bound to credentials (app/conversations.ts). */
    channels: channels(db, adapter),
    /** Custom domains: the bot each one serves and its HTTP challenge (app/customDomains.ts). */
    customDomains: customDomains(db),
    /** Webhook deliveries announced to every process on this database (connects only once subscribed to). */
    bus,
    /** Applies pending migrations (retried when another process holds the database's write lock). */
    async migrate(): Promise<string[]> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await migrate(db, adapter)
        } catch (err) {
          if (!adapter.isBusy(err) || attempt >= 10) throw err
          await new Promise((r) => setTimeout(r, 50 * attempt))
        }
      }
    },
    /**
     * This database's public identity: the first 16 hex characters of the SHA-256 of its random id (the id itself
     * stays private). Undefined before migration 011_instance_id.
     */
    async instanceId(): Promise<string | undefined> {
      instance ??= db
        .selectFrom('parleyInstance')
        .select('id')
        .executeTakeFirst()
        .then((row) => row && createHash('sha256').update(row.id).digest('hex').slice(0, 16))
      return instance.catch(() => {
        instance = undefined
        return undefined
      })
    },
    /** The connection pool's sizes (PostgreSQL), undefined on SQLite (one connection, no pool). */
    poolStats: (): PoolStats | undefined => opened.poolStats?.(),
    async ping(): Promise<boolean> {
      try {
        await sql`select 1`.execute(db)
        return true
      } catch {
        return false
      }
    },
    close: async () => {
      await bus.close()
      await db.destroy()
    },
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
