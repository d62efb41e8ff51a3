// Bots (drafts) and their published snapshots.
import { createHash } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { BotDocument, BotServiceFields } from '../contract/bot/record.js'
import { newId } from '../lib/ids.js'
import { runtimeHash, runtimePart } from './botHash.js'
import type { DialectAdapter } from './dialect/adapter.js'
import type { BotsTable, Database, PublishedBotsTable } from './tables.js'

/** A bot as stored: the fields the service owns (columns), its current published snapshot and its document. */
export type StoredBot = BotServiceFields & { publishedId: string | null; doc: BotDocument }

/** A bot as lists show it: no document. */
export type BotSummary = Omit<StoredBot, 'doc'> & {
  name: string
  icon: string | null
  hasUnpublishedChanges: boolean
  /** When the current snapshot was published; null while unpublished. */
  publishedAt: string | null
}

/** The runtime part of a bot, frozen at publication. */
export type PublishedBot = {
  id: string
  botId: string
  createdAt: string
  updatedAt: string
  doc: Record<string, unknown> & { version: string }
  /** Length of the stored JSON, a measure of the memory a compiled copy takes. */
  size: number
}

export class PublicIdTakenError extends Error {
  constructor(readonly publicId: string) {
    super(`The public id "${publicId}" is already used by another bot.`)
  }
}

export type BotChanges = Partial<Pick<StoredBot, 'publicId' | 'isArchived' | 'isClosed' | 'folderId' | 'doc'>>

const toStoredBot = (row: Selectable<BotsTable>): StoredBot => ({
  id: row.id,
  workspaceId: row.workspaceId,
  publicId: row.publicId,
  isArchived: row.isArchived === 1,
  isClosed: row.isClosed === 1,
  publishedId: row.publishedId,
  folderId: row.folderId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  doc: JSON.parse(row.doc),
})

const toPublished = (row: Selectable<PublishedBotsTable>): PublishedBot => ({
  id: row.id,
  botId: row.botId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  doc: JSON.parse(row.doc),
  size: row.doc.length,
})

const iconOf = (doc: BotDocument): string | null => (typeof doc.icon === 'string' ? doc.icon : null)

/** A timestamp strictly after `previous`, so two writes within one millisecond still order. */
export const nextTimestamp = (previous?: string): string => {
  const now = Date.now()
  const prev = previous ? Date.parse(previous) : 0
  return new Date(Math.max(now, prev + 1)).toISOString()
}

const summaryColumns = [
  'bots.id',
  'bots.workspaceId',
  'bots.publicId',
  'bots.isArchived',
  'bots.isClosed',
  'bots.publishedId',
  'bots.folderId',
  'bots.name',
  'bots.icon',
  'bots.draftHash',
  'bots.publishedHash',
  'bots.createdAt',
  'bots.updatedAt',
  'publishedBots.updatedAt as publishedAt',
] as const

type SummaryRow = Omit<BotSummary, 'isArchived' | 'isClosed' | 'hasUnpublishedChanges'> & {
  isArchived: number
  isClosed: number
  draftHash: string | null
  publishedHash: string | null
  publishedAt: string | null
}

const toSummary = ({ draftHash, publishedHash, ...row }: SummaryRow): BotSummary => ({
  ...row,
  isArchived: row.isArchived === 1,
  isClosed: row.isClosed === 1,
  publishedAt: row.publishedId ? row.publishedAt : null,
  hasUnpublishedChanges: row.publishedId !== null && draftHash !== publishedHash,
})

