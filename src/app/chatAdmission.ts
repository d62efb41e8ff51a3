// Who may act on a running chat: the session exists, the request comes from an origin the bot allows and, for a
// preview, from the user who started it. Every operation on an existing chat (the next message, an upload, a
// streamed completion) is admitted here, once.
import type { SessionState } from '../engine/state.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { notFound } from './errors.js'
import { checkPreviewCaller } from './previewCaller.js'
import { checkOrigin, parseState } from './sessionState.js'

export type ChatCaller = { origin?: string; user?: User }

export const chatAdmission =
  ({ store, access }: { store: Pick<Store, 'chats'>; access: Access }) =>
  async (sessionId: string, caller: ChatCaller) => {
    const session = await store.chats.session(sessionId)
    if (!session) throw notFound('Session not found: it never existed or the chat has ended.')
    const state: SessionState = parseState(session.state)
    checkOrigin(state.allowedOrigins, caller.origin)
    await checkPreviewCaller(access, state, caller.user)
    return { session, state }
  }
