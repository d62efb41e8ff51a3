// Upload URLs handed out, so that each is used once and dies with the turn that moves its chat on (store/fileUploads.ts);
// rows of expired URLs are deleted by the lifecycle job.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '014_file_uploads',
  async up(db) {
    await db.schema
      .createTable('fileUploads')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('sessionId', 'text', (c) => c.notNull())
      .addColumn('sessionRevision', 'integer', (c) => c.notNull())
      .addColumn('sessionUpdatedAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .addColumn('claimedAt', 'text')
      .execute()
    await db.schema.createIndex('file_uploads_expiry').on('fileUploads').column('expiresAt').execute()
  },
}
