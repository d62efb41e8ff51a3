// A preview chat is driven only by the user who started it, while they may still edit the bot's workspace: the
// session id alone (it shows in the builder's network requests and logs) must not let anyone else run the bot with
// the workspace's credentials and read its logs.
import type { SessionState } from '../engine/state.js'
import type { User } from '../store/accounts.js'
import type { Access } from './access.js'
import { notFound } from './errors.js'

/** Throws the 404 of an unknown session unless `user` may drive the chat (any caller may drive a live chat). */
export const checkPreviewCaller = async (access: Pick<Access, 'workspaceRole'>, state: SessionState, user: User | undefined) => {
  if (!state.isPreview) return
  const unknown = notFound('Session not found: it never existed or the chat has ended.')
  if (!user || !state.previewUserId || user.id !== state.previewUserId) throw unknown
  try {
    await access.workspaceRole(user, state.workspaceId, 'write')
  } catch {
    throw unknown
  }
}
