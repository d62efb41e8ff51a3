import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const redirectBlockSchema = blockOf(LogicBlockType.REDIRECT, {
  options: opt(z.looseObject({ url: opt(z.string()), isNewTab: opt(z.boolean()) })),
})
export type RedirectBlock = z.infer<typeof redirectBlockSchema>
