import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, itemBaseSchema } from '../../../contract/bot/blocks/shared.js'

export const defaultAbTestOptions = { aPercent: 50 } as const

export const abTestBlockSchema = blockOf(LogicBlockType.AB_TEST, {
  items: opt(z.array(itemBaseSchema.extend({ path: opt(z.enum(['a', 'b'])) }))),
  options: opt(z.looseObject({ aPercent: opt(z.number()) })),
})
export type AbTestBlock = z.infer<typeof abTestBlockSchema>
