// Logs chat clients report (a client-side script that threw, a failed redirect), stored on the chat's result.
import type { z } from 'zod'
import type { clientLogSchema } from '../contract/chat.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { notFound } from './errors.js'
import { checkPreviewCaller } from './previewCaller.js'
import { checkOrigin, parseState } from './sessionState.js'

/** Client logs a result takes, its own logs included: a client cannot fill the database through one chat. */
export const MAX_LOGS_PER_RESULT = 500

type ClientLog = z.infer<typeof clientLogSchema>

/** What a deleted result's chat is told (as its next turn is): there is nothing left to store the logs on. */
const RESULT_DELETED = "This chat's bot or result was deleted: its logs cannot be stored."

export const createClientLogs = ({ store, access }: { store: Pick<Store, 'chats' | 'adapter'>; access: Pick<Access, 'workspaceRole'> }) => ({
  /**
   * Logs the chat client reports, stored on the chat's result. Accepted after the chat's last turn too (its session
   * is gone then: the result is found by the session id it recorded). Previews store nothing. A result takes at
   * most MAX_LOGS_PER_RESULT logs this way; the answer says how many were stored. A session whose result (or bot, or
   * workspace) was deleted since answers 404, like its next turn would, not 500.
   */
  async report(sessionId: string, logs: ClientLog[], options: { origin?: string; user?: User }): Promise<{ stored: number }> {
    const session = await store.chats.session(sessionId)
    let resultId: string | undefined
    if (session) {
      const state = parseState(session.state)
      checkOrigin(state.allowedOrigins, options.origin)
      await checkPreviewCaller(access, state, options.user)
      if (state.isPreview) return { stored: 0 }
      resultId = state.stack[0]?.resultId
    } else resultId = await store.chats.resultOfSession(sessionId)
    if (!resultId) throw notFound('Session not found: it never existed.')
    const room = Math.max(0, MAX_LOGS_PER_RESULT - (await store.chats.countLogs(resultId)))
    const rows = logs.slice(0, room).map((log) => ({
      resultId,
      status: log.status,
      description: log.description,
      ...(log.details !== undefined && { details: (typeof log.details === 'string' ? log.details : JSON.stringify(log.details)).slice(0, 5000) }),
      ...(log.context !== undefined && { context: log.context }),
    }))
    try {
      await store.chats.addLogs(rows)
    } catch (err) {
      // The session outlives its result: sessions have no foreign key to results (a session may span linked bots).
      if (store.adapter.isForeignKeyViolation(err)) throw notFound(RESULT_DELETED)
      throw err
    }
    return { stored: rows.length }
  },
})

export type ClientLogsApp = ReturnType<typeof createClientLogs>
