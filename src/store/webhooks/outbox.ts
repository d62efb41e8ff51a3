// The webhook outbox: events chat turns write (turnSql.ts, in the turn's transaction) or the test route adds, turned
// into one delivery per matching subscription by the dispatcher.
import type { Kysely } from 'kysely'
import { newId } from '../../lib/ids.js'
import type { DialectAdapter } from '../dialect/adapter.js'
import type { Database } from '../tables.js'
import type { Webhook } from './subscriptions.js'

export const outbox = (db: Kysely<Database>, adapter: DialectAdapter) => ({
  /**
   * Whether the queue holds anything for a dispatcher: an event not yet expanded, a delivery due by `dueBy` (a
   * retry due later is left to a later check), or one leased. One statement of two index lookups that stop at their
   * first row, so that an idle process polls cheaply.
   */
  async hasWork(dueBy: string): Promise<boolean> {
    const row = await db
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('webhookEvents').select('id').where('expanded', '=', 0).limit(1)).as('events'),
        eb
          .exists(
            eb
              .selectFrom('webhookDeliveries')
              .select('id')
              .where((w) => w.or([w('status', '=', 'delivering'), w.and([w('status', '=', 'pending'), w('nextAttemptAt', '<=', dueBy)])]))
              .limit(1),
          )
          .as('deliveries'),
      ])
      .executeTakeFirstOrThrow()
    // SQLite answers 0/1, PostgreSQL booleans.
    return Number(row.events) === 1 || Number(row.deliveries) === 1
  },

  /** An event for one subscription only (the `ping` of the test route), due now. */
  async addDirect(webhook: Webhook, type: string, payload: (eventId: string, createdAt: string) => string): Promise<string> {
    const eventId = newId()
    const now = new Date().toISOString()
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhookEvents')
        .values({
          id: eventId,
          workspaceId: webhook.workspaceId,
          botId: webhook.botId,
          resultId: null,
          type,
          payload: payload(eventId, now),
          expanded: 1,
          createdAt: now,
        })
        .execute()
      await trx
        .insertInto('webhookDeliveries')
        .values({ id: newId(), webhookId: webhook.id, eventId, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now })
        .execute()
    })
    return eventId
  },

  /**
   * Turns up to `limit` new events into deliveries, one per enabled subscription of the event's workspace that
   * covers its bot and type. Answers how many events it expanded. Safe with several processes: rows are locked
   * (PostgreSQL) and a delivery is unique per subscription and event.
   */
  async expand(limit: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const events = await trx
        .selectFrom('webhookEvents')
        .select(['id', 'workspaceId', 'botId', 'type'])
        .where('expanded', '=', 0)
        .orderBy('createdAt')
        .limit(limit)
        .$if(adapter.rowLocks, (q) => q.forUpdate().skipLocked())
        .execute()
      if (!events.length) return 0
      const workspaceIds = [...new Set(events.map((e) => e.workspaceId))]
      const subscriptions = await trx
        .selectFrom('webhooks')
        .select(['id', 'workspaceId', 'botId', 'events'])
        .where('workspaceId', 'in', workspaceIds)
        .where('enabled', '=', 1)
        .execute()
      const now = new Date().toISOString()
      const deliveries = events.flatMap((e) =>
        subscriptions
          .filter((s) => s.workspaceId === e.workspaceId && (s.botId === null || s.botId === e.botId) && JSON.parse(s.events).includes(e.type))
          .map((s) => ({ id: newId(), webhookId: s.id, eventId: e.id, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now })),
      )
      if (deliveries.length)
        await trx
          .insertInto('webhookDeliveries')
          .values(deliveries)
          .onConflict((oc) => oc.columns(['webhookId', 'eventId']).doNothing())
          .execute()
      await trx
        .updateTable('webhookEvents')
        .set({ expanded: 1 })
        .where(
          'id',
          'in',
          events.map((e) => e.id),
        )
        .execute()
      return events.length
    })
  },
})
