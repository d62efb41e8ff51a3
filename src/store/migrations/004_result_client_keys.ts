// Chat clients resume a result by a secret key of its own, never by the id readers of the workspace see.
import { sql } from 'kysely'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '004_result_client_keys',
  async up(db) {
    await db.schema.alterTable('results').addColumn('clientKeyHash', 'text').execute()
    // Partial: most rows (linked bots' results, older results) have no key. Both backends allow the `where`.
    await sql`create unique index "results_client_key" on "results" ("clientKeyHash") where "clientKeyHash" is not null`.execute(db)
  },
}
