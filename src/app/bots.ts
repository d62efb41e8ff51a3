// Bots: create, import, list, get, check, update (with the stale-copy check), delete, publish and unpublish.
import { type DocResult, generatePublicId, importedBotDoc, newBotDoc, patchedBotDoc, relink, slugOf } from '../domain/bots.js'
import { type BotCheck, type CheckableBot, checkBot, checkLinkedBots, linkedBotIds } from '../contract/bot/checks.js'
import type { BotRecord } from '../contract/bot/record.js'
import { normaliseDomain } from '../contract/customDomains.js'
import { newId } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import { type BotChanges, PublicIdTakenError, type StoredBot } from '../store/bots.js'
import type { Store } from '../store/index.js'
import { type Access, userMode } from './access.js'
import type { CustomDomainsApp } from './customDomains.js'
import { badRequest, conflict, notFound, payloadTooLarge } from './errors.js'
import type { FilesApp } from './files.js'
import { credentialsNeeds, type TemplatesApp } from './templates/index.js'
import { botSummaryView, botView, publishedBotView } from './views.js'

/** Fields a client sends for a bot; the service-owned ones are taken out, the rest is the document. */
export type BotInput = Record<string, unknown> & { publicId?: string | null; isClosed?: boolean; folderId?: string | null }
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

/** Most distinct linked bots whose existence the checks look up (one query with that many ids). */
export const LINKED_BOTS_CHECKED = 200

/** Issues of the `index`th bot of a list, with paths under `bots.{index}`. */
const withinList = (res: DocResult, index: number): DocResult =>
  res.ok ? res : { ...res, issues: res.issues.map((i) => ({ ...i, path: i.path.replace(/^bot/, `bots.${index}`) })) }

