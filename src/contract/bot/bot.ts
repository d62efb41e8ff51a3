// The v6 bot (Typebot schema "6"/"6.1") and `prepareBot`, the single entry point that turns any Typebot export
// into a validated v6 bot.
import { z } from 'zod'
import { blockSchema } from './blocks/index.js'
import {
  EventType,
  edgeSchema,
  eventSchema,
  groupSchema,
  opt,
  settingsSchema,
  themeSchema,
  variableSchema,
} from './common.js'
import { BotMigrationError, detectBotVersion, migrateBotToV6 } from './migrate.js'
import { type BotIssue, findDuplicateIds } from './references.js'

export const botV6Versions = ['6', '6.1'] as const
export const latestBotVersion = '6.1'

export const groupV6Schema = groupSchema.extend({ blocks: z.array(blockSchema) })
export type GroupV6 = z.infer<typeof groupV6Schema>

// Typebot's v6 schema types `events` as `[StartEvent]`; newer builds add command/reply events after it.
const eventsSchema = z.array(eventSchema).superRefine((events, ctx) => {
  events.forEach((event, index) => {
    if (event.type === EventType.START && index > 0)
      ctx.addIssue({ code: 'custom', path: [index, 'type'], message: 'The start event must be the first event' })
  })
})

const timestampSchema = z.union([z.string(), z.date()])

export const botV6Schema = z.looseObject({
  version: z.enum(botV6Versions),
  id: z.string().optional(),
  name: z.string().optional(),
  events: eventsSchema,
  groups: z.array(groupV6Schema),
  edges: z.array(edgeSchema),
  variables: z.array(variableSchema),
  theme: themeSchema,
  settings: settingsSchema,
  selectedThemeTemplateId: z.string().nullish(),
  icon: z.string().nullish(),
  folderId: z.string().nullish(),
  publicId: z
    .string()
    .regex(/^[a-zA-Z0-9-.]+$/, 'Only letters, digits, "-" and "." are allowed')
    .nullish(),
  customDomain: z.string().nullish(),
  workspaceId: z.string().optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
  // UI-only; older exports store an empty `columnsWidth` as `[]`.
  resultsTablePreferences: z
    .looseObject({
      columnsOrder: opt(z.array(z.string())),
      columnsVisibility: opt(z.record(z.string(), z.boolean())),
      columnsWidth: opt(z.union([z.record(z.string(), z.number()), z.array(z.never())])),
    })
    .nullish(),
  isArchived: z.boolean().optional(),
  isClosed: z.boolean().optional(),
  whatsAppCredentialsId: z.string().nullish(),
  riskLevel: z.number().nullish(),
})
export type BotV6 = z.infer<typeof botV6Schema>

export type PrepareBotResult =
  | { ok: true; bot: BotV6; originalVersion: string }
  | { ok: false; issues: BotIssue[] }

const issuePath = (path: readonly PropertyKey[]) => path.map(String).join('.')

/**
 * Detects the schema version (missing → "3"), migrates to v6 and validates. The returned bot is the migrated
 * input itself, never zod's output, so no key is added, removed or reordered (a v6 input is returned as is).
 * Dangling edges are accepted (see `checkBotReferences`); duplicate group or block ids are not.
 */
export const prepareBot = (input: unknown): PrepareBotResult => {
  const originalVersion = detectBotVersion(input)
  let migrated: unknown
  try {
    migrated = migrateBotToV6(input)
  } catch (error) {
    if (error instanceof BotMigrationError) return { ok: false, issues: [{ path: error.path, message: error.message }] }
    throw error
  }
  const parsed = botV6Schema.safeParse(migrated)
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
    }
  const bot = migrated as BotV6
  const duplicates = findDuplicateIds(bot)
  if (duplicates.length > 0) return { ok: false, issues: duplicates }
  return { ok: true, bot, originalVersion }
}
