import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, numberOrVariable } from '../../../contract/bot/blocks/shared.js'

export const videoBubbleContentTypes = ['url', 'youtube', 'vimeo', 'tiktok', 'gumlet'] as const
export const defaultVideoBubbleContent = {
  height: 400,
  aspectRatio: '16/9',
  maxWidth: '100%',
  areControlsDisplayed: true,
  isAutoplayEnabled: true,
} as const

export const videoBubbleBlockSchema = blockOf(BubbleBlockType.VIDEO, {
  content: opt(
    z.looseObject({
      url: opt(z.string()),
      id: opt(z.string()),
      type: opt(z.enum(videoBubbleContentTypes)),
      height: opt(numberOrVariable),
      aspectRatio: opt(z.string()),
      maxWidth: opt(z.string()),
      queryParamsStr: opt(z.string()),
      areControlsDisplayed: opt(z.boolean()),
      isAutoplayEnabled: opt(z.boolean()),
    }),
  ),
})
export type VideoBubbleBlock = z.infer<typeof videoBubbleBlockSchema>