export const createBots = ({
  store,
  access,
  files,
  templates,
  pruneVersions,
  domains,
}: {
  store: Pick<Store, 'bots' | 'folders' | 'credentials'>
  access: Access
  files: Pick<FilesApp, 'deleteOwned'>
  templates: TemplatesApp
  /** Old versions beyond the retention setting are dropped after each publish (app/botVersions.ts). */
  pruneVersions: (botId: string) => Promise<unknown>
  /** Custom domains: one bot each across the server, claimed before a document naming one is saved. */
  domains: Pick<CustomDomainsApp, 'prepare' | 'claim' | 'settle' | 'ensureFree'>
}) => {
  const freePublicId = async (name: string): Promise<string> => {
    for (;;) {
      const candidate = generatePublicId(name)
      if (!(await store.bots.isPublicIdTaken(candidate))) return candidate
    }
  }

  const createStored = (
    workspaceId: string,
    doc: StoredBot['doc'],
    more: { publicId?: string | null; isClosed?: boolean; folderId?: string | null; id?: string } = {},
  ) => withPublicIdConflict(async () => store.bots.create({ ...more, workspaceId, doc, publicId: more.publicId ?? (await freePublicId(doc.name)) }))

  /** A folder id given by a client: null (the root) or a folder of this workspace. */
  const folderOf = async (workspaceId: string, folderId: string | null | undefined): Promise<string | null | undefined> => {
    if (folderId === undefined || folderId === null) return folderId
    if (!(await store.folders.get(workspaceId, folderId))) throw notFound('Folder not found in this workspace.')
    return folderId
  }

  /**
   * Where an imported bot goes: the folder asked for (null: the root), else the export's own folder when it is one of
   * this workspace (a bot exported and imported again lands where it was), else the root, as in Typebot.
   */
  const importFolder = async (workspaceId: string, requested: string | null | undefined, exported: unknown) => {
    if (requested !== undefined) return folderOf(workspaceId, requested)
    if (typeof exported !== 'string' || !(await store.folders.get(workspaceId, exported))) return undefined
    return exported
  }

  /**
   * The graph checks, plus links to bots that are not in the workspace (one query for the first
   * `LINKED_BOTS_CHECKED` linked ids; links to further bots are not reported). A check that fails must not turn a
   * write already committed into an error: it answers one `checksUnavailable` entry instead.
   */
  const checksOf = async (workspaceId: string, doc: Record<string, unknown>): Promise<BotCheck[]> => {
    try {
      const bot = doc as unknown as CheckableBot
      const linked = [...new Set(linkedBotIds(bot).map((link) => link.typebotId))]
      const looked = linked.slice(0, LINKED_BOTS_CHECKED)
      const known = await store.bots.idsInWorkspace(workspaceId, looked)
      for (const id of linked.slice(LINKED_BOTS_CHECKED)) known.add(id)
      return [...checkBot(bot), ...checkLinkedBots(bot, known)]
    } catch {
      return [{ code: 'checksUnavailable', severity: 'warning', message: 'The checks could not be run on this bot.' }]
    }
  }

  /**
   * Points the template's blocks that read credentials at the workspace's credentials chosen for them (by block id);
   * a block that reads none, or credentials of another type or workspace, is the caller's mistake.
   */
  const assignCredentials = async (workspaceId: string, doc: Record<string, unknown>, chosen: Record<string, string>) => {
    const needs = credentialsNeeds(doc)
    const owned = new Map((await store.credentials.list(workspaceId)).map((c) => [c.id, c.type]))
    for (const [blockId, credentialsId] of Object.entries(chosen)) {
      const need = needs.find((n) => n.blockId === blockId)
      if (!need) throw badRequest(`The template has no block "${blockId}" that reads credentials.`)
      if (owned.get(credentialsId) !== need.type)
        throw badRequest(`Block "${blockId}" needs ${need.type} credentials of this workspace: "${credentialsId}" is not.`)
    }
    for (const group of doc.groups as { blocks: { id: string; options?: Record<string, unknown> }[] }[])
      for (const block of group.blocks) if (chosen[block.id] !== undefined) block.options = { ...block.options, credentialsId: chosen[block.id] }
  }

  return {
    /**
     * A blank bot, or a copy of a template (`from.template`) whose blocks get the workspace's credentials given by
     * block id (`from.credentials`); fields given in `bot` apply on top.
     */
    async create(user: User, workspaceId: string, bot: BotInput | undefined, from?: { template: string; credentials?: Record<string, string> }) {
      await access.workspaceRole(user, workspaceId, 'write')
      const { publicId, isClosed, folderId, ...input } = bot ?? {}
      const template = from && templates.get(from.template)
      if (from && !template) throw notFound(`No template "${from.template}".`)
      if (template && from?.credentials) await assignCredentials(workspaceId, template.bot, from.credentials)
      const doc = docOrThrow(template ? importedBotDoc({ ...template.bot, ...input }) : newBotDoc(input))
      const domain = 'customDomain' in input ? (doc.customDomain = domains.prepare(input.customDomain)) : null
      await domains.ensureFree(domain)
      const created = await createStored(workspaceId, doc, { publicId, isClosed, folderId: await folderOf(workspaceId, folderId) })
      if (domain) {
        try {
          await domains.claim(created.id, domain)
        } catch (err) {
          // Another bot took the domain meanwhile: no bot is created.
          await store.bots.delete(created.id)
          throw err
        }
      }
      return botView(created)
    },

    /** A Typebot export of any supported version, stored as v6 (in a folder of the workspace when given). */
    async import(user: User, workspaceId: string, bot: Record<string, unknown>, folderId?: string | null) {
      await access.workspaceRole(user, workspaceId, 'write')
      const doc = docOrThrow(importedBotDoc(bot))
      // Open whatever the export says, as a bot imported in Typebot (isClosed is dropped with the other replaced fields).
      return botView(await createStored(workspaceId, doc, { folderId: await importFolder(workspaceId, folderId, bot.folderId) }))
    },

    /**
     * Several Typebot exports at once (Typebot exports one bot per file): each gets a new id, and Typebot links naming
     * one of them by its original id follow it. All are validated before any is stored. Answers them in the given order.
     */
    async importMany(user: User, workspaceId: string, bots: Record<string, unknown>[], folderId?: string | null) {
      await access.workspaceRole(user, workspaceId, 'write')
      if (folderId !== undefined) await folderOf(workspaceId, folderId)
      const docs = bots.map((bot, index) => docOrThrow(withinList(importedBotDoc(bot), index)))
      const ids = new Map<string, string>()
      const newIds = bots.map((bot) => {
        const id = newId()
        if (typeof bot.id === 'string' && !ids.has(bot.id)) ids.set(bot.id, id)
        return id
      })
      const created = []
      for (const [index, doc] of docs.entries()) {
        const stored = await createStored(workspaceId, relink(doc, ids), {
          id: newIds[index],
          folderId: await importFolder(workspaceId, folderId, bots[index].folderId),
        })
        created.push(botView(stored))
      }
      return created
    },

    /** The workspace's bots, newest first: in a folder (`folderId`, null for the root) and whose name contains `q`. */
    async list(user: User, workspaceId: string, filter: { folderId?: string | null; q?: string } = {}) {
      await access.workspaceRole(user, workspaceId, 'read')
      const bots = await store.bots.summaries(workspaceId, { folderId: filter.folderId })
      const q = filter.q?.trim().toLocaleLowerCase()
      return (q ? bots.filter((b) => b.name.toLocaleLowerCase().includes(q)) : bots).map(botSummaryView)
    },

    /** A copy of the bot's draft in the same folder, named "… (copy)", unpublished, with a public id of its own. */
    async duplicate(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      // A domain serves one bot: the copy has none.
      const doc = { ...bot.doc, name: `${bot.doc.name} (copy)`, customDomain: null }
      return botView(await createStored(bot.workspaceId, doc, { isClosed: bot.isClosed, folderId: bot.folderId }))
    },

    /** The bot as a Typebot export (what import takes back), with a file name for the download. */
    async export(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'read')
      return { bot: botView(bot), fileName: `typebot-export-${slugOf(bot.doc.name) || 'bot'}.json` }
    },

    /** Closes the bot (live chats refused with bot_closed) or reopens it. */
    async setClosed(user: User, botId: string, isClosed: boolean) {
      const { bot } = await access.bot(user, botId, 'write')
      const updated = await store.bots.update(bot.id, { isClosed })
      if (!updated || updated === 'conflict') throw conflict('The bot changed at the same time: try again.')
      return botView(updated)
    },

    /** What in the bot's draft will not run as drawn (see contract/bot/checks.ts). Readers may ask. */
    async check(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'read')
      return checksOf(bot.workspaceId, { ...bot.doc, id: bot.id })
    },

    /** The checks of a bot just written (the view create, import and update answer). */
    checksOf: (view: Pick<BotRecord, 'workspaceId'> & Record<string, unknown>) => checksOf(view.workspaceId, view),

    async get(user: User, botId: string) {
      const { bot, role } = await access.bot(user, botId, 'read')
      const summary = await store.bots.summary(bot.id)
      return {
        bot: botView(bot),
        currentUserMode: userMode(role),
        publishedAt: summary?.publishedAt ?? null,
        hasUnpublishedChanges: summary?.hasUnpublishedChanges ?? false,
      }
    },

    /** Given fields replace stored ones; a copy older than the stored bot is refused unless `overwrite`. */
    async update(user: User, botId: string, patch: BotPatch, overwrite?: boolean) {
      const { bot } = await access.bot(user, botId, 'write')
      const { publicId, isClosed, isArchived, folderId, updatedAt, ...fields } = patch
      if (updatedAt !== undefined && Number.isNaN(Date.parse(updatedAt)))
        throw badRequest('bot.updatedAt must be a timestamp.', [{ path: 'bot.updatedAt', message: 'Invalid timestamp' }])
      // Only the flags given: the store's answer spreads the changes over the stored bot, so a key present but
      // undefined would show as null in the answer (isClosed: null after a PATCH of the groups).
      const changes: BotChanges = { doc: docOrThrow(patchedBotDoc(bot.doc, fields)) }
      if (isClosed !== undefined) changes.isClosed = isClosed
      if (isArchived !== undefined) changes.isArchived = isArchived
      if (publicId !== undefined) changes.publicId = publicId
      if (folderId !== undefined) changes.folderId = (await folderOf(bot.workspaceId, folderId)) ?? null
      const stored = normaliseDomain(bot.doc.customDomain)
      // The value the bot already has is kept as stored (a client sending the whole bot back, as Typebot's do, may
      // carry a value from before domains were checked): only a new one is checked and claimed.
      const unchanged = 'customDomain' in fields && fields.customDomain === bot.doc.customDomain
      const domain = 'customDomain' in fields && !unchanged ? (changes.doc!.customDomain = domains.prepare(fields.customDomain)) : undefined
      const domainChanged = domain !== undefined && (!stored.ok || stored.domain !== domain)
      if (domainChanged) await domains.claim(bot.id, domain)
      const updated = await withPublicIdConflict(() => store.bots.update(bot.id, changes, overwrite ? undefined : updatedAt))
      if (!updated) throw notFound('Bot not found.')
      if (updated === 'conflict')
        throw conflict('The bot was changed since your copy (bot.updatedAt is older than the stored one). Reload it, or send overwrite: true.')
      if (domainChanged) await domains.settle(bot.id, domain)
      return botView(updated)
    },

    /** Deletes the bot with its published versions, results and their files. */
    async delete(user: User, botId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      await store.bots.delete(bot.id)
      await files.deleteOwned(bot.workspaceId, bot.id)
      return { id: bot.id }
    },

    /** The draft becomes the bot's next version and the live one; `note` says what it changes. */
    async publish(user: User, botId: string, note?: string | null) {
      const { bot } = await access.bot(user, botId, 'write')
      const published = await store.bots.publish(bot.id, { userId: user.id, note: note?.trim() || null })
      if (!published) throw notFound('Bot not found.')
      await pruneVersions(bot.id)
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
