// zod schemas of the management API's bodies and answers (the OpenAPI document is generated from them).
import { z } from 'zod'
import { botCheckSchema } from './bot/checks.js'
import { botSettingsSchema } from './bot/common.js'
import { type BotRecord, botSchema } from './bot/record.js'

export { botSchema, botSummarySchema } from './bot/record.js'

export { errorSchema } from './errors.js'

/** Query-string booleans: `true`/`1` and `false`/`0`. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()

/**
 * Longest id (or public id, session id, …) anywhere in the API. Ids travel in URL paths, and the router refuses
 * longer path parameters with 414 (its maxParamLength is set from this constant): an id accepted in a body must
 * stay usable in a path. Generated ids have 25 characters.
 */
export const ID_MAX_LENGTH = 100
export const idSchema = z.string().min(1).max(ID_MAX_LENGTH)
const id = idSchema
const nullableString = z.string().max(10_000).nullable()

export const roleSchema = z.enum(['admin', 'member', 'guest'])
export const userModeSchema = z.enum(['guest', 'read', 'write'])

export const workspaceSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    plan: z.string(),
    billingProviderId: z.string().nullable(),
    settings: z.record(z.string(), z.unknown()),
    customChatsLimit: z.number().nullable(),
    customSeatsLimit: z.number().nullable(),
    isSuspended: z.boolean(),
    isPastDue: z.boolean(),
    isVerified: z.boolean(),
    chatsHardLimit: z.number().nullable(),
    lastActivityAt: z.string().nullable(),
    inactiveFirstEmailSentAt: z.string().nullable(),
    inactiveSecondEmailSentAt: z.string().nullable(),
  })
  .meta({ id: 'Workspace' })

export const createWorkspaceBody = z.object({ name: z.string().trim().min(1).max(200), icon: nullableString.optional() })
export const workspaceParams = z.object({ workspaceId: id })

export const memberSchema = z
  .object({ userId: z.string(), name: z.string(), email: z.string().nullable(), role: roleSchema, createdAt: z.string() })
  .meta({ id: 'Member' })
export const addMemberBody = z
  .object({ email: z.email().max(320).optional(), userId: id.optional(), role: roleSchema })
  .refine((b) => !!b.email !== !!b.userId, { message: 'Give exactly one of email or userId.' })
export const memberParams = z.object({ workspaceId: id, userId: id })

const graphArray = z.array(z.looseObject({}))
const jsonObject = z.looseObject({})

/** What in a bot will not run as drawn: `GET /v1/bots/{id}/check`, and the answers of create, import and update. */
export const botChecksSchema = z
  .array(botCheckSchema)
  .meta({ description: 'Problems of the bot graph (dangling or ignored edges, unreachable groups, unknown variables, missing linked bots…)' })

/** An answer carrying one bot (duplicate, move, unpublish, close…). */
export const botAnswer = z.object({ bot: botSchema })
/** What create, import and update answer: the bot as stored, and what in it will not run as drawn. */
export const checkedBotAnswer = botAnswer.extend({ checks: botChecksSchema })
/** GET /v1/bots/{id}: the draft, the caller's rights and its publishing state. */
export const botDraftAnswer = botAnswer.extend({
  currentUserMode: userModeSchema,
  publishedAt: z.string().nullable().meta({ description: 'When the current version was published; null while unpublished.' }),
  hasUnpublishedChanges: z.boolean().meta({ description: 'The draft differs from the published version.' }),
})

/** An answer with its bot typed as the record (the schema describes the graph loosely). */
type WithBotRecord<T> = Omit<T, 'bot'> & { bot: BotRecord }
export type CheckedBotAnswer = WithBotRecord<z.infer<typeof checkedBotAnswer>>
export type BotDraftAnswer = WithBotRecord<z.infer<typeof botDraftAnswer>>

export const publishedBotSchema = z
  .object({
    id: z.string(),
    version: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    botId: z.string(),
    groups: graphArray,
    events: graphArray,
    edges: graphArray,
    variables: graphArray,
    theme: jsonObject,
    settings: botSettingsSchema,
    lastActivityAt: z.string().nullable(),
  })
  .meta({ id: 'PublishedBot' })

/**
 * First path segments of the server's own pages and APIs: a published bot's page is `/{publicId}`, so no bot may
 * take one of these as its public id (compared without case).
 */
