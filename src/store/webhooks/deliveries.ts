// Webhook deliveries: claimed with a lease so that several processes never send the same one at the same time,
// settled with the attempt's outcome, listed in the delivery log, and sent again on request (docs/webhooks.md).
import { type Kysely, sql } from 'kysely'
import type { DialectAdapter } from '../dialect/adapter.js'
import type { Database } from '../tables.js'
import type { WebhookSecrets } from './secrets.js'

export type DeliveryStatus = 'pending' | 'delivering' | 'delivered' | 'failed'

export type Delivery = {
  id: string
  eventId: string
  eventType: string
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: string | null
  lastAttemptAt: string | null
  lastStatusCode: number | null
  lastError: string | null
  responseExcerpt: string | null
  durationMs: number | null
  createdAt: string
}

/** A delivery a dispatcher holds the lease of, with what it sends. `lease` identifies this claim when settling. */
export type ClaimedDelivery = {
  id: string
  lease: string
  attempts: number
  eventId: string
  eventType: string
  payload: string
  url: string
  /** Undefined when the secret cannot be decrypted (another ENCRYPTION_SECRET) or the subscription is disabled. */
  secret: string | undefined
  enabled: boolean
}

export type Settlement =
  | { status: 'delivered' | 'failed'; statusCode?: number; error?: string; excerpt?: string; durationMs: number }
  | { status: 'pending'; nextAttemptAt: string; statusCode?: number; error?: string; excerpt?: string; durationMs: number }