export const bots = (db: Kysely<Database>, adapter: DialectAdapter) => {
  const rethrowPublicId = (err: unknown, publicId: string | null | undefined): never => {
    if (publicId && adapter.isUniqueViolation(err)) throw new PublicIdTakenError(publicId)
    throw err
  }
  const summaryQuery = () => db.selectFrom('bots').leftJoin('publishedBots', 'publishedBots.id', 'bots.publishedId').select(summaryColumns)

  return {
    /** `id` may be chosen beforehand (bots imported together, whose links name each other's new ids). */
    async create(input: {
      id?: string
      workspaceId: string
      publicId: string
      isClosed?: boolean
      folderId?: string | null
      doc: BotDocument
    }): Promise<StoredBot> {
      const now = new Date().toISOString()
      const row = {
        id: input.id ?? newId(),
        workspaceId: input.workspaceId,
        publicId: input.publicId,
        isArchived: 0 as const,
        isClosed: input.isClosed ? (1 as const) : (0 as const),
        publishedId: null,
        folderId: input.folderId ?? null,
        name: input.doc.name,
        icon: iconOf(input.doc),
        draftHash: runtimeHash(input.doc),
        publishedHash: null,
        doc: JSON.stringify(input.doc),
        createdAt: now,
        updatedAt: now,
      }
      await db
        .insertInto('bots')
        .values(row)
        .execute()
        .catch((err) => rethrowPublicId(err, input.publicId))
      return toStoredBot(row)
    },

    async get(id: string): Promise<StoredBot | undefined> {
      const row = await db.selectFrom('bots').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toStoredBot(row)
    },

    /** Those of `ids` that name bots of the workspace (ids only: no document is read). */
    async idsInWorkspace(workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db.selectFrom('bots').select('id').where('workspaceId', '=', workspaceId).where('id', 'in', ids).execute()
      return new Set(rows.map((row) => row.id))
    },

    async isPublicIdTaken(publicId: string): Promise<boolean> {
      return !!(await db.selectFrom('bots').select('id').where('publicId', '=', publicId).executeTakeFirst())
    },

    /** A workspace's bots, newest first, without their documents; `folderId` null: the root only. */
    async summaries(workspaceId: string, filter: { folderId?: string | null } = {}): Promise<BotSummary[]> {
      let query = summaryQuery().where('bots.workspaceId', '=', workspaceId)
      if (filter.folderId === null) query = query.where('bots.folderId', 'is', null)
      else if (filter.folderId !== undefined) query = query.where('bots.folderId', '=', filter.folderId)
      const rows = await query.orderBy('bots.createdAt', 'desc').orderBy('bots.id').execute()
      return rows.map(toSummary)
    },

    /** One bot without its document (its publishing state with it). */
    async summary(id: string): Promise<BotSummary | undefined> {
      const row = await summaryQuery().where('bots.id', '=', id).executeTakeFirst()
      return row && toSummary(row)
    },

    /**
     * Applies changes unless the stored bot was updated after `ifNotUpdatedAfter` (optimistic concurrency).
     * The check and the write are one statement, so two concurrent updates cannot both pass the check.
     */
    async update(id: string, changes: BotChanges, ifNotUpdatedAfter?: string): Promise<StoredBot | 'conflict' | undefined> {
      const current = await this.get(id)
      if (!current) return undefined
      if (ifNotUpdatedAfter !== undefined && Date.parse(current.updatedAt) > Date.parse(ifNotUpdatedAfter)) return 'conflict'
      const updatedAt = nextTimestamp(current.updatedAt)
      const res = await db
        .updateTable('bots')
        .set({
          ...(changes.publicId !== undefined && { publicId: changes.publicId }),
          ...(changes.isArchived !== undefined && { isArchived: changes.isArchived ? 1 : 0 }),
          ...(changes.isClosed !== undefined && { isClosed: changes.isClosed ? 1 : 0 }),
          ...(changes.folderId !== undefined && { folderId: changes.folderId }),
          ...(changes.doc !== undefined && {
            doc: JSON.stringify(changes.doc),
            name: changes.doc.name,
            icon: iconOf(changes.doc),
            draftHash: runtimeHash(changes.doc),
          }),
          updatedAt,
        })
        .where('id', '=', id)
        .where('updatedAt', '=', current.updatedAt)
        .executeTakeFirst()
        .catch((err) => rethrowPublicId(err, changes.publicId))
      // Another writer got in between our read and our write.
      if (Number(res.numUpdatedRows) === 0) return 'conflict'
      return { ...current, ...changes, updatedAt }
    },

    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('bots').where('id', '=', id).executeTakeFirst()
      return Number(res.numDeletedRows) > 0
    },

    /**
     * Snapshots the draft's runtime part as the bot's next numbered version, makes it the live one and bumps the
     * bot's updatedAt. The bot's row is locked first, so two publishes at once get consecutive numbers.
     */
    async publish(botId: string, by: { userId: string | null; note?: string | null }): Promise<PublishedBot | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('bots')
          .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
          .where('id', '=', botId)
          .execute()
        const row = await trx.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirst()
        if (!row) return undefined
        const bot = toStoredBot(row)
        const previous = bot.publishedId
          ? await trx.selectFrom('publishedBots').select('createdAt').where('id', '=', bot.publishedId).executeTakeFirst()
          : undefined
        const last = await trx
          .selectFrom('publishedBots')
          .select((eb) => eb.fn.max('number').as('number'))
          .where('botId', '=', botId)
          .executeTakeFirst()
        const updatedAt = nextTimestamp(bot.updatedAt)
        const doc = runtimePart(bot.doc) as PublishedBot['doc']
        const snapshot = {
          id: newId(),
          botId,
          doc: JSON.stringify(doc),
          createdAt: previous?.createdAt ?? updatedAt,
          updatedAt,
          number: Number(last?.number ?? 0) + 1,
          publishedBy: by.userId,
          note: by.note ?? null,
        }
        await trx.insertInto('publishedBots').values(snapshot).execute()
        await trx.updateTable('bots').set({ publishedId: snapshot.id, publishedHash: row.draftHash, updatedAt }).where('id', '=', botId).execute()
        return toPublished(snapshot)
      })
    },

    async unpublish(botId: string): Promise<void> {
      await db
        .updateTable('bots')
        .set({ publishedId: null, publishedHash: null, updatedAt: new Date().toISOString() })
        .where('id', '=', botId)
        .execute()
    },

    /**
     * A snapshot for preview chats of a draft (or of a bot sent with the preview request). Its id is the hash of
     * its content, so previewing an unchanged draft again reuses the same snapshot instead of adding rows; reusing
     * it marks it used now (updatedAt), which keeps the session purge (app/lifecycle.ts) from deleting it meanwhile.
     */
    async previewSnapshot(botId: string, doc: PublishedBot['doc']): Promise<PublishedBot> {
      const json = JSON.stringify(doc)
      const id = `preview-${createHash('sha256').update(botId).update(json).digest('hex').slice(0, 40)}`
      const now = new Date().toISOString()
      const row = { id, botId, doc: json, createdAt: now, updatedAt: now, number: null, publishedBy: null, note: null }
      await db
        .insertInto('publishedBots')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ updatedAt: now }))
        .execute()
      return toPublished(row)
    },

    async publishedSnapshot(snapshotId: string): Promise<PublishedBot | undefined> {
      const row = await db.selectFrom('publishedBots').selectAll().where('id', '=', snapshotId).executeTakeFirst()
      return row && toPublished(row)
    },

    /** The bot with its current published snapshot, found by public id (for starting live chats). */
    async byPublicId(publicId: string): Promise<StoredBot | undefined> {
      const row = await db.selectFrom('bots').selectAll().where('publicId', '=', publicId).executeTakeFirst()
      return row && toStoredBot(row)
    },
  }
}
