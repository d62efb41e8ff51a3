// How stored records are shown in API answers.
import type { BotSummary, PublishedBot, StoredBot } from '../store/bots.js'

const BOT_FIELDS = [
  'version',
  'id',
  'name',
  'events',
  'groups',
  'edges',
  'variables',
  'theme',
  'selectedThemeTemplateId',
  'settings',
  'createdAt',
  'updatedAt',
  'icon',
  'folderId',
  'publicId',
  'customDomain',
  'workspaceId',
  'resultsTablePreferences',
  'isArchived',
  'isClosed',
  'whatsAppCredentialsId',
  'riskLevel',
] as const

/** The Bot resource: known fields in the spec's order (null when unset), then any other field the bot carries. */
export const botView = (bot: StoredBot): Record<string, unknown> => {
  const all: Record<string, unknown> = {
    ...bot.doc,
    id: bot.id,
    workspaceId: bot.workspaceId,
    publicId: bot.publicId,
    isArchived: bot.isArchived,
    isClosed: bot.isClosed,
    folderId: bot.folderId,
    createdAt: bot.createdAt,
    updatedAt: bot.updatedAt,
  }
  const view: Record<string, unknown> = {}
  for (const key of BOT_FIELDS) view[key] = all[key] ?? null
  for (const [key, value] of Object.entries(all)) if (!(key in view)) view[key] = value
  return view
}

export const botSummaryView = (bot: BotSummary) => ({
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
