import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const defaultLoopOptions = { iterations: 3 } as const

export const loopBlockSchema = blockOf(LogicBlockType.LOOP, {
  options: opt(z.looseObject({ iterations: opt(z.number()) })),
})
export type LoopBlock = z.infer<typeof loopBlockSchema>
