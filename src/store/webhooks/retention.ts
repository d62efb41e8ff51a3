// Retention of the webhook queue: settled deliveries and their events are deleted after a while (the dispatcher
// sweeps, docs/webhooks.md); pending deliveries are never deleted by age.
import type { Kysely } from 'kysely'
import type { Database } from '../tables.js'

export const retention = (db: Kysely<Database>) => ({
  /**
   * Deletes up to `limit` settled deliveries (delivered or failed) and expanded events created before `before`;
   * events still having a pending delivery are kept. Answers how many rows went.
   */
  async prune(before: string, limit: number): Promise<number> {
    const deliveries = await db
      .deleteFrom('webhookDeliveries')
      .where('id', 'in', (eb) =>
        eb.selectFrom('webhookDeliveries').select('id').where('status', 'in', ['delivered', 'failed']).where('createdAt', '<', before).limit(limit),
      )
      .executeTakeFirst()
    const events = await db
      .deleteFrom('webhookEvents')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhookEvents as e')
          .select('e.id')
          .where('e.expanded', '=', 1)
          .where('e.createdAt', '<', before)
          .where((w) => w.not(w.exists(w.selectFrom('webhookDeliveries as d').select('d.id').whereRef('d.eventId', '=', 'e.id'))))
          .limit(limit),
      )
      .executeTakeFirst()
    return Number(deliveries.numDeletedRows) + Number(events.numDeletedRows)
  },
})
