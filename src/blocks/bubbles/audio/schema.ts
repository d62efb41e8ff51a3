import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const audioBubbleBlockSchema = blockOf(BubbleBlockType.AUDIO, {
  content: opt(z.looseObject({ url: opt(z.string()), isAutoplayEnabled: opt(z.boolean()) })),
})
export type AudioBubbleBlock = z.infer<typeof audioBubbleBlockSchema>
