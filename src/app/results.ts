// Results of a bot. Guests may read them.
import type { TimeFilter } from '../contract/chat.js'
import type { User } from '../store/accounts.js'
import { hashToken } from '../lib/ids.js'
import type { Result } from '../store/chats.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import type { FilesApp } from './files.js'
import { notFound } from './errors.js'
import { windowOf } from './resultsTable.js'
import { sessionFingerprint } from './sessionFingerprint.js'

export const createResults = ({ store, access, files }: { store: Pick<Store, 'chats'>; access: Access; files: FilesApp }) => ({
  /** Results with at least one answer, newest first, in keyset pages; the time filter is read in `timeZone`. */
  async list(user: User, botId: string, query: { limit: number; cursor?: number; timeFilter: TimeFilter; timeZone: string }) {
    const { bot } = await access.bot(user, botId, 'read')
    const page = await store.chats.listResults(bot.id, { limit: query.limit, cursor: query.cursor, ...windowOf(query) })
    return { ...page, results: page.results.map(resultView) }
  },

  /** By id, or by the client key startChat answered as `resultId` (whoever holds the key owns the result anyway). */
  async get(user: User, botId: string, resultId: string) {
    const { bot } = await access.bot(user, botId, 'read')
    const result = (await store.chats.result(bot.id, resultId)) ?? (await store.chats.resultByKey(bot.id, hashToken(resultId)))
    if (!result) throw notFound('Result not found.')
    return resultView(result)
  },

  /** The logs stored on a result (blocks' logs and those its chat client reported), oldest first. */
  async logs(user: User, botId: string, resultId: string) {
    const { bot } = await access.bot(user, botId, 'read')
    const result = (await store.chats.result(bot.id, resultId)) ?? (await store.chats.resultByKey(bot.id, hashToken(resultId)))
    if (!result) throw notFound('Result not found.')
    return store.chats.resultLogs(result.id)
  },

  /** Deletes a result (by id or client key, as `get`) with its answers, logs and files. */
  async delete(user: User, botId: string, resultId: string) {
    const { bot } = await access.bot(user, botId, 'write')
    const result = (await store.chats.result(bot.id, resultId)) ?? (await store.chats.resultByKey(bot.id, hashToken(resultId)))
    if (!result || !(await store.chats.deleteResult(bot.id, result.id))) throw notFound('Result not found.')
    await files.deleteOwned(bot.workspaceId, bot.id, result.id)
    return { id: result.id }
  },
})

/**
 * A result as readers see it. The session id is the capability to drive the chat, so `lastChatSessionId` is only a
 * fingerprint of it (the first 16 hex characters of its SHA-256): enough to tell sessions apart, useless to act.
 */
export const resultView = (result: Result): Result => ({
  ...result,
  lastChatSessionId: result.lastChatSessionId && sessionFingerprint(result.lastChatSessionId),
})

export type ResultsApp = ReturnType<typeof createResults>