export const RESERVED_PUBLIC_IDS: ReadonlySet<string> = new Set([
  ...['v1', 'api', 'docs', 'health', 'parties', 'chat.js', 'favicon.ico', 'robots.txt'],
  // The web application's pages (api/web/webApp.ts).
  ...['assets', 'signin', 'signup', 'setup', 'reset-password', 'magic-link', 'invitations', 'account', 'w'],
])

export const publicIdSchema = z
  .string()
  .min(1)
  .max(ID_MAX_LENGTH)
  .regex(/^[a-zA-Z0-9-.]+$/, 'Only letters, digits, "-" and "." are allowed.')
  .refine((id) => !RESERVED_PUBLIC_IDS.has(id.toLowerCase()), "This public id is reserved for the server's own pages.")

/** Fields a client may send for a bot; graph parts are checked by the bot-format validator afterwards. */
/** How the results table is shown (Typebot's field): column ids in order, hidden ones, widths in pixels. */
export const resultsTablePreferencesSchema = z
  .looseObject({
    columnsOrder: z.array(z.string().max(300)).max(20_000).nullish(),
    columnsVisibility: z.record(z.string().max(300), z.boolean()).nullish(),
    // Older Typebot exports store an empty `columnsWidth` as `[]`.
    columnsWidth: z.union([z.record(z.string().max(300), z.number().min(0).max(100_000)), z.array(z.never())]).nullish(),
  })
  .meta({ id: 'ResultsTablePreferences' })

const botInputFields = {
  name: z.string().max(500).optional(),
  icon: nullableString.optional(),
  selectedThemeTemplateId: nullableString.optional(),
  folderId: nullableString.optional(),
  publicId: publicIdSchema.nullable().optional(),
  customDomain: nullableString.optional().meta({
    description:
      "A host name serving the bot's hosted page (e.g. chat.example.org; stored in lower case, without scheme, port or path). One bot per domain across the server: another bot's answers 409 custom_domain_taken. See GET /v1/bots/{botId}/customDomain.",
  }),
  groups: z.array(z.unknown()).optional(),
  events: z.array(z.unknown()).nullable().optional(),
  edges: z.array(z.unknown()).optional(),
  variables: z.array(z.unknown()).optional(),
  theme: jsonObject.optional(),
  settings: botSettingsSchema.optional(),
  resultsTablePreferences: resultsTablePreferencesSchema.nullable().optional(),
  isClosed: z.boolean().optional(),
  whatsAppCredentialsId: nullableString.optional(),
  telegramCredentialsId: nullableString.optional(),
  riskLevel: z.number().nullable().optional(),
}

export const createBotBody = z.object({
  workspaceId: id,
  bot: z.looseObject(botInputFields).optional(),
  starterId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'The former name of `templateSlug` (GET /v1/starters lists the same templates).' }),
  templateSlug: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Create from this template (GET /v1/templates); `bot` fields apply on top.' }),
  credentials: z.record(z.string().max(100), z.string().max(100)).optional().meta({
    description:
      "With a template: the workspace's credentials each block that needs some gets, by block id (the template's `credentials` list says which blocks need which type).",
  }),
})

export const updateBotBody = z.object({
  bot: z.looseObject({
    ...botInputFields,
    version: z.string().optional(),
    isArchived: z.boolean().optional(),
    updatedAt: z.string().optional(),
  }),
  overwrite: z.boolean().optional(),
})

export const importBotBody = z.object({
  workspaceId: id,
  bot: z.looseObject({}),
  folderId: id.nullable().optional(),
  fromTemplate: z.string().max(500).optional(),
  enableSafetyFlags: z.boolean().optional(),
})

export const botParams = z.object({ botId: id })
export const migrateQuery = z.object({
  migrateToLatestVersion: queryBoolean.meta({
    description: '`true`: answer the bot migrated to the latest schema version (v6.1) rather than as stored.',
  }),
})
export const listBotsQuery = z.object({
  workspaceId: id.meta({ description: 'The workspace whose bots to list.' }),
  folderId: id.optional().meta({ description: 'Only the bots of this folder; `root` for those in no folder. Absent: every bot.' }),
  q: z.string().max(200).optional().meta({ description: 'Only bots whose name contains this (ignoring case).' }),
})

/** Most bots one import request takes (the files dropped together on the dashboard). */
export const IMPORT_MANY_MAX = 50

export const importManyBody = z.object({
  workspaceId: id,
  bots: z.array(z.looseObject({})).min(1).max(IMPORT_MANY_MAX).meta({ description: 'Typebot exports (one per file); links between them are kept.' }),
  folderId: id.nullable().optional(),
})

