// Outgoing webhooks: subscriptions (their signing secrets encrypted, bound to workspace and id), the outbox of events
// chat turns write (turnSql.ts), and deliveries, claimed with a lease so that several processes never send the same
// one at the same time (docs/webhooks.md).
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { newId } from '../lib/ids.js'
import { type Cipher, DecryptionError } from '../lib/secrets.js'
import { EncryptionNotConfiguredError } from './credentials.js'
import type { DialectAdapter } from './dialect/adapter.js'
import type { Database, Flag } from './tables.js'

export type Webhook = {
  id: string
  workspaceId: string
  botId: string | null
  url: string
  events: string[]
  description: string
  enabled: boolean
  createdAt: string
  updatedAt: string
}

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

const context = (workspaceId: string, id: string) => `webhook:${workspaceId}:${id}`
/** A new signing secret: 32 random bytes, prefixed so that people recognise it. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

type Row = Database['webhooks']
const toWebhook = (row: Omit<Row, 'secret'>): Webhook => ({
  id: row.id,
  workspaceId: row.workspaceId,
  botId: row.botId,
  url: row.url,
  events: JSON.parse(row.events),
  description: row.description,
  enabled: row.enabled === 1,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})
const PUBLIC_COLUMNS = ['id', 'workspaceId', 'botId', 'url', 'events', 'description', 'enabled', 'createdAt', 'updatedAt'] as const

export const webhooks = (db: Kysely<Database>, adapter: DialectAdapter, cipher: Cipher | undefined) => {
  const encrypt = (workspaceId: string, id: string, secret: string) => {
    if (!cipher) throw new EncryptionNotConfiguredError('Webhook signing secrets')
    return cipher.encrypt(secret, context(workspaceId, id))
  }
  const decrypt = (workspaceId: string, id: string, stored: string) => {
    try {
      return cipher?.decrypt(stored, context(workspaceId, id))
    } catch (err) {
      if (err instanceof DecryptionError) return undefined
      throw err
    }
  }

  return {
    /** A new subscription and its signing secret (shown once). */
    async create(
      workspaceId: string,
      input: { botId: string | null; url: string; events: string[]; description: string },
    ): Promise<{ webhook: Webhook; secret: string }> {
      const id = newId()
      const secret = newSecret()
      const now = new Date().toISOString()
      const row = { id, workspaceId, ...input, events: JSON.stringify(input.events), enabled: 1 as Flag, createdAt: now, updatedAt: now }
      await db
        .insertInto('webhooks')
        .values({ ...row, secret: encrypt(workspaceId, id, secret) })
        .execute()
      return { webhook: toWebhook(row), secret }
    },

    async count(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspaceId', '=', workspaceId)
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },

    /** A workspace's subscriptions (of one bot, with `botId`: those of the bot and the workspace-wide ones), oldest first. */
    async list(workspaceId: string, botId?: string): Promise<Webhook[]> {
      let query = db.selectFrom('webhooks').select(PUBLIC_COLUMNS).where('workspaceId', '=', workspaceId)
      if (botId !== undefined) query = query.where((eb) => eb.or([eb('botId', '=', botId), eb('botId', 'is', null)]))
      const rows = await query.orderBy('createdAt').orderBy('id').execute()
      return rows.map(toWebhook)
    },

    async get(id: string): Promise<Webhook | undefined> {
      const row = await db.selectFrom('webhooks').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst()
      return row && toWebhook(row)
    },

    /** What enabled subscriptions of a workspace want: per bot (null: every bot), the event types. */
    async wanted(workspaceId: string): Promise<{ botId: string | null; events: string[] }[]> {
      const rows = await db
        .selectFrom('webhooks')
        .select(['botId', 'events'])
        .where('workspaceId', '=', workspaceId)
        .where('enabled', '=', 1)
        .execute()
      return rows.map((r) => ({ botId: r.botId, events: JSON.parse(r.events) }))
    },

    async update(id: string, patch: { url?: string; events?: string[]; description?: string; enabled?: boolean }): Promise<Webhook | undefined> {
      await db
        .updateTable('webhooks')
        .set({
          ...(patch.url !== undefined && { url: patch.url }),
          ...(patch.events !== undefined && { events: JSON.stringify(patch.events) }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.enabled !== undefined && { enabled: patch.enabled ? 1 : 0 }),
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute()
      return this.get(id)
    },

    async rotateSecret(workspaceId: string, id: string): Promise<string> {
      const secret = newSecret()
      await db
        .updateTable('webhooks')
        .set({ secret: encrypt(workspaceId, id, secret), updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute()
      return secret
    },

    /** Deletes a subscription with its deliveries. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('webhooks').where('id', '=', id).execute()
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
            secret: decrypt(hook.workspaceId, hook.id, hook.secret),
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
  }
}
