// The version history API's shapes (api/routes/botVersions.ts), read by the web app's Versions tab too.
import { z } from 'zod'
import { botSchema, idSchema } from './api.js'

export const botVersionSchema = z
  .object({
    id: z.string().meta({ description: 'The version id (also the id of the snapshot chats started on it run)' }),
    botId: z.string(),
    number: z.number().int().meta({ description: "1 for the bot's first publish, then one more per publish" }),
    publishedAt: z.string(),
    publishedBy: z
      .object({ id: z.string(), name: z.string(), email: z.string().nullable() })
      .nullable()
      .meta({ description: 'Who published it; null when unknown (published before versions were kept, or the account is gone)' }),
    note: z.string().nullable().meta({ description: 'What the publisher said it changes' }),
    size: z.number().int().meta({ description: 'Characters of its stored JSON' }),
    isLive: z.boolean().meta({ description: 'New chats start on this version' }),
  })
  .meta({ id: 'BotVersion' })
export type BotVersionAnswer = z.infer<typeof botVersionSchema>

export const versionParams = z.object({
  botId: idSchema,
  versionId: idSchema.meta({ description: 'The version’s id, or its number (`3`)' }),
})

export const listVersionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: 'Versions per page (1–200, default 50)' }),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(999_999_999)
    .optional()
    .meta({ description: 'Versions numbered below this one (the `nextBefore` of the previous page)' }),
})

export const versionsListAnswer = z.object({
  versions: z.array(botVersionSchema).meta({ description: 'Newest first' }),
  liveVersionId: z.string().nullable().meta({ description: 'The version new chats start on; null while unpublished' }),
  total: z.number().int().meta({ description: 'Versions kept for this bot' }),
  bytes: z.number().int().meta({ description: 'Characters their documents take in storage' }),
  nextBefore: z.number().int().nullable().meta({ description: 'Pass as `before` for the next page; null on the last page' }),
})

export const versionAnswer = z.object({
  version: botVersionSchema.extend({
    bot: z.looseObject({}).meta({ description: 'The frozen bot: version, groups, events, edges, variables, theme and settings' }),
  }),
})

/** A version by id, or `live` (the live version), or `draft` (the current draft). */
const versionRef = z.string().min(1).max(100).meta({ description: 'A version id, `live` for the live version, or `draft` for the current draft' })
export const compareQuery = z.object({
  from: versionRef,
  to: versionRef.default('draft').meta({ description: 'A version id, `live` for the live version, or `draft` for the current draft (the default)' }),
})

const valueChange = z.object({
  path: z.string().meta({ description: 'Dotted path of the changed value (texts of bubbles as plain text)' }),
  from: z.unknown(),
  to: z.unknown(),
})
const changes = z.array(valueChange)
const section = <T extends z.ZodRawShape>(shape: T) => {
  const ref = z.object(shape)
  return z.object({ added: z.array(ref), removed: z.array(ref), changed: z.array(ref.extend({ changes })) })
}
const blockRef = {
  id: z.string(),
  type: z.string(),
  groupId: z.string(),
  group: z.string().meta({ description: 'Title of its group' }),
  label: z.string().meta({ description: "What its card shows: a bubble's text, an input's placeholder, a choice's items…" }),
}

export const botDiffSchema = z
  .object({
    groups: section({ id: z.string(), title: z.string() }),
    blocks: section(blockRef),
    edges: section({
      id: z.string(),
      from: z.string().meta({ description: 'Where it leaves: "Group › block › item"' }),
      to: z.string().meta({ description: 'Where it leads: "Group" or "Group › block"' }),
    }),
    variables: section({ id: z.string(), name: z.string() }),
    events: section({ id: z.string(), type: z.string() }),
    theme: changes,
    settings: changes,
    summary: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
  })
  .meta({ id: 'BotDiff' })
export type BotDiffAnswer = z.infer<typeof botDiffSchema>

const compared = z.object({
  label: z.string().meta({ description: '"draft" or "version N"' }),
  id: z.string().optional(),
  number: z.number().int().optional(),
})
export const compareAnswer = z.object({ from: compared, to: compared, diff: botDiffSchema })

export const makeLiveAnswer = z.object({ bot: botSchema, version: botVersionSchema })

export const publishBody = z
  .object({ note: z.string().max(500).optional().meta({ description: 'What this version changes, shown in the version history' }) })
  .default({})
