// A bot's version history: the numbered snapshots publishing made (store/bots.ts publish), read back, made live
// again, and pruned beyond the retention setting.
import type { Kysely } from 'kysely'
import { runtimeHash } from './botHash.js'
import type { Database } from './tables.js'

/** A version as lists show it (no document). */
export type BotVersionSummary = {
  id: string
  botId: string
  number: number
  publishedAt: string
  publishedBy: { id: string; name: string; email: string | null } | null
  note: string | null
  /** Length of its stored JSON in bytes (UTF-16 code units), for the storage its history takes. */
  size: number
}

export type BotVersion = BotVersionSummary & { doc: Record<string, unknown> & { version: string } }

const columns = [
  'publishedBots.id',
  'publishedBots.botId',
  'publishedBots.number',
  'publishedBots.updatedAt',
  'publishedBots.note',
  'publishedBots.publishedBy',
  'users.name as publisherName',
  'users.email as publisherEmail',
] as const

type Row = {
  id: string
  botId: string
  number: number | null
  updatedAt: string
  note: string | null
  publishedBy: string | null
  publisherName: string | null
  publisherEmail: string | null
}

const toSummary = (row: Row, size: number): BotVersionSummary => ({
  id: row.id,
  botId: row.botId,
  number: row.number ?? 0,
  publishedAt: row.updatedAt,
  publishedBy: row.publishedBy && row.publisherName !== null ? { id: row.publishedBy, name: row.publisherName, email: row.publisherEmail } : null,
  note: row.note,
  size,
})

export const botVersions = (db: Kysely<Database>) => {
  const versionsOf = (botId: string) =>
    db
      .selectFrom('publishedBots')
      .leftJoin('users', 'users.id', 'publishedBots.publishedBy')
      .where('publishedBots.botId', '=', botId)
      .where('publishedBots.number', 'is not', null)

  return {
    /** Newest first, a page of `limit` before the version numbered `before` (when given). */
    async list(botId: string, page: { limit: number; before?: number }): Promise<BotVersionSummary[]> {
      const rows = await versionsOf(botId)
        .select([...columns, (eb) => eb.fn('length', ['publishedBots.doc']).as('size')])
        .$if(page.before !== undefined, (q) => q.where('publishedBots.number', '<', page.before!))
        .orderBy('publishedBots.number', 'desc')
        .limit(page.limit)
        .execute()
      return rows.map((r) => toSummary(r, Number(r.size)))
    },

    /** By id, or by number when `version` is one. */
    async get(botId: string, version: string | number): Promise<BotVersion | undefined> {
      const row = await versionsOf(botId)
        .select([...columns, 'publishedBots.doc'])
        .where(typeof version === 'number' ? 'publishedBots.number' : 'publishedBots.id', '=', version)
        .executeTakeFirst()
      return row && { ...toSummary(row, row.doc.length), doc: JSON.parse(row.doc) }
    },

    /** Versions and the bytes their documents take, for a bot (storage, in the bench and the Versions tab). */
    async totals(botId: string): Promise<{ count: number; bytes: number }> {
      const row = await versionsOf(botId)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>(eb.fn('length', ['publishedBots.doc'])).as('bytes')])
        .executeTakeFirst()
      return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) }
    },

    /**
     * Makes a version the live one (a rollback): new chats start on it, chats in progress keep their own snapshot.
     * The bot's published hash becomes the version's, so the draft shows as changed unless it equals that version.
     */
    async makeLive(botId: string, versionId: string, updatedAt: string): Promise<boolean> {
      const version = await db.selectFrom('publishedBots').select('doc').where('id', '=', versionId).where('botId', '=', botId).executeTakeFirst()
      if (!version) return false
      const res = await db
        .updateTable('bots')
        .set({ publishedId: versionId, publishedHash: runtimeHash(JSON.parse(version.doc)), updatedAt })
        .where('id', '=', botId)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) > 0
    },

    /**
     * Deletes the versions beyond the newest `keep` ones, except the live one and any a chat still runs on (its
     * session state names the snapshot). Returns how many went.
     */
    async prune(botId: string, keep: number, liveId: string | null): Promise<number> {
      const old = await versionsOf(botId).select('publishedBots.id').orderBy('publishedBots.number', 'desc').offset(keep).limit(1000).execute()
      let removed = 0
      for (const { id } of old) {
        if (id === liveId) continue
        const inUse = await db.selectFrom('chatSessions').select('id').where('state', 'like', `%"snapshotId":"${id}"%`).limit(1).executeTakeFirst()
        if (inUse) continue
        // In the same statement: not the live one, should a rollback to it have happened since `liveId` was read.
        const res = await db
          .deleteFrom('publishedBots')
          .where('id', '=', id)
          .where('number', 'is not', null)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('bots').select('bots.id').where('bots.publishedId', '=', id))))
          .executeTakeFirst()
        removed += Number(res.numDeletedRows)
      }
      return removed
    },
  }
}
