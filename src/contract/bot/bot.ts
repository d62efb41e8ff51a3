// The v6 bot (Typebot schema "6"/"6.1") and `prepareBotWith`, the single entry point that turns any Typebot export
// into a validated v6 bot. Blocks are validated by the schema the caller passes: contract/ knows only the generic
// block, the kinds' own schemas are in src/blocks/ (src/blocks/schemas.ts passes them: use its `prepareBot`).
import { z } from 'zod'
import { type Block, genericBlockSchema } from './blocks/index.js'
import { botSettingsSchema, EventType, edgeSchema, eventSchema, groupSchema, opt, themeSchema, variableSchema } from './common.js'
import { withDefaultCoordinates } from './layout.js'
import { BotMigrationError, detectBotVersion, migrateBotToV6 } from './migrate.js'
import { type BotIssue, findDuplicateIds } from './references.js'

export const botV6Versions = ['6', '6.1'] as const
export const latestBotVersion = '6.1'

/** Validates one block of any type (src/blocks/schemas.ts dispatches to each kind's schema). */
export type BlockSchema = z.ZodType<Block>

const makeGroupV6Schema = (blockSchema: BlockSchema) => groupSchema.extend({ blocks: z.array(blockSchema) })
export type GroupV6 = z.infer<ReturnType<typeof makeGroupV6Schema>>

// Typebot's v6 schema types `events` as `[StartEvent]`; newer builds add command/reply events after it.
const eventsSchema = z.array(eventSchema).superRefine((events, ctx) => {
  events.forEach((event, index) => {
    if (event.type === EventType.START && index > 0)
      ctx.addIssue({ code: 'custom', path: [index, 'type'], message: 'The start event must be the first event' })
  })
})

const timestampSchema = z.union([z.string(), z.date()])

/** The results table's column order, visibility and widths (UI-only); older exports store an empty `columnsWidth` as `[]`. */
export const resultsTablePreferencesSchema = z
  .looseObject({
    columnsOrder: opt(z.array(z.string())),
    columnsVisibility: opt(z.record(z.string(), z.boolean())),
    columnsWidth: opt(z.union([z.record(z.string(), z.number()), z.array(z.never())])),
  })
  .nullish()

/** The v6 bot schema, its blocks checked by `blockSchema` (by default only for their common fields). */
export const makeBotV6Schema = (blockSchema: BlockSchema = genericBlockSchema) =>
  z.looseObject({
    version: z.enum(botV6Versions),
    id: z.string().optional(),
    name: z.string().optional(),
    events: eventsSchema,
    groups: z.array(makeGroupV6Schema(blockSchema)),
    edges: z.array(edgeSchema),
    variables: z.array(variableSchema),
    theme: themeSchema,
    settings: botSettingsSchema,
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
    resultsTablePreferences: resultsTablePreferencesSchema,
    isArchived: z.boolean().optional(),
    isClosed: z.boolean().optional(),
    whatsAppCredentialsId: z.string().nullish(),
    telegramCredentialsId: z.string().nullish(),
    riskLevel: z.number().nullish(),
  })
export type BotV6 = z.infer<ReturnType<typeof makeBotV6Schema>>

// One bot schema per block schema, built on first use (callers pass the same block schema every time).
const botSchemas = new WeakMap<BlockSchema, ReturnType<typeof makeBotV6Schema>>()
const botSchemaFor = (blockSchema: BlockSchema) => {
  let schema = botSchemas.get(blockSchema)
  if (!schema) botSchemas.set(blockSchema, (schema = makeBotV6Schema(blockSchema)))
  return schema
}

export type PrepareBotResult = { ok: true; bot: BotV6; originalVersion: string } | { ok: false; issues: BotIssue[] }

const issuePath = (path: readonly PropertyKey[]) => path.map(String).join('.')

/**
 * Detects the schema version (missing → "3"), migrates to v6 and validates. The returned bot is the migrated
 * input itself, never zod's output, so no key is added, removed or reordered (a v6 input is returned as is), except
 * `graphCoordinates` given to the groups and events that lack them (see `withDefaultCoordinates`).
 * Dangling edges are accepted (see `checkBotReferences`); duplicate group or block ids are not.
 */
export const prepareBotWith = (input: unknown, blockSchema: BlockSchema = genericBlockSchema): PrepareBotResult => {
  const originalVersion = detectBotVersion(input)
  let migrated: unknown
  try {
    migrated = withDefaultCoordinates(migrateBotToV6(input))
  } catch (error) {
    if (error instanceof BotMigrationError) return { ok: false, issues: [{ path: error.path, message: error.message }] }
    throw error
  }
  const parsed = botSchemaFor(blockSchema).safeParse(migrated)
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
