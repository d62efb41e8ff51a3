// Credentials of a workspace (API keys, SMTP, Stripe…), stored encrypted.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '003_credentials',
  async up(db) {
    await db.schema
      .createTable('credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('credentials_workspace').on('credentials').columns(['workspaceId', 'createdAt']).execute()
  },
}
