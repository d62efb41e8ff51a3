// The bot record: the one declaration of the Bot resource. Each field the API answers for a bot is listed once, in
// the order of Typebot's spec, and owned either by the document (the v6 bot: what create, import, update and the
// editor change; stored as one JSON text that keeps unknown fields too) or by the service (ids, flags, timestamps:
// a column each, never in the document, changed only through their own operations). The store's columns and record,
// the service's rules (domain/bots.ts), the API's view (app/views.ts) and web/app's types derive from it: a new
// column is a migration, a line here and the store's mapping (store/bots.ts).
import { z } from 'zod'
import type { BotV6 } from './bot.js'
import { botSettingsSchema } from './common.js'

const graphArray = z.array(z.looseObject({}))
const jsonObject = z.looseObject({})

type Field = { owner: 'document' | 'service'; schema: z.ZodType; imported: boolean }

/** A field of the document: kept as given (an import keeps it too). */
const doc = <S extends z.ZodType>(schema: S) => ({ owner: 'document' as const, schema, imported: true })
/** A field of the document that names something of the workspace it was made in: an import drops it, as Typebot's does. */
const workspaceBound = <S extends z.ZodType>(schema: S) => ({ owner: 'document' as const, schema, imported: false })
/** A field the service owns: a column of its own; an import gets the importing workspace's. */
const service = <S extends z.ZodType>(schema: S) => ({ owner: 'service' as const, schema, imported: false })

/** Every known field of the Bot resource, in the order answers show them (then any other field of the document). */
const botFields = {
  version: doc(z.string()),
  id: service(z.string()),
  name: doc(z.string()),
  events: doc(graphArray),
  groups: doc(graphArray),
  edges: doc(graphArray),
  variables: doc(graphArray),
  theme: doc(jsonObject),
  selectedThemeTemplateId: doc(z.string().nullable()),
  settings: doc(botSettingsSchema),
  createdAt: service(z.string()),
  updatedAt: service(z.string()),
  icon: doc(z.string().nullable()),
  /** The folder of the workspace the bot is filed in; null at the root. */
  folderId: service(z.string().nullable()),
  publicId: service(z.string().nullable()),
  customDomain: workspaceBound(z.string().nullable()),
  workspaceId: service(z.string()),
  resultsTablePreferences: doc(jsonObject.nullable()),
  isArchived: service(z.boolean()),
  isClosed: service(z.boolean()),
  whatsAppCredentialsId: workspaceBound(z.string().nullable()),
  /** Parley's own: the Telegram bot (credentials of type `telegram`) this bot answers on. */
  telegramCredentialsId: workspaceBound(z.string().nullable()),
  riskLevel: workspaceBound(z.number().nullable()),
} satisfies Record<string, Field>

type Fields = typeof botFields
export type BotField = keyof Fields
export type BotServiceField = { [K in BotField]: Fields[K]['owner'] extends 'service' ? K : never }[BotField]
type BotDocumentField = Exclude<BotField, BotServiceField>

const fieldNames = Object.keys(botFields) as BotField[]
/** The Bot resource's known fields, in the order answers show them. */
export const BOT_FIELDS: readonly BotField[] = fieldNames
/** The fields the service owns: stored in columns, never in the document. */
export const BOT_SERVICE_FIELDS = fieldNames.filter((name) => botFields[name].owner === 'service') as readonly BotServiceField[]
/** The fields a Typebot export carries that an import does not take (the service's, and those bound to a workspace). */
export const BOT_FIELDS_NOT_IMPORTED = fieldNames.filter((name) => !botFields[name].imported)

const shape = Object.fromEntries(fieldNames.map((name) => [name, botFields[name].schema])) as { [K in BotField]: Fields[K]['schema'] }

/** The Bot resource. The graph parts follow Typebot's v6 schema (see docs/bots.md). */
export const botSchema = z.looseObject(shape).meta({ id: 'Bot' })

/** A bot in lists: the record without its document, with its publishing state. */
export const botSummarySchema = z
  .object({
    id: shape.id,
    name: shape.name,
    icon: shape.icon,
    folderId: shape.folderId,
    publicId: shape.publicId,
    isArchived: shape.isArchived,
    isClosed: shape.isClosed,
    isPublished: z.boolean(),
    publishedAt: z.string().nullable().meta({ description: 'When the current version was published; null while unpublished.' }),
    hasUnpublishedChanges: z.boolean().meta({ description: 'The draft differs from the published version (false while unpublished).' }),
    createdAt: shape.createdAt,
    updatedAt: shape.updatedAt,
  })
  .meta({ id: 'BotSummary' })

/** The fields the service owns, as the store holds and the API answers them. */
export type BotServiceFields = { [K in BotServiceField]: z.infer<Fields[K]['schema']> }

/** The named fields of a loose type (without its index signature, which `Omit` and `Pick` would keep alone). */
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }

/** The bot document as stored: a validated v6 bot without the service's fields, named, unknown fields kept. */
export type BotDocument = Omit<Named<BotV6>, BotServiceField> & { name: string } & { [field: string]: unknown }

/** A document field as answered: null when the document lacks it. */
type Answered<T> = undefined extends T ? Exclude<T, undefined> | null : T

/** The Bot resource as the API answers it: the service's fields, the document's (null when unset), then its others. */
export type BotRecord = BotServiceFields & { [K in BotDocumentField]: Answered<BotDocument[K]> } & { [field: string]: unknown }

// What keeps this declaration and the v6 bot schema (contract/bot/bot.ts) together: every field of the v6 bot is a
// field of the record, every document field is one of the v6 bot, and the record is what the spec's schema says.
type Holds<T extends true> = T
export type BotRecordAgreement = [
  Holds<Exclude<keyof Named<BotV6>, BotField> extends never ? true : false>,
  Holds<BotDocumentField extends keyof Named<BotV6> ? true : false>,
  Holds<BotRecord extends z.infer<typeof botSchema> ? true : false>,
]
