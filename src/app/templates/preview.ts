// Template previews: chats on a template that belong to no bot and no workspace. Their snapshot lives in memory
// (never in the store), their state names the template as its bot, and only the user who started one drives it.
import { importedBotDoc } from '../../domain/bots.js'
import type { SessionState } from '../../engine/state.js'
import { runtimePart } from '../../store/botHash.js'
import type { PublishedBot } from '../../store/bots.js'
import { docOrThrow } from '../bots.js'
import type { TemplatesApp } from './index.js'

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

/** A template's preview snapshot, made from the template as this process serves it (undefined: not a template's). */
export const templateSnapshotOf =
  (templates: TemplatesApp) =>
  (snapshotId: string): PublishedBot | undefined => {
    const slug = slugOfSnapshot(snapshotId)
    const template = slug === undefined ? undefined : templates.get(slug)
    if (!template) return undefined
    const doc = runtimePart(docOrThrow(importedBotDoc(template.bot)))
    const at = new Date(0).toISOString()
    return { id: snapshotId, botId: templateBotId(template.slug), doc, size: JSON.stringify(doc).length, createdAt: at, updatedAt: at }
  }
