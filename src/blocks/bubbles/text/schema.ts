// Text bubble: rich text; bubbles carry `content`, never `options`.
import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, richTextNodeSchema } from '../../../contract/bot/blocks/shared.js'
import { messageOf, textContentSchema } from '../../../contract/chatWire.js'

export const textBubbleBlockSchema = blockOf(BubbleBlockType.TEXT, {
  // Only `richText` drives the engine; `html` and `plainText` are derived copies written by older builders.
  content: opt(z.looseObject({ richText: opt(z.array(richTextNodeSchema)), html: opt(z.string()), plainText: opt(z.string()) })),
})
export type TextBubbleBlock = z.infer<typeof textBubbleBlockSchema>

/** What the chat sends to clients: the rich text with its variables templated, or Markdown when the client asked for it. */
export const textBubbleMessageSchema = messageOf(BubbleBlockType.TEXT, textContentSchema)
export type TextBubbleMessage = z.infer<typeof textBubbleMessageSchema>
