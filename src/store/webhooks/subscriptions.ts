// Webhook subscriptions: which workspace (or bot) sends which events where, and each one's signing secret.
import type { Kysely } from 'kysely'
import { newId } from '../../lib/ids.js'
import type { Database, Flag } from '../tables.js'
import type { WebhookSecrets } from './secrets.js'

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

export const subscriptions = (db: Kysely<Database>, secrets: WebhookSecrets) => {
  const get = async (id: string): Promise<Webhook | undefined> => {
    const row = await db.selectFrom('webhooks').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst()
    return row && toWebhook(row)
  }

  return {
    /** A new subscription and its signing secret (shown once). */
    async create(
      workspaceId: string,
      input: { botId: string | null; url: string; events: string[]; description: string },
    ): Promise<{ webhook: Webhook; secret: string }> {
      const id = newId()
      const secret = secrets.create()
      const now = new Date().toISOString()
      const row = { id, workspaceId, ...input, events: JSON.stringify(input.events), enabled: 1 as Flag, createdAt: now, updatedAt: now }
      await db
        .insertInto('webhooks')
        .values({ ...row, secret: secrets.encrypt(workspaceId, id, secret) })
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

    get,

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
      return get(id)
    },

    async rotateSecret(workspaceId: string, id: string): Promise<string> {
      const secret = secrets.create()
      await db
        .updateTable('webhooks')
        .set({ secret: secrets.encrypt(workspaceId, id, secret), updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute()
      return secret
    },

    /** Deletes a subscription with its deliveries. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('webhooks').where('id', '=', id).execute()
    },
  }
}
