import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'
import { messageOf } from '../../../contract/chatWire.js'

const audioContentSchema = z.looseObject({ url: opt(z.string()), isAutoplayEnabled: opt(z.boolean()) })

export const audioBubbleBlockSchema = blockOf(BubbleBlockType.AUDIO, { content: opt(audioContentSchema) })
export type AudioBubbleBlock = z.infer<typeof audioBubbleBlockSchema>

/** What the chat sends to clients: the content with its variables templated. */
export const audioBubbleMessageSchema = messageOf(BubbleBlockType.AUDIO, audioContentSchema)
export type AudioBubbleMessage = z.infer<typeof audioBubbleMessageSchema>
