// Template previews: chats on a template that belong to no bot and no workspace. Their snapshot lives in memory
// (never in the store), their state names the template as its bot, and only the user who started one drives it.
import type { SessionState } from '../../engine/state.js'

const BOT_PREFIX = 'template:'

/** The bot id a template's preview chats run as (never a stored bot's id, which has no colon). */
export const templateBotId = (slug: string) => `${BOT_PREFIX}${slug}`

/** The id of a template's preview snapshot (the `preview-` prefix: not a published version). */
export const templateSnapshotId = (slug: string) => `preview-template-${slug}`

/** The slug of a template preview's snapshot id, or undefined for any other snapshot. */
export const slugOfSnapshot = (snapshotId: string) => (snapshotId.startsWith('preview-template-') ? snapshotId.slice(17) : undefined)

/** Whether the chat runs a template's preview (no workspace: it reaches no credentials, no linked bot). */
export const isTemplatePreview = (state: SessionState) =>
  state.isPreview && state.workspaceId === '' && !!state.stack.at(-1)?.botId.startsWith(BOT_PREFIX)
