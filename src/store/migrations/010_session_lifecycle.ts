// Session lifecycle (app/lifecycle.ts): idle sessions are found by kind and last write, preview snapshots by last
// use, and one lease names the node purging them.
import { sql } from 'kysely'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '010_session_lifecycle',
  async up(db, adapter) {
    await db.schema
      .alterTable('chatSessions')
      .addColumn('isPreview', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db
      .updateTable('chatSessions')
      .set({ isPreview: 1 })
      .where(sql`cast(${adapter.jsonText(sql.ref('state'), ['isPreview'])} as text)`, 'in', ['1', 'true'])
      .execute()
    // On createdAt, which turns never change (an index on updatedAt would be rewritten by every turn): a session
    // idle since before a time was created before it too.
    await db.schema.createIndex('chat_sessions_expiry').on('chatSessions').columns(['isPreview', 'createdAt']).execute()
    await sql`create index "published_bots_preview" on "publishedBots" ("updatedAt", "id") where "id" like 'preview-%'`.execute(db)
    await db.schema
      .createTable('parleyLeases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute()
  },
}
