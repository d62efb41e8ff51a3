// A preview chat is driven only by the user who started it, while they may still edit the bot's workspace: the
// session id alone (it shows in the builder's network requests and logs) must not let anyone else run the bot with
// the workspace's credentials and read its logs. A caller holding a preview token (app/previewTokens.ts) reaches the
// preview sessions of its bot only, never a live chat. A template's preview (app/templates/preview.ts) is driven by
// the user who started it alone.
import type { SessionState } from '../engine/state.js'
import type { User } from '../store/accounts.js'
import type { Access } from './access.js'
import { notFound } from './errors.js'
import { isTemplatePreview } from './templates/preview.js'

/** The caller as the member they are, for the access checks a preview token's own grant has already narrowed. */
export const asMember = (user: User): User => (user.preview ? { ...user, preview: undefined } : user)

/** Throws the 404 of an unknown session unless `user` may drive the chat (any caller may drive a live chat). */
export const checkPreviewCaller = async (access: Pick<Access, 'workspaceRole'>, state: SessionState, user: User | undefined) => {
  // Made only when thrown: an error captures its stack, which cost ~5 % of a live turn's CPU when made every time.
  const unknown = () => notFound('Session not found: it never existed or the chat has ended.')
  // The root of the chat's stack is the bot the preview started on (linked bots are pushed above it).
  if (user?.preview && (!state.isPreview || state.stack.at(-1)?.botId !== user.preview.botId)) throw unknown()
  if (!state.isPreview) return
  if (!user || !state.previewUserId || user.id !== state.previewUserId) throw unknown()
  // A template's preview belongs to no workspace (it reaches no credentials): its previewer alone drives it.
  if (isTemplatePreview(state)) return
  try {
    await access.workspaceRole(asMember(user), state.workspaceId, 'write')
  } catch {
    throw unknown()
  }
}
