import type { Kysely } from 'kysely'
import type { DialectAdapter } from '../dialect/adapter.js'

/**
 * One schema migration. `name` is what `parleyMigrations` records once it ran: never rename one, never change what
 * an applied one does; a change is a new migration (a file of its own, named as its `name`, listed in index.ts).
 */
export type Migration = { name: string; up: (db: Kysely<any>, adapter: DialectAdapter) => Promise<void> }
