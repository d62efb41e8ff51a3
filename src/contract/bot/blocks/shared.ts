// Building pieces shared by the block schemas. Options, content and items are lenient: known fields are typed
// but optional and null-tolerant, unknown fields are kept.
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
