// The SQL of the session lifecycle (app/lifecycle.ts has the rules): idle sessions deleted a chunk at a time, preview
// snapshots no chat uses any more, and the lease that lets one node at a time run the purge. Every delete re-checks
// its condition, so purgers racing each other (or a turn reviving a session) delete nothing twice or wrongly.
import { type Kysely, sql } from 'kysely'
import type { Database } from './tables.js'

export type SessionKind = 'live' | 'preview'
/** A result an expired session wrote last, with what of its files its answers and variables name. */
/** A result whose chat expired, with its variables (JSON text) and every answer's text and attached file URLs. */
export type ExpiredResult = { id: string; botId: string; workspaceId: string; variables: string; answerTexts: string[] }
export type StalePreviewSnapshot = { id: string; updatedAt: string; botId: string; workspaceId: string }

/** Preview snapshots by their ids, as the partial index `published_bots_preview` says it (a literal, not a parameter). */
const isPreviewSnapshot = (column: string) => sql<boolean>`${sql.ref(column)} like 'preview-%'`

export const lifecycle = (db: Kysely<Database>) => ({
  /**
   * Deletes up to `limit` sessions of a kind last written before `before`; answers their ids. Found by the index on
   * (isPreview, createdAt), since a session written last before `before` was created before it: only the few chats
   * created before then and still going are read and kept on every run.
   */
  async deleteIdleSessions(kind: SessionKind, before: string, limit: number): Promise<string[]> {
    const flag = kind === 'preview' ? 1 : 0
    const rows = await db
      .deleteFrom('chatSessions')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('chatSessions')
          .select('id')
          .where('isPreview', '=', flag)
          .where('createdAt', '<', before)
          .where('updatedAt', '<', before)
          .limit(limit),
      )
      // Again on the row itself: a turn that advanced the session meanwhile keeps it (PostgreSQL re-reads it).
      .where('updatedAt', '<', before)
      .returning('id')
      .execute()
    return rows.map((r) => r.id)
  },

  /** States of preview sessions, a page at a time by id (previews are few: editors trying their bots). */
  async previewStates(afterId: string, limit: number): Promise<{ id: string; state: string }[]> {
    return db
      .selectFrom('chatSessions')
      .select(['id', 'state'])
      .where('isPreview', '=', 1)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
  },

  /**
   * Preview snapshots last used before `before`, oldest first, a page at a time after the last one seen, with their
   * bot's workspace (in the order of the index `published_bots_preview`).
   */
  async stalePreviewSnapshots(before: string, after: { updatedAt: string; id: string } | undefined, limit: number): Promise<StalePreviewSnapshot[]> {
    return db
      .selectFrom('publishedBots')
      .innerJoin('bots', 'bots.id', 'publishedBots.botId')
      .select(['publishedBots.id', 'publishedBots.updatedAt', 'publishedBots.botId', 'bots.workspaceId'])
      .where(isPreviewSnapshot('publishedBots.id'))
      .where('publishedBots.updatedAt', '<', before)
      .$if(!!after, (q) =>
        q.where((eb) =>
          eb.or([
            eb('publishedBots.updatedAt', '>', after!.updatedAt),
            eb.and([eb('publishedBots.updatedAt', '=', after!.updatedAt), eb('publishedBots.id', '>', after!.id)]),
          ]),
        ),
      )
      .orderBy('publishedBots.updatedAt')
      .orderBy('publishedBots.id')
      .limit(limit)
      .execute()
  },

  /** Deletes those preview snapshots still unused since before `before` (a preview started meanwhile keeps its own). */
  async deletePreviewSnapshots(ids: string[], before: string): Promise<number> {
    if (!ids.length) return 0
    const res = await db
      .deleteFrom('publishedBots')
      .where('id', 'in', ids)
      .where(isPreviewSnapshot('id'))
      .where('updatedAt', '<', before)
      .executeTakeFirst()
    return Number(res.numDeletedRows)
  },

  /**
   * The results these sessions wrote last, with what their answers say: file URLs are in `attachedFileUrls`, and in
   * the text itself for voice clips and file replies sent as text.
   */
  async resultsOfSessions(sessionIds: string[]): Promise<ExpiredResult[]> {
    if (!sessionIds.length) return []
    const rows = await db
      .selectFrom('results')
      .innerJoin('bots', 'bots.id', 'results.botId')
      .select(['results.id', 'results.botId', 'bots.workspaceId', 'results.variables'])
      .where('results.lastChatSessionId', 'in', sessionIds)
      .execute()
    if (!rows.length) return []
    const answers = await db
      .selectFrom('answers')
      .select(['resultId', 'content', 'attachedFileUrls'])
      .where(
        'resultId',
        'in',
        rows.map((r) => r.id),
      )
      .execute()
    const texts = new Map<string, string[]>()
    for (const a of answers) {
      const list = texts.get(a.resultId) ?? []
      list.push(a.content)
      if (a.attachedFileUrls) list.push(a.attachedFileUrls)
      texts.set(a.resultId, list)
    }
    return rows.map((r) => ({ ...r, answerTexts: texts.get(r.id) ?? [] }))
  },

  /** The bots of these snapshots (preview snapshots still in use: their bots' preview files stay). */
  async botsOfSnapshots(ids: string[]): Promise<Set<string>> {
    const bots = new Set<string>()
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom('publishedBots')
        .select('botId')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()
      for (const r of rows) bots.add(r.botId)
    }
    return bots
  },

  /**
   * Takes the lease `name` for `holder` until `until` when it is free, expired or already `holder`'s; false when
   * another holder has it. One statement, so two nodes asking at once cannot both get it.
   */
  async acquireLease(name: string, holder: string, now: string, until: string): Promise<boolean> {
    const rows = await db
      .insertInto('parleyLeases')
      .values({ name, holder, expiresAt: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, expiresAt: until })
          .where((eb) => eb.or([eb('parleyLeases.expiresAt', '<=', now), eb('parleyLeases.holder', '=', holder)])),
      )
      .returning('holder')
      .execute()
    return rows.length === 1
  },

  /** Gives the lease back early (nothing when another holder has it by now). */
  async releaseLease(name: string, holder: string): Promise<void> {
    await db.deleteFrom('parleyLeases').where('name', '=', name).where('holder', '=', holder).execute()
  },
})

export type LifecycleStore = ReturnType<typeof lifecycle>
