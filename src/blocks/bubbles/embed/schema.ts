import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, numberOrVariable } from '../../../contract/bot/blocks/shared.js'
import { messageOf } from '../../../contract/chatWire.js'

export const defaultEmbedBubbleContent = { height: 400 } as const

const embedContentSchema = z.looseObject({
  url: opt(z.string()),
  height: opt(numberOrVariable),
  // When enabled, the flow pauses after the embed until the client posts the awaited event's payload.
  waitForEvent: opt(z.looseObject({ isEnabled: opt(z.boolean()), name: opt(z.string()), saveDataInVariableId: opt(z.string()) })),
})

export const embedBubbleBlockSchema = blockOf(BubbleBlockType.EMBED, { content: opt(embedContentSchema) })
export type EmbedBubbleBlock = z.infer<typeof embedBubbleBlockSchema>

/** What the chat sends to clients: the content templated, the height a number. */
export const embedBubbleMessageSchema = messageOf(BubbleBlockType.EMBED, embedContentSchema.extend({ height: z.number() }))
export type EmbedBubbleMessage = z.infer<typeof embedBubbleMessageSchema>
