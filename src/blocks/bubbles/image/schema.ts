import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'
import { messageOf } from '../../../contract/chatWire.js'

const imageContentSchema = z.looseObject({
  url: opt(z.string()),
  clickLink: opt(z.looseObject({ url: opt(z.string()), alt: opt(z.string()) })),
})

export const imageBubbleBlockSchema = blockOf(BubbleBlockType.IMAGE, { content: opt(imageContentSchema) })
export type ImageBubbleBlock = z.infer<typeof imageBubbleBlockSchema>

/** What the chat sends to clients: the content with its variables templated. */
export const imageBubbleMessageSchema = messageOf(BubbleBlockType.IMAGE, imageContentSchema)
export type ImageBubbleMessage = z.infer<typeof imageBubbleMessageSchema>
