import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, numberOrVariable } from '../../../contract/bot/blocks/shared.js'
import { messageOf } from '../../../contract/chatWire.js'

export const videoBubbleContentTypes = ['url', 'youtube', 'vimeo', 'tiktok', 'gumlet'] as const
export const defaultVideoBubbleContent = {
  height: 400,
  aspectRatio: '16/9',
  maxWidth: '100%',
  areControlsDisplayed: true,
  isAutoplayEnabled: true,
} as const

const videoContentSchema = z.looseObject({
  url: opt(z.string()),
  id: opt(z.string()),
  type: opt(z.enum(videoBubbleContentTypes)),
  height: opt(numberOrVariable),
  aspectRatio: opt(z.string()),
  maxWidth: opt(z.string()),
  queryParamsStr: opt(z.string()),
  areControlsDisplayed: opt(z.boolean()),
  isAutoplayEnabled: opt(z.boolean()),
})

export const videoBubbleBlockSchema = blockOf(BubbleBlockType.VIDEO, { content: opt(videoContentSchema) })
export type VideoBubbleBlock = z.infer<typeof videoBubbleBlockSchema>

/** What the chat sends to clients: the content templated, the URL read (provider and video id) and the height a number. */
export const videoBubbleMessageSchema = messageOf(BubbleBlockType.VIDEO, videoContentSchema.extend({ height: z.number() }))
export type VideoBubbleMessage = z.infer<typeof videoBubbleMessageSchema>
