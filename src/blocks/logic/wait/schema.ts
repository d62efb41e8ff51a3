// Wait: `secondsToWaitFor` may hold `{{variables}}`, it is parsed as a float after templating.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const waitBlockSchema = blockOf(LogicBlockType.WAIT, {
  options: opt(z.looseObject({ secondsToWaitFor: opt(z.string()), shouldPause: opt(z.boolean()) })),
})
export type WaitBlock = z.infer<typeof waitBlockSchema>