export const credentialsSchema = z
  .object({ id: z.string(), type: z.string(), name: z.string(), createdAt: z.string() })
  .meta({ id: 'Credentials', description: 'Credentials metadata; the secret data is never returned.' })

export const folderSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() }).meta({ id: 'Folder' })
export const folderBody = z.object({ name: z.string().trim().min(1).max(200) })
export const folderParams = z.object({ workspaceId: id, folderId: id })
export const moveBotBody = z.object({ folderId: id.nullable().meta({ description: 'The folder, or null for the root.' }) })

export const starterSchema = z.object({ id: z.string(), name: z.string(), description: z.string() }).meta({ id: 'Starter' })

export const updateWorkspaceBody = z
  .object({ name: z.string().trim().min(1).max(200).optional(), icon: nullableString.optional() })
  .refine((b) => b.name !== undefined || b.icon !== undefined, { message: 'Give name or icon.' })

export const invitationSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    workspaceName: z.string(),
    email: z.string(),
    role: roleSchema,
    inviterName: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Invitation' })
export const inviteBody = z.object({ email: z.email().max(320), role: roleSchema })
export const invitationParams = z.object({ workspaceId: id, invitationId: id })
/** A link's token (43 characters). */
export const invitationKeyParams = z.object({ key: id })

export const resultColumnSchema = z
  .object({
    /** `submittedAt`, `block:<blockId>` or `variable:<variableId>`: the key of the rows' cells. */
    id: z.string(),
    kind: z.enum(['submittedAt', 'block', 'variable', 'session']),
    /** An input's variable name (else its question, else its group's title), a variable's name; unique among the columns. */
    label: z.string(),
    blockId: z.string().optional(),
    /** Every input answering in this column (inputs saving into one variable share its column). */
    blockIds: z.array(z.string()).optional(),
    blockType: z.string().optional(),
    groupId: z.string().optional(),
    variableId: z.string().optional(),
    /** The `session` column (a fingerprint of the result's last chat session): the table shows it once chosen. */
    isHiddenByDefault: z.boolean().optional(),
  })
  .meta({ id: 'ResultColumn' })

export const resultRowSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    isCompleted: z.boolean(),
    hasStarted: z.boolean(),
    /** Text by column id; empty cells are left out. */
    cells: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ResultRow' })

export const resultDetailSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    isCompleted: z.boolean(),
    hasStarted: z.boolean(),
    /** In the order they were given; `label` is null for a block neither the draft nor the published bot has. */
    answers: z.array(
      z.object({
        blockId: z.string(),
        columnId: z.string(),
        label: z.string().nullable(),
        content: z.string(),
        attachedFileUrls: z.array(z.string()),
        createdAt: z.string(),
      }),
    ),
    variables: z.array(z.object({ id: z.string(), name: z.string(), columnId: z.string(), value: z.string().nullable() })),
    logs: z.array(z.object({ status: z.string(), description: z.string(), details: z.string().optional(), createdAt: z.string() })),
  })
  .meta({ id: 'ResultDetail' })

/** Comma-separated result ids, or `all=true`: exactly one. */
export const deleteResultsQuery = z
  .object({
    ids: z
      .string()
      .max(60_000)
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(idSchema).min(1).max(1000))
      .optional()
      .meta({ description: 'The results to delete, comma-separated (at most 1000). Give this or `all=true`.' }),
    all: queryBoolean.meta({ description: '`true`: delete every result of the bot. Give this or `ids`.' }),
  })
  .refine((q) => !!q.ids !== !!q.all, { message: 'Give either ids (comma-separated) or all=true.' })

export const analyticsSchema = z
  .object({
    /** Results created in the window (chats opened). */
    views: z.number(),
    /** Of those, results with at least one answer. */
    starts: z.number(),
    /** Of those, results whose chat reached an end. */
    completed: z.number(),
    /** starts / views (0 without views). */
    startRate: z.number(),
    /** completed / views (0 without views). */
    completionRate: z.number(),
    /** Input blocks in column order. */
    blocks: z.array(
      z.object({
        blockId: z.string(),
        groupId: z.string(),
        label: z.string(),
        /** answered + droppedOff. */
        reached: z.number(),
        /** Results that answered it (once each). */
        answered: z.number(),
        /** Unfinished results whose chat waits on it: they left there. */
        droppedOff: z.number(),
        /** droppedOff / reached (0 when nobody reached it). */
        dropOffRate: z.number(),
      }),
    ),
  })
  .meta({ id: 'Analytics' })
