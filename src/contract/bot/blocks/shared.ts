// Building pieces shared by the block schemas of several kinds (each kind's own schema is in
// src/blocks/<category>/<kind>/schema.ts, which may import only contract/ and zod). Options, content and items are
// lenient: known fields are typed but optional and null-tolerant, unknown fields are kept.
import { z } from 'zod'
import { blockBaseSchema, conditionSchema, opt } from '../common.js'

/** A block kind: the common block fields, a literal `type` and its kind-specific fields. */
export const blockOf = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  blockBaseSchema.extend({ type: z.literal(type), ...shape })

/** Items carry edges (`outgoingEdgeId`) and are their source (`edge.from.itemId`), so their id is required. */
export const itemBaseSchema = z.looseObject({
  id: z.string(),
  outgoingEdgeId: opt(z.string()),
})

export const displayConditionSchema = z.looseObject({
  isEnabled: opt(z.boolean()),
  condition: opt(conditionSchema),
})

/** `{ id, key, value }` rows (HTTP headers and query params, pixel params). */
export const keyValueSchema = z.looseObject({ id: opt(z.string()), key: opt(z.string()), value: opt(z.string()) })

/** Maps a path of an HTTP or webhook response into a variable. */
export const responseVariableMappingSchema = z.looseObject({
  id: opt(z.string()),
  variableId: opt(z.string()),
  bodyPath: opt(z.string()),
})

/** A number, or a string holding a `{{variable}}` reference. */
export const numberOrVariable = z.union([z.number(), z.string()])

// Rich text: the text bubble's content, and what the engine templates and renders (so it is here, not in the kind).
/** A Slate/Plate rich-text node: an element (`type`, `children`, e.g. `url` for links) or a leaf (`text`, marks). */
export type RichTextNode = {
  type?: string | null
  text?: string | null
  children?: RichTextNode[] | null
  [key: string]: unknown
}
export const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.looseObject({ type: opt(z.string()), text: opt(z.string()), children: opt(z.array(richTextNodeSchema)) }),
)

// Inputs: pieces several input kinds share.
export const defaultButtonLabel = 'Send'

/** Where uploaded files (and audio clips) are stored: `Auto` follows the workspace default. */
export const fileVisibilities = ['Auto', 'Public', 'Private'] as const
export const visibilitySchema = z.enum(fileVisibilities)

const placeholderLabelsSchema = z.looseObject({ placeholder: opt(z.string()), button: opt(z.string()) })
/** Fields shared by the text-like inputs (text, number, email, URL, phone). */
export const textLikeOptionsShape = {
  variableId: opt(z.string()),
  labels: opt(placeholderLabelsSchema),
  // Per-locale label overrides (newest builds).
  localizations: opt(z.record(z.string(), z.looseObject({ labels: opt(placeholderLabelsSchema) }))),
}

/** Defaults of the choice input, which the picture choice input extends. */
export const defaultChoiceInputOptions = {
  isMultipleChoice: false,
  buttonLabel: defaultButtonLabel,
  isSearchable: false,
  searchInputPlaceholder: 'Filter the options...',
} as const

// HTTP requests: the option shape of the HTTP request block, shared by Zapier, Make.com and Pabbly.
export const httpMethods = ['POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'CONNECT', 'OPTIONS', 'TRACE'] as const

export const httpRequestOptionsShape = {
  webhook: opt(
    z.looseObject({
      url: opt(z.string()),
      method: opt(z.enum(httpMethods)),
      queryParams: opt(z.array(keyValueSchema)),
      headers: opt(z.array(keyValueSchema)),
      body: opt(z.string()),
    }),
  ),
  isCustomBody: opt(z.boolean()),
  isExecutedOnClient: opt(z.boolean()),
  withCredentials: opt(z.boolean()),
  responseVariableMapping: opt(z.array(responseVariableMappingSchema)),
  // Sample values used by the editor's "test request" button only.
  variablesForTest: opt(z.array(z.looseObject({ id: opt(z.string()), variableId: opt(z.string()), value: opt(z.string()) }))),
  timeout: opt(z.number()),
  proxyCredentialsId: opt(z.string()),
  isAdvancedConfig: opt(z.boolean()),
}
export const httpRequestOptionsSchema = z.looseObject(httpRequestOptionsShape)
