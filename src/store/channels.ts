// What messaging channels keep (src/channels/, app/conversations.ts): single-use verification tokens, the messages
// already taken (a delivery repeated, even at the same time on two processes, is taken once), and the bots bound
// to a channel's credentials.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DialectAdapter } from './dialect/adapter.js'
import type { Database } from './tables.js'

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A bot bound to credentials: its id and current published snapshot. */
export type BoundBot = { id: string; publishedId: string; isClosed: boolean; isArchived: boolean }

export const channels = (db: Kysely<Database>, adapter: DialectAdapter) => ({
  async addToken(token: string, workspaceId: string, purpose: string, expiresAt: number): Promise<void> {
    await db
      .insertInto('channelTokens')
      .values({ tokenHash: hashOf(token), workspaceId, purpose, expiresAt })
      .execute()
  },

  /** Uses a token: true once, when it was issued for this workspace and purpose and has not expired. */
  async takeToken(token: string, workspaceId: string, purpose: string, now = Date.now()): Promise<boolean> {
    const res = await db
      .deleteFrom('channelTokens')
      .where('tokenHash', '=', hashOf(token))
      .where('workspaceId', '=', workspaceId)
      .where('purpose', '=', purpose)
      .where('expiresAt', '>', now)
      .executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },

  /** Takes a message: true the first time its key is seen (until `expiresAt`), false for any repeat. */
  async claimMessage(key: string, expiresAt: number): Promise<boolean> {
    try {
      await db.insertInto('channelMessages').values({ key, expiresAt }).execute()
      return true
    } catch (err) {
      if (adapter.isUniqueViolation(err)) return false
      throw err
    }
  },

  /**
   * Published bots of a workspace whose document binds them to these credentials (`field`: `whatsAppCredentialsId`
   * or `telegramCredentialsId`), oldest first. The documents are JSON text written by JSON.stringify: the LIKE only
   * narrows the rows, each is checked once parsed.
   */
  async boundBots(workspaceId: string, field: string, credentialsId: string): Promise<BoundBot[]> {
    const rows = await db
      .selectFrom('bots')
      .select(['id', 'publishedId', 'isClosed', 'isArchived', 'doc'])
      .where('workspaceId', '=', workspaceId)
      .where('publishedId', 'is not', null)
      .where('doc', 'like', `%"${field}":"${credentialsId.replace(/[%_\\"]/g, '')}"%`)
      .orderBy('createdAt')
      .orderBy('id')
      .execute()
    return rows
      .filter((r) => JSON.parse(r.doc)[field] === credentialsId)
      .map((r) => ({ id: r.id, publishedId: r.publishedId!, isClosed: r.isClosed === 1, isArchived: r.isArchived === 1 }))
  },

  /** Deletes up to `limit` expired tokens and taken messages; answers how many. */
  async purge(limit: number, now: number): Promise<number> {
    let removed = 0
    for (const table of ['channelTokens', 'channelMessages'] as const) {
      const key = table === 'channelTokens' ? 'tokenHash' : 'key'
      const res = await db
        .deleteFrom(table)
        .where(key, 'in', (eb: any) => eb.selectFrom(table).select(key).where('expiresAt', '<=', now).limit(limit))
        .executeTakeFirst()
      removed += Number(res.numDeletedRows)
    }
    return removed
  },
})
