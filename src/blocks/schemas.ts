// The schemas of the block kinds, and the block dispatcher the bot format is validated with. Each kind's schema is in
// its folder (<category>/<kind>/schema.ts, importing only contract/ and zod), so this file imports no kind behaviour
// and no engine: browser code can validate bots with it. Adding a kind with a schema is one line in `kindSchemas`
// (and one in ./index.ts for its behaviour); the map by type is derived from the schemas' own `type` literals.
import type { z } from 'zod'
import { type BlockSchema, type PrepareBotResult, makeBotV6Schema, prepareBotWith } from '../contract/bot/bot.js'
import { BubbleBlockType, InputBlockType, IntegrationBlockType, LogicBlockType } from '../contract/bot/blockTypes.js'
import { type Block, genericBlockSchema } from '../contract/bot/blocks/index.js'
import { dispatchSchema } from '../contract/bot/common.js'
import { audioBubbleBlockSchema } from './bubbles/audio/schema.js'
import { embedBubbleBlockSchema } from './bubbles/embed/schema.js'
import { imageBubbleBlockSchema } from './bubbles/image/schema.js'
import { textBubbleBlockSchema } from './bubbles/text/schema.js'
import { videoBubbleBlockSchema } from './bubbles/video/schema.js'
import { cardsBlockSchema } from './inputs/cards/schema.js'
import { choiceInputBlockSchema } from './inputs/choice/schema.js'
import { dateInputBlockSchema } from './inputs/date/schema.js'
import { emailInputBlockSchema } from './inputs/email/schema.js'
import { fileInputBlockSchema } from './inputs/file/schema.js'
import { numberInputBlockSchema } from './inputs/number/schema.js'
import { paymentInputBlockSchema } from './inputs/payment/schema.js'
import { phoneNumberInputBlockSchema } from './inputs/phone/schema.js'
import { pictureChoiceBlockSchema } from './inputs/pictureChoice/schema.js'
import { ratingInputBlockSchema } from './inputs/rating/schema.js'
import { textInputBlockSchema } from './inputs/text/schema.js'
import { timeInputBlockSchema } from './inputs/time/schema.js'
import { urlInputBlockSchema } from './inputs/url/schema.js'
import { chatwootBlockSchema } from './integrations/chatwoot/schema.js'
import { sendEmailBlockSchema } from './integrations/email/schema.js'
import { googleAnalyticsBlockSchema } from './integrations/googleAnalytics/schema.js'
import { googleSheetsBlockSchema } from './integrations/googleSheets/schema.js'
import { httpRequestBlockSchema } from './integrations/httpRequest/schema.js'
import { makeComBlockSchema } from './integrations/makeCom/schema.js'
import { openAIBlockSchema } from './integrations/openai/schema.js'
import { pabblyConnectBlockSchema } from './integrations/pabbly/schema.js'
import { pixelBlockSchema } from './integrations/pixel/schema.js'
import { zapierBlockSchema } from './integrations/zapier/schema.js'
import { abTestBlockSchema } from './logic/abTest/schema.js'
import { conditionBlockSchema } from './logic/condition/schema.js'
import { jumpBlockSchema } from './logic/jump/schema.js'
import { redirectBlockSchema } from './logic/redirect/schema.js'
import { returnBlockSchema } from './logic/return/schema.js'
import { scriptBlockSchema } from './logic/script/schema.js'
import { setVariableBlockSchema } from './logic/setVariable/schema.js'
import { typebotLinkBlockSchema } from './logic/typebotLink/schema.js'
import { waitBlockSchema } from './logic/wait/schema.js'
import { webhookBlockSchema } from './logic/webhook/schema.js'

