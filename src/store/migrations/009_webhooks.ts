// Signed outgoing webhooks (docs/webhooks.md): subscriptions, the outbox chat turns write to, and deliveries.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '009_webhooks',
  async up(db) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('botId', 'text', (c) => c.references('bots.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhooks_workspace').on('webhooks').columns(['workspaceId', 'createdAt']).execute()
    await db.schema.createIndex('webhooks_bot').on('webhooks').column('botId').execute()
    // No foreign keys to results or bots: the outbox outlives a deleted result, and a chat turn's insert must not
    // fail on a row deleted meanwhile.
    await db.schema
      .createTable('webhookEvents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull())
      .addColumn('botId', 'text')
      .addColumn('resultId', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('expanded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhook_events_pending').on('webhookEvents').columns(['expanded', 'createdAt']).execute()
    await db.schema.createIndex('webhook_events_created').on('webhookEvents').column('createdAt').execute()
    await db.schema
      .createTable('webhookDeliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('webhookId', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('eventId', 'text', (c) => c.notNull().references('webhookEvents.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
      .addColumn('lockedUntil', 'text')
      .addColumn('lastAttemptAt', 'text')
      .addColumn('lastStatusCode', 'integer')
      .addColumn('lastError', 'text')
      .addColumn('responseExcerpt', 'text')
      .addColumn('durationMs', 'integer')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('webhook_deliveries_once', ['webhookId', 'eventId'])
      .execute()
    // The claim query: due pending deliveries, and leases that ran out.
    await db.schema.createIndex('webhook_deliveries_due').on('webhookDeliveries').columns(['status', 'nextAttemptAt']).execute()
    await db.schema.createIndex('webhook_deliveries_lease').on('webhookDeliveries').columns(['status', 'lockedUntil']).execute()
    await db.schema.createIndex('webhook_deliveries_log').on('webhookDeliveries').columns(['webhookId', 'createdAt']).execute()
    await db.schema.createIndex('webhook_deliveries_event').on('webhookDeliveries').column('eventId').execute()
  },
}