export const deliveries = (db: Kysely<Database>, adapter: DialectAdapter, secrets: WebhookSecrets) => ({
  /**
   * Takes the lease of up to `limit` due deliveries (pending and due, or delivering with a lease run out) until
   * `lockedUntil`, counting the attempt, at most `perWebhook` in flight per subscription: a delivery is taken only
   * when its subscription's unexpired leases plus its due deliveries ahead of it (by due time, then id) are fewer.
   * One statement: an update of rows chosen (and, on PostgreSQL, locked with skip locked) by a subquery, so two
   * processes never take the same delivery. Two processes claiming at the very same moment may each fill a
   * subscription's slots (their leases are not yet visible to each other).
   */
  async claim(limit: number, leaseMs: number, perWebhook: number): Promise<ClaimedDelivery[]> {
    const now = new Date()
    const at = now.toISOString()
    const lease = new Date(now.getTime() + leaseMs).toISOString()
    const claimed = await db
      .updateTable('webhookDeliveries')
      .set((eb) => ({ status: 'delivering', lockedUntil: lease, lastAttemptAt: at, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhookDeliveries as c')
          .select('c.id')
          .where((w) =>
            w.or([
              w.and([w('c.status', '=', 'pending'), w('c.nextAttemptAt', '<=', at)]),
              w.and([w('c.status', '=', 'delivering'), w('c.lockedUntil', '<', at)]),
            ]),
          )
          // Both counts stop at `perWebhook` rows, so a subscription with thousands queued costs little per row.
          .where(
            sql<number>`(select count(*) from (select 1 from ${sql.table('webhookDeliveries')} as l
                  where l.${sql.ref('webhookId')} = c.${sql.ref('webhookId')} and l.status = 'delivering' and l.${sql.ref('lockedUntil')} >= ${at}
                  limit ${perWebhook}) as busy)
                + (select count(*) from (select 1 from ${sql.table('webhookDeliveries')} as a
                  where a.${sql.ref('webhookId')} = c.${sql.ref('webhookId')}
                    and ((a.status = 'pending' and a.${sql.ref('nextAttemptAt')} <= ${at}) or (a.status = 'delivering' and a.${sql.ref('lockedUntil')} < ${at}))
                    and (a.${sql.ref('nextAttemptAt')} < c.${sql.ref('nextAttemptAt')} or (a.${sql.ref('nextAttemptAt')} = c.${sql.ref('nextAttemptAt')} and a.id < c.id))
                  limit ${perWebhook}) as ahead)`,
            '<',
            perWebhook,
          )
          .orderBy('c.nextAttemptAt')
          .orderBy('c.id')
          .limit(limit)
          .$if(adapter.rowLocks, (q) => q.forUpdate().skipLocked()),
      )
      .returning(['id', 'webhookId', 'eventId', 'attempts'])
      .execute()
    if (!claimed.length) return []
    const events = await db
      .selectFrom('webhookEvents')
      .select(['id', 'type', 'payload'])
      .where(
        'id',
        'in',
        claimed.map((c) => c.eventId),
      )
      .execute()
    const hooks = await db
      .selectFrom('webhooks')
      .select(['id', 'workspaceId', 'url', 'secret', 'enabled'])
      .where(
        'id',
        'in',
        claimed.map((c) => c.webhookId),
      )
      .execute()
    return claimed.flatMap((c) => {
      const event = events.find((e) => e.id === c.eventId)
      const hook = hooks.find((h) => h.id === c.webhookId)
      if (!event || !hook) return []
      return [
        {
          id: c.id,
          lease,
          attempts: c.attempts,
          eventId: event.id,
          eventType: event.type,
          payload: event.payload,
          url: hook.url,
          secret: secrets.decrypt(hook.workspaceId, hook.id, hook.secret),
          enabled: hook.enabled === 1,
        },
      ]
    })
  },

  /** Records an attempt's outcome, unless the lease was lost meanwhile (taken over, or redelivery requested). */
  async settle(delivery: { id: string; lease: string }, s: Settlement): Promise<void> {
    await db
      .updateTable('webhookDeliveries')
      .set({
        status: s.status,
        lockedUntil: null,
        ...(s.status === 'pending' && { nextAttemptAt: s.nextAttemptAt }),
        lastStatusCode: s.statusCode ?? null,
        lastError: s.error ?? null,
        responseExcerpt: s.excerpt ?? null,
        durationMs: s.durationMs,
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'delivering')
      .where('lockedUntil', '=', delivery.lease)
      .execute()
  },

  /** A subscription's deliveries, newest first, by keyset pages (the cursor is the last one's creation time and id). */
  async deliveries(webhookId: string, page: { limit: number; cursor?: { createdAt: string; id: string } }): Promise<Delivery[]> {
    let query = db
      .selectFrom('webhookDeliveries as d')
      .innerJoin('webhookEvents as e', 'e.id', 'd.eventId')
      .select([
        'd.id',
        'd.eventId',
        'e.type as eventType',
        'd.status',
        'd.attempts',
        'd.nextAttemptAt',
        'd.lastAttemptAt',
        'd.lastStatusCode',
        'd.lastError',
        'd.responseExcerpt',
        'd.durationMs',
        'd.createdAt',
      ])
      .where('d.webhookId', '=', webhookId)
    const at = page.cursor
    if (at)
      query = query.where((eb) =>
        eb.or([eb('d.createdAt', '<', at.createdAt), eb.and([eb('d.createdAt', '=', at.createdAt), eb('d.id', '<', at.id)])]),
      )
    const rows = await query.orderBy('d.createdAt', 'desc').orderBy('d.id', 'desc').limit(page.limit).execute()
    return rows.map((r) => ({
      ...r,
      status: r.status as DeliveryStatus,
      nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
    }))
  },

  /**
   * Sends a delivery again from now, with a fresh retry schedule (same event, same id). Refused ('busy') while a
   * dispatcher holds its lease, which would have it sent twice at once; 'missing': no such delivery.
   */
  async redeliver(webhookId: string, deliveryId: string): Promise<'queued' | 'busy' | 'missing'> {
    const at = new Date().toISOString()
    const res = await db
      .updateTable('webhookDeliveries')
      .set({ status: 'pending', attempts: 0, nextAttemptAt: at, lockedUntil: null })
      .where('id', '=', deliveryId)
      .where('webhookId', '=', webhookId)
      .where((w) => w.or([w('status', '!=', 'delivering'), w('lockedUntil', 'is', null), w('lockedUntil', '<', at)]))
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) > 0) return 'queued'
    const row = await db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('id', '=', deliveryId)
      .where('webhookId', '=', webhookId)
      .executeTakeFirst()
    return row ? 'busy' : 'missing'
  },
})
