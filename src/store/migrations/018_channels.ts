// Messaging channels (src/channels/): verification tokens handed to an operator for a webhook's set-up, and the
// messages already taken, so that a message delivered twice is answered once. Both expire: the lifecycle job
// deletes rows whose `expiresAt` (milliseconds since the epoch) has passed.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '018_channels',
  async up(db) {
    await db.schema
      .createTable('channelTokens')
      .addColumn('tokenHash', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('channelMessages')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('channel_messages_expiry').on('channelMessages').column('expiresAt').execute()
  },
}
