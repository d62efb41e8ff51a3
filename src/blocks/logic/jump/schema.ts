// Jump: `groupId` may also be a single `{{variable}}` holding a group title.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const jumpBlockSchema = blockOf(LogicBlockType.JUMP, {
  options: opt(z.looseObject({ groupId: opt(z.string()), blockId: opt(z.string()) })),
})
export type JumpBlock = z.infer<typeof jumpBlockSchema>
