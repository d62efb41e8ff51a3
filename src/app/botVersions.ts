// A bot's version history (every publish is a version): list, read, compare, make an old one live again (a rollback)
// or copy it into the draft. Old versions beyond the retention setting are pruned after each publish.
import { runtimePart } from '../store/botHash.js'
import { nextTimestamp } from '../store/bots.js'
import type { BotVersion, BotVersionSummary } from '../store/botVersions.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import { diffBots } from '../domain/botDiff.js'
import type { Access } from './access.js'
import { badRequest, notFound } from './errors.js'
import { botView } from './views.js'

/**
 * `draft` and `live` name the bot's draft and its live version wherever a version is taken for a comparison; a
 * version is named by its id or its number.
 */
export type VersionRef = 'draft' | 'live' | (string & {})

const versionView = (v: BotVersionSummary, liveId: string | null) => ({ ...v, isLive: v.id === liveId })

export const createBotVersions = ({
  store,
  access,
  kept,
}: {
  store: Pick<Store, 'bots' | 'botVersions'>
  access: Access
  /** Versions kept per bot (0: all); the live one and those chats still run on are never pruned. */
  kept: number
}) => {
  /** A version by its id or its number ("3"): both name one version of this bot. */
  const versionOf = async (botId: string, versionId: string): Promise<BotVersion> => {
    const version = await store.botVersions.get(botId, /^\d{1,9}$/.test(versionId) ? Number(versionId) : versionId)
    if (!version) throw notFound('This bot has no such version.')
    return version
  }

  /** The runtime document a comparison names: a version by id, the live one, or the draft. */
  const docOf = async (bot: { id: string; publishedId: string | null; doc: Record<string, unknown> }, ref: VersionRef) => {
    if (ref === 'draft') return { label: 'draft', doc: runtimePart(bot.doc) as Record<string, unknown> }
    if (ref === 'live' && !bot.publishedId) throw badRequest('This bot is not published: it has no live version to compare.')
    const version = await versionOf(bot.id, ref === 'live' ? bot.publishedId! : ref)
    return { label: `version ${version.number}`, number: version.number, id: version.id, doc: version.doc as Record<string, unknown> }
  }

  return {
    async list(user: User, botId: string, page: { limit: number; before?: number }) {
      const { bot } = await access.bot(user, botId, 'read')
      const [versions, totals] = await Promise.all([store.botVersions.list(bot.id, page), store.botVersions.totals(bot.id)])
      const last = versions.at(-1)
      return {
        versions: versions.map((v) => versionView(v, bot.publishedId)),
        liveVersionId: bot.publishedId,
        total: totals.count,
        bytes: totals.bytes,
        nextBefore: versions.length === page.limit && last ? last.number : null,
      }
    },

    async get(user: User, botId: string, versionId: string) {
      const { bot } = await access.bot(user, botId, 'read')
      const { doc, ...version } = await versionOf(bot.id, versionId)
      return { version: { ...versionView(version, bot.publishedId), bot: doc } }
    },

    async compare(user: User, botId: string, from: VersionRef, to: VersionRef) {
      const { bot } = await access.bot(user, botId, 'read')
      const [a, b] = await Promise.all([docOf(bot, from), docOf(bot, to)])
      const { doc: docA, ...fromRef } = a
      const { doc: docB, ...toRef } = b
      return { from: fromRef, to: toRef, diff: diffBots(docA, docB) }
    },

    /** A rollback: the version becomes the live one; chats in progress finish on the version they began with. */
    async makeLive(user: User, botId: string, versionId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      const version = await versionOf(bot.id, versionId)
      await store.botVersions.makeLive(bot.id, version.id, nextTimestamp(bot.updatedAt))
      const { doc: _doc, ...summary } = version
      return { bot: botView((await store.bots.get(bot.id))!), version: versionView(summary, version.id) }
    },

    /** The version's flow, theme and settings copied into the draft (name, folder and public id stay). */
    async restoreDraft(user: User, botId: string, versionId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      const version = await versionOf(bot.id, versionId)
      const updated = await store.bots.update(bot.id, { doc: { ...bot.doc, ...runtimePart(version.doc) } })
      if (!updated || updated === 'conflict') throw notFound('Bot not found.')
      return { bot: botView(updated) }
    },

    /** Drops versions beyond the retention setting (after a publish). */
    async prune(botId: string) {
      if (kept <= 0) return 0
      const bot = await store.bots.get(botId)
      return bot ? store.botVersions.prune(botId, kept, bot.publishedId) : 0
    },

    /** The version to preview, checked to be one of the bot's: its id (the snapshot a preview chat runs). */
    async previewed(user: User, botId: string, versionId: string) {
      const { bot } = await access.bot(user, botId, 'write')
      return (await versionOf(bot.id, versionId)).id
    },
  }
}

export type BotVersionsApp = ReturnType<typeof createBotVersions>
