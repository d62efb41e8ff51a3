import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const imageBubbleBlockSchema = blockOf(BubbleBlockType.IMAGE, {
  content: opt(
    z.looseObject({
      url: opt(z.string()),
      clickLink: opt(z.looseObject({ url: opt(z.string()), alt: opt(z.string()) })),
    }),
  ),
})
export type ImageBubbleBlock = z.infer<typeof imageBubbleBlockSchema>
