// Typebot link: `typebotId: 'current'` targets the same bot. v6 merges results only when asked to.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const typebotLinkBlockSchema = blockOf(LogicBlockType.TYPEBOT_LINK, {
  options: opt(z.looseObject({ typebotId: opt(z.string()), groupId: opt(z.string()), mergeResults: opt(z.boolean()) })),
})
export type TypebotLinkBlock = z.infer<typeof typebotLinkBlockSchema>
