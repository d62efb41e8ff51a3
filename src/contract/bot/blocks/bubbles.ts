// Bubble blocks: messages shown by the bot. They carry `content`, never `options`.
import { z } from 'zod'
import { opt } from '../common.js'
import { blockOf, numberOrVariable } from './shared.js'

export const BubbleBlockType = {
  TEXT: 'text',
  IMAGE: 'image',
  VIDEO: 'video',
  EMBED: 'embed',
  AUDIO: 'audio',
} as const
export type BubbleBlockType = (typeof BubbleBlockType)[keyof typeof BubbleBlockType]

/** A Slate/Plate rich-text node: an element (`type`, `children`, e.g. `url` for links) or a leaf (`text`, marks). */
export type RichTextNode = {
  type?: string | null
  text?: string | null
  children?: RichTextNode[] | null
  [key: string]: unknown
}
const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.looseObject({ type: opt(z.string()), text: opt(z.string()), children: opt(z.array(richTextNodeSchema)) }),
)

export const textBubbleBlockSchema = blockOf(BubbleBlockType.TEXT, {
  // Only `richText` drives the engine; `html` and `plainText` are derived copies written by older builders.
  content: opt(
    z.looseObject({ richText: opt(z.array(richTextNodeSchema)), html: opt(z.string()), plainText: opt(z.string()) }),
  ),
})

export const imageBubbleBlockSchema = blockOf(BubbleBlockType.IMAGE, {
  content: opt(
    z.looseObject({
      url: opt(z.string()),
      clickLink: opt(z.looseObject({ url: opt(z.string()), alt: opt(z.string()) })),
    }),
  ),
})

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

export const audioBubbleBlockSchema = blockOf(BubbleBlockType.AUDIO, {
  content: opt(z.looseObject({ url: opt(z.string()), isAutoplayEnabled: opt(z.boolean()) })),
})

export const defaultEmbedBubbleContent = { height: 400 } as const

export const embedBubbleBlockSchema = blockOf(BubbleBlockType.EMBED, {
  content: opt(
    z.looseObject({
      url: opt(z.string()),
      height: opt(numberOrVariable),
      // When enabled, the flow pauses after the embed until the client posts the awaited event's payload.
      waitForEvent: opt(
        z.looseObject({ isEnabled: opt(z.boolean()), name: opt(z.string()), saveDataInVariableId: opt(z.string()) }),
      ),
    }),
  ),
})

export type TextBubbleBlock = z.infer<typeof textBubbleBlockSchema>
export type ImageBubbleBlock = z.infer<typeof imageBubbleBlockSchema>
export type VideoBubbleBlock = z.infer<typeof videoBubbleBlockSchema>
export type AudioBubbleBlock = z.infer<typeof audioBubbleBlockSchema>
export type EmbedBubbleBlock = z.infer<typeof embedBubbleBlockSchema>
export type BubbleBlock = TextBubbleBlock | ImageBubbleBlock | VideoBubbleBlock | AudioBubbleBlock | EmbedBubbleBlock

export const bubbleBlockSchemas = {
  [BubbleBlockType.TEXT]: textBubbleBlockSchema,
  [BubbleBlockType.IMAGE]: imageBubbleBlockSchema,
  [BubbleBlockType.VIDEO]: videoBubbleBlockSchema,
  [BubbleBlockType.AUDIO]: audioBubbleBlockSchema,
  [BubbleBlockType.EMBED]: embedBubbleBlockSchema,
} as const