/** Every kind's block schema; kinds without one (forged blocks) are validated as generic blocks. */
const kindSchemas = [
  audioBubbleBlockSchema,
  embedBubbleBlockSchema,
  imageBubbleBlockSchema,
  textBubbleBlockSchema,
  videoBubbleBlockSchema,
  cardsBlockSchema,
  choiceInputBlockSchema,
  dateInputBlockSchema,
  emailInputBlockSchema,
  fileInputBlockSchema,
  numberInputBlockSchema,
  paymentInputBlockSchema,
  phoneNumberInputBlockSchema,
  pictureChoiceBlockSchema,
  ratingInputBlockSchema,
  textInputBlockSchema,
  timeInputBlockSchema,
  urlInputBlockSchema,
  abTestBlockSchema,
  conditionBlockSchema,
  jumpBlockSchema,
  redirectBlockSchema,
  returnBlockSchema,
  scriptBlockSchema,
  setVariableBlockSchema,
  typebotLinkBlockSchema,
  waitBlockSchema,
  webhookBlockSchema,
  chatwootBlockSchema,
  sendEmailBlockSchema,
  googleAnalyticsBlockSchema,
  googleSheetsBlockSchema,
  httpRequestBlockSchema,
  makeComBlockSchema,
  openAIBlockSchema,
  pabblyConnectBlockSchema,
  pixelBlockSchema,
  zapierBlockSchema,
] as const
type KindSchema = (typeof kindSchemas)[number]

export type KnownBlock = z.infer<KindSchema>
export type KnownBlockType = KnownBlock['type']
export type BlockByType = { [K in KnownBlockType]: Extract<KnownBlock, { type: K }> }

const byType = (schemas: readonly KindSchema[]) => {
  const map: Record<string, KindSchema> = {}
  for (const schema of schemas) {
    const type = schema.shape.type.value
    if (Object.hasOwn(map, type)) throw new Error(`Two block schemas for type "${type}"`)
    map[type] = schema
  }
  return map as { readonly [K in KnownBlockType]: Extract<KindSchema, { shape: { type: z.ZodLiteral<K> } }> }
}

/** The kinds' schemas by block type. */
export const blockSchemaByType = byType(kindSchemas)

const isKnownBlockType = (type: unknown): type is KnownBlockType => typeof type === 'string' && Object.hasOwn(blockSchemaByType, type)

/**
 * Block dispatch: known kinds are checked with their own schema, anything else (forged blocks such as `openai` or
 * `mistral`, kinds from newer builds) with the generic one, and kept as-is.
 */
export const blockSchema: BlockSchema = dispatchSchema<Block>((block) =>
  isKnownBlockType(block.type) ? blockSchemaByType[block.type] : genericBlockSchema,
)

/** The v6 bot schema with every block checked by its kind's schema. */
export const botV6Schema = makeBotV6Schema(blockSchema)

/** Migrates any Typebot export to v6 and validates it, blocks included (see `prepareBotWith`). */
export const prepareBot = (input: unknown): PrepareBotResult => prepareBotWith(input, blockSchema)

export type BubbleBlock = Extract<KnownBlock, { type: BubbleBlockType }>
export type InputBlock = Extract<KnownBlock, { type: InputBlockType }>
export type LogicBlock = Extract<KnownBlock, { type: LogicBlockType }>
export type IntegrationBlock = Extract<KnownBlock, { type: IntegrationBlockType }>

const typeSet = (types: Record<string, string>) => new Set<string>(Object.values(types))
const bubbleTypes = typeSet(BubbleBlockType)
const inputTypes = typeSet(InputBlockType)
const logicTypes = typeSet(LogicBlockType)
const integrationTypes = typeSet(IntegrationBlockType)

export const isBubbleBlock = (block: { type: string }): block is BubbleBlock => bubbleTypes.has(block.type)
export const isInputBlock = (block: { type: string }): block is InputBlock => inputTypes.has(block.type)
export const isLogicBlock = (block: { type: string }): block is LogicBlock => logicTypes.has(block.type)
/** Built-in integrations only: forged blocks are generic blocks (see `isKnownBlock`). */
export const isIntegrationBlock = (block: { type: string }): block is IntegrationBlock => integrationTypes.has(block.type)
export const isKnownBlock = (block: { type: string }): block is KnownBlock => isKnownBlockType(block.type)

/** Narrows a block to one kind (a plain `block.type === ...` check cannot, because generic blocks have any type). */
export const isBlockOfType = <T extends KnownBlockType>(block: { type: string }, type: T): block is BlockByType[T] => block.type === type
