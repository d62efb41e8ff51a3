// Chat sessions, results with their answers, and logs.
import { sql } from 'kysely'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '002_sessions_results',
  async up(db, adapter) {
    await db.schema
      .createTable('chatSessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('results')
      .addColumn('seq', 'integer', adapter.serialPrimaryKey)
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('botId', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('isCompleted', 'integer', (c) => c.notNull())
      .addColumn('hasStarted', 'integer', (c) => c.notNull())
      .addColumn('isArchived', 'integer', (c) => c.notNull())
      .addColumn('lastChatSessionId', 'text')
      .execute()
    // Serves the results listing (newest first, keyset on createdAt then seq) at any table size.
    await sql`create index "results_listing" on "results" ("botId", "createdAt" desc, "seq" desc)
      where "hasStarted" = 1 and "isArchived" = 0`.execute(db)
    await db.schema
      .createTable('answers')
      .addColumn('id', 'integer', adapter.serialPrimaryKey)
      .addColumn('resultId', 'text', (c) => c.notNull().references('results.id').onDelete('cascade'))
      .addColumn('blockId', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('attachedFileUrls', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('answers_result').on('answers').columns(['resultId', 'id']).execute()
    await db.schema
      .createTable('logs')
      .addColumn('id', 'integer', adapter.serialPrimaryKey)
      .addColumn('resultId', 'text', (c) => c.notNull().references('results.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('details', 'text')
      .addColumn('context', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('logs_result').on('logs').column('resultId').execute()
  },
}
