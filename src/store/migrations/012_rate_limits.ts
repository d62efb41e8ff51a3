// Rate limits (sign-in attempts, emailed links, webhook test pings) counted in the database, so that every
// process and node counts together; rows of ended windows are deleted by the lifecycle job.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '012_rate_limits',
  async up(db) {
    await db.schema
      .createTable('rateLimits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resetAt', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('rate_limits_reset').on('rateLimits').column('resetAt').execute()
  },
}
