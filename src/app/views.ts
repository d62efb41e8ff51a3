// How stored records are shown in API answers.
import type { z } from 'zod'
import { BOT_FIELDS, BOT_SERVICE_FIELDS, type BotRecord, type botSummarySchema } from '../contract/bot/record.js'
import type { BotSummary, PublishedBot, StoredBot } from '../store/bots.js'

/** The Bot resource: known fields in the record's order (null when unset), then any other field the bot carries. */
export const botView = (bot: StoredBot): BotRecord => {
  const all: Record<string, unknown> = { ...bot.doc }
  for (const key of BOT_SERVICE_FIELDS) all[key] = bot[key]
  const view: Record<string, unknown> = {}
  for (const key of BOT_FIELDS) view[key] = all[key] ?? null
  for (const [key, value] of Object.entries(all)) if (!(key in view)) view[key] = value
  return view as BotRecord
}

export const botSummaryView = (bot: BotSummary): z.infer<typeof botSummarySchema> => ({
  id: bot.id,
  name: bot.name,
  icon: bot.icon,
  folderId: bot.folderId,
  publicId: bot.publicId,
  isArchived: bot.isArchived,
  isClosed: bot.isClosed,
  isPublished: bot.publishedId !== null,
  publishedAt: bot.publishedAt,
  hasUnpublishedChanges: bot.hasUnpublishedChanges,
  createdAt: bot.createdAt,
  updatedAt: bot.updatedAt,
})

export const publishedBotView = (p: PublishedBot) => ({
  id: p.id,
  version: p.doc.version,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  botId: p.botId,
  groups: p.doc.groups ?? [],
  events: p.doc.events ?? [],
  edges: p.doc.edges ?? [],
  variables: p.doc.variables ?? [],
  theme: p.doc.theme ?? {},
  settings: p.doc.settings ?? {},
  lastActivityAt: null,
})
