// Block dispatch: known kinds are checked with their own schema, anything else (forged blocks such as `openai`
// or `mistral`, kinds from newer builds) with the generic one, and kept as-is.
import { z } from 'zod'
import { blockBaseSchema, dispatchSchema, opt } from '../common.js'
import { type BubbleBlock, BubbleBlockType, bubbleBlockSchemas } from './bubbles.js'
import { type InputBlock, InputBlockType, inputBlockSchemas } from './inputs.js'
import { type IntegrationBlock, IntegrationBlockType, integrationBlockSchemas } from './integrations.js'
import { type LogicBlock, LogicBlockType, logicBlockSchemas } from './logic.js'

export const blockSchemaByType = {
  ...bubbleBlockSchemas,
  ...inputBlockSchemas,
  ...logicBlockSchemas,
  ...integrationBlockSchemas,
} as const
export type KnownBlockType = keyof typeof blockSchemaByType
export type BlockByType = { [K in KnownBlockType]: z.infer<(typeof blockSchemaByType)[K]> }

export const genericBlockSchema = blockBaseSchema.extend({ options: opt(z.looseObject({})) })
/** A block of a kind this service does not model (forged/plugin blocks, newer kinds). */
export type GenericBlock = z.infer<typeof genericBlockSchema>
export type KnownBlock = BubbleBlock | InputBlock | LogicBlock | IntegrationBlock
export type Block = KnownBlock | GenericBlock

const isKnownBlockType = (type: unknown): type is KnownBlockType =>
  typeof type === 'string' && Object.hasOwn(blockSchemaByType, type)

export const blockSchema = dispatchSchema<Block>((block) =>
  isKnownBlockType(block.type) ? blockSchemaByType[block.type] : genericBlockSchema,
)

const typeSet = (types: Record<string, string>) => new Set<string>(Object.values(types))
const bubbleTypes = typeSet(BubbleBlockType)
const inputTypes = typeSet(InputBlockType)
const logicTypes = typeSet(LogicBlockType)
const integrationTypes = typeSet(IntegrationBlockType)

export const isBubbleBlock = (block: { type: string }): block is BubbleBlock => bubbleTypes.has(block.type)
export const isInputBlock = (block: { type: string }): block is InputBlock => inputTypes.has(block.type)
export const isLogicBlock = (block: { type: string }): block is LogicBlock => logicTypes.has(block.type)
/** Built-in integrations only: forged blocks are generic blocks (see `isKnownBlock`). */
export const isIntegrationBlock = (block: { type: string }): block is IntegrationBlock =>
  integrationTypes.has(block.type)
export const isKnownBlock = (block: { type: string }): block is KnownBlock => isKnownBlockType(block.type)

/** Narrows a block to one kind (a plain `block.type === ...` check cannot, because generic blocks have any type). */
export const isBlockOfType = <T extends KnownBlockType>(block: { type: string }, type: T): block is BlockByType[T] =>
  block.type === type
