// Outgoing webhooks (docs/webhooks.md): subscriptions managed by the workspace's writers, and what chat turns ask
// before writing events. Which subscriptions a workspace has is cached in each process: a change made through this
// process is seen at once, one made through another process within WANTED_TTL_MS (the entry is read again after).
import type { User } from '../store/accounts.js'
import { EncryptionNotConfiguredError } from '../store/credentials.js'
import type { Store } from '../store/index.js'
import type { Webhook } from '../store/webhooks/index.js'
import type { Access } from './access.js'
import { AppError, badRequest, conflict, notFound } from './errors.js'
import { createRateLimit } from './rateLimit.js'
import { type EventPayload, type EventType, type Wanted, wantsNothing } from './webhookEvents.js'

/** How long a process trusts its copy of a workspace's subscriptions (changes made by other processes). */
export const WANTED_TTL_MS = 10_000
/** Subscriptions a workspace may have. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 50
/** Test pings a webhook may be sent per minute (per process). */
export const TEST_PINGS_PER_MINUTE = 10
/** Workspaces whose subscriptions are cached at once (the oldest entry goes first). */
const CACHE_ENTRIES = 10_000

export type WebhookInput = { url: string; events: EventType[]; description?: string }

export const createWebhooks = ({ store, access }: { store: Pick<Store, 'webhooks' | 'bots' | 'rateLimits'>; access: Access }) => {
  const cache = new Map<string, { at: number; wanted: { botId: string | null; events: string[] }[] }>()
  const listeners = new Set<() => void>()
  // Pings queue deliveries at will; a flood of them would only keep the receiver (and its slots) busy.
  const pings = createRateLimit(store.rateLimits, {
    scope: 'webhook-pings',
    max: TEST_PINGS_PER_MINUTE,
    windowMs: 60_000,
    message: `At most ${TEST_PINGS_PER_MINUTE} test pings per minute per webhook: try again in a minute.`,
  })

  const changed = (workspaceId: string) => cache.delete(workspaceId)

  /** The subscription, when the caller may manage it (writers of its workspace; others get 404). */
  const owned = async (user: User, webhookId: string): Promise<Webhook> => {
    const webhook = await store.webhooks.get(webhookId)
    if (!webhook) throw notFound('Webhook not found.')
    try {
      await access.workspaceRole(user, webhook.workspaceId, 'write')
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') throw notFound('Webhook not found.')
      throw err
    }
    return webhook
  }

  const withEncryption = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (err) {
      if (err instanceof EncryptionNotConfiguredError) throw new AppError('encryption_not_configured', err.message)
      throw err
    }
  }

  return {
    /**
     * What a chat turn of this workspace may send (see turnEvents): from the cache, read again when older than
     * WANTED_TTL_MS. A workspace without subscriptions answers false to everything.
     */
    async wanted(workspaceId: string): Promise<Wanted> {
      let hit = cache.get(workspaceId)
      if (!hit || Date.now() - hit.at >= WANTED_TTL_MS) {
        hit = { at: Date.now(), wanted: await store.webhooks.wanted(workspaceId) }
        cache.delete(workspaceId)
        cache.set(workspaceId, hit)
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!)
      }
      const { wanted } = hit
      if (!wanted.length) return wantsNothing
      return (botId, type) => wanted.some((w) => (w.botId === null || w.botId === botId) && w.events.includes(type))
    },

    /** Calls `listener` when events were written by this process (the dispatcher's nudge). */
    onEvents(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    eventsWritten() {
      for (const listener of listeners) listener()
    },

    async create(user: User, workspaceId: string, input: WebhookInput & { botId?: string }) {
      await access.workspaceRole(user, workspaceId, 'write')
      if (input.botId !== undefined) {
        const bot = await store.bots.get(input.botId)
        if (!bot || bot.workspaceId !== workspaceId) throw notFound('Bot not found.')
      }
      if ((await store.webhooks.count(workspaceId)) >= MAX_WEBHOOKS_PER_WORKSPACE)
        throw badRequest(`A workspace may have at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks: delete one first.`)
      const created = await withEncryption(() =>
        store.webhooks.create(workspaceId, {
          botId: input.botId ?? null,
          url: input.url,
          events: [...new Set(input.events)],
          description: input.description ?? '',
        }),
      )
      changed(workspaceId)
      return created
    },

    async list(user: User, workspaceId: string, botId?: string): Promise<Webhook[]> {
      await access.workspaceRole(user, workspaceId, 'write')
      return store.webhooks.list(workspaceId, botId)
    },

    get: owned,

    async update(user: User, webhookId: string, patch: Partial<WebhookInput> & { enabled?: boolean }): Promise<Webhook> {
      const webhook = await owned(user, webhookId)
      const updated = await store.webhooks.update(webhook.id, { ...patch, ...(patch.events && { events: [...new Set(patch.events)] }) })
      changed(webhook.workspaceId)
      if (!updated) throw notFound('Webhook not found.')
      return updated
    },

    async delete(user: User, webhookId: string): Promise<void> {
      const webhook = await owned(user, webhookId)
      await store.webhooks.delete(webhook.id)
      changed(webhook.workspaceId)
    },

    async rotateSecret(user: User, webhookId: string): Promise<string> {
      const webhook = await owned(user, webhookId)
      return withEncryption(() => store.webhooks.rotateSecret(webhook.workspaceId, webhook.id))
    },

    /** Deliveries of a subscription, newest first; `cursor` is the previous page's `nextCursor`. */
    async deliveries(user: User, webhookId: string, page: { limit: number; cursor?: string }) {
      const webhook = await owned(user, webhookId)
      const deliveries = await store.webhooks.deliveries(webhook.id, {
        limit: page.limit + 1,
        cursor: page.cursor ? parseCursor(page.cursor) : undefined,
      })
      const more = deliveries.length > page.limit
      if (more) deliveries.pop()
      const last = deliveries.at(-1)
      return { deliveries, ...(more && last && { nextCursor: Buffer.from(JSON.stringify([last.createdAt, last.id])).toString('base64url') }) }
    },

    /** Sends a delivery again (same event id), from now on with a fresh retry schedule. */
    async redeliver(user: User, webhookId: string, deliveryId: string): Promise<void> {
      const webhook = await owned(user, webhookId)
      const outcome = await store.webhooks.redeliver(webhook.id, deliveryId)
      if (outcome === 'missing') throw notFound('Delivery not found.')
      if (outcome === 'busy') throw conflict('This delivery is being sent right now; try again once it is settled.')
      this.eventsWritten()
    },

    /** Sends a `ping` event to this subscription only (whatever its event types), to try the receiver. */
    async test(user: User, webhookId: string): Promise<{ eventId: string }> {
      const webhook = await owned(user, webhookId)
      await pings.take([webhook.id])
      const eventId = await store.webhooks.addDirect(webhook, 'ping', (id, createdAt) => {
        const payload: EventPayload = {
          id,
          type: 'ping',
          createdAt,
          workspaceId: webhook.workspaceId,
          botId: webhook.botId,
          resultId: null,
          data: { webhookId: webhook.id },
        }
        return JSON.stringify(payload)
      })
      this.eventsWritten()
      return { eventId }
    },
  }
}

const parseCursor = (cursor: string): { createdAt: string; id: string } => {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id }
  } catch {}
  throw badRequest('Invalid cursor.')
}

export type WebhooksApp = ReturnType<typeof createWebhooks>
