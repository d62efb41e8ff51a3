// Text bubble: rich text; bubbles carry `content`, never `options`.
import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, richTextNodeSchema } from '../../../contract/bot/blocks/shared.js'

export const textBubbleBlockSchema = blockOf(BubbleBlockType.TEXT, {
  // Only `richText` drives the engine; `html` and `plainText` are derived copies written by older builders.
  content: opt(z.looseObject({ richText: opt(z.array(richTextNodeSchema)), html: opt(z.string()), plainText: opt(z.string()) })),
})
export type TextBubbleBlock = z.infer<typeof textBubbleBlockSchema>
