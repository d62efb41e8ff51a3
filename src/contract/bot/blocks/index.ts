// The generic block: what contract/ and the engine know of every block, whatever its kind. Each kind's own schema
// lives in its folder (src/blocks/<category>/<kind>/schema.ts); src/blocks/schemas.ts dispatches between them and
// is what `prepareBotWith` gets to validate blocks fully.
import { z } from 'zod'
import { blockBaseSchema, opt } from '../common.js'

export const genericBlockSchema = blockBaseSchema.extend({ options: opt(z.looseObject({})) })
/** Any block: the common fields (`id`, `type`, `outgoingEdgeId`), `options` if any, and unknown others kept. */
export type Block = z.infer<typeof genericBlockSchema>
/** A block of a kind this service does not model (forged/plugin blocks, newer kinds): the same shape. */
export type GenericBlock = Block
