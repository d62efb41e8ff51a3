// Bots: create, import, list, get, update (with the stale-copy check), delete, publish and unpublish.
import { type DocResult, generatePublicId, importedBotDoc, newBotDoc, patchedBotDoc } from '../domain/bots.js'
import type { User } from '../store/accounts.js'
import { type BotChanges, PublicIdTakenError, type StoredBot } from '../store/bots.js'
import type { Store } from '../store/index.js'
import { type Access, userMode } from './access.js'
import { badRequest, conflict, notFound, payloadTooLarge } from './errors.js'
import type { FilesApp } from './files.js'
import { botSummaryView, botView, publishedBotView } from './views.js'

/** Fields a client sends for a bot; the service-owned ones are taken out, the rest is the document. */
export type BotInput = Record<string, unknown> & { publicId?: string | null; isClosed?: boolean }
export type BotPatch = BotInput & { isArchived?: boolean; updatedAt?: string }

/** The validated document, or why not: too large (413, with the limits passed) or invalid (400, with the issues). */
export const docOrThrow = (res: DocResult) => {
  if (res.ok) return res.doc
  if (res.tooLarge) throw payloadTooLarge(`The bot is too large: ${res.issues.map((i) => i.message).join(' ')}`, res.issues)
  throw badRequest('The bot definition is invalid.', res.issues)
}

/** A store write that may hit another bot's public id: that is the caller's conflict. */
const withPublicIdConflict = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (err) {
    if (err instanceof PublicIdTakenError) throw conflict(err.message)
    throw err
  }
}

export const createBots = ({ store, access, files }: { store: Pick<Store, 'bots'>; access: Access; files: Pick<FilesApp, 'deleteOwned'> }) => {
  const freePublicId = async (name: string): Promise<string> => {
    for (;;) {
      const candidate = generatePublicId(name)
      if (!(await store.bots.isPublicIdTaken(candidate))) return candidate
    }
  }

  const createStored = (workspaceId: string, doc: StoredBot['doc'], publicId: string | null | undefined, isClosed?: boolean) =>
    withPublicIdConflict(async () => store.bots.create({ workspaceId, doc, isClosed, publicId: publicId ?? (await freePublicId(doc.name)) }))

  return {
    async create(user: User, workspaceId: string, bot: BotInput | undefined) {
      await access.workspaceRole(user, workspaceId, 'write')
      const { publicId, isClosed, ...input } = bot ?? {}
      return botView(await createStored(workspaceId, docOrThrow(newBotDoc(input)), publicId, isClosed))
    },

    /** A Typebot export of any supported version, stored as v6. */
    async import(user: User, workspaceId: string, bot: Record<string, unknown>) {
      await access.workspaceRole(user, workspaceId, 'write')
      const doc = docOrThrow(importedBotDoc(bot))
      return botView(await createStored(workspaceId, doc, undefined, bot.isClosed === true))
    },

    async list(user: User, workspaceId: string) {
      await access.workspaceRole(user, workspaceId, 'read')
      return (await store.bots.listByWorkspace(workspaceId)).map(botSummaryView)
    },

    async get(user: User, botId: string) {
      const { bot, role } = await access.bot(user, botId, 'read')
      return { bot: botView(bot), currentUserMode: userMode(role) }
    },

    /** Given fields replace stored ones; a copy older than the stored bot is refused unless `overwrite`. */
    async update(user: User, botId: string, patch: BotPatch, overwrite?: boolean) {
      const { bot } = await access.bot(user, botId, 'write')
      const { publicId, isClosed, isArchived, updatedAt, ...fields } = patch
      if (updatedAt !== undefined && Number.isNaN(Date.parse(updatedAt)))
        throw badRequest('bot.updatedAt must be a timestamp.', [{ path: 'bot.updatedAt', message: 'Invalid timestamp' }])
      // Only the flags given: the store's answer spreads the changes over the stored bot, so a key present but
      // undefined would show as null in the answer (isClosed: null after a PATCH of the groups).
      const changes: BotChanges = { doc: docOrThrow(patchedBotDoc(bot.doc, fields)) }
      if (isClosed !== undefined) changes.isClosed = isClosed
      if (isArchived !== undefined) changes.isArchived = isArchived
      if (publicId !== undefined) changes.publicId = publicId
      const updated = await withPublicIdConflict(() => store.bots.update(bot.id, changes, overwrite ? undefined : updatedAt))
      if (!updated) throw notFound('Bot not found.')
      if (updated === 'conflict')
        throw conflict('The bot was changed since your copy (bot.updatedAt is older than the stored one). Reload it, or send overwrite: true.')
      return botView(updated)
    },

    /** Deletes the bot with its published versions, results and their files. */
    async delete(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      await store.bots.delete(bot.id)
      await files.deleteOwned(bot.workspaceId, bot.id)
      return { id: bot.id }
    },

    async publish(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      const published = await store.bots.publish(bot.id)
      if (!published) throw notFound('Bot not found.')
      return publishedBotView(published)
    },

    async unpublish(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      await store.bots.unpublish(bot.id)
      return botView((await store.bots.get(bot.id))!)
    },

    async published(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'read')
      const published = bot.publishedId ? await store.bots.publishedSnapshot(bot.publishedId) : undefined
      if (!published) throw notFound('This bot is not published.')
      return publishedBotView(published)
    },
  }
}

export type BotsApp = ReturnType<typeof createBots>
