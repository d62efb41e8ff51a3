// Text bubble: the rich-text tree with its variables templated, sent as rich text or Markdown as the client asked.
import { BubbleBlockType, type TextBubbleBlock } from '../../schema/blocks/bubbles.js'
import { richTextToMarkdown, templateRichText } from '../../engine/richText.js'
import type { BubbleKind } from './types.js'

export const textBubble: BubbleKind<TextBubbleBlock> = {
  type: BubbleBlockType.TEXT,
  render: (block, ctx) => {
    if (!block.content) return undefined
    const richText = templateRichText(block.content.richText ?? [], ctx.variables, ctx.runtime.evaluate)
    const content =
      ctx.textFormat === 'markdown' ? { type: 'markdown', markdown: richTextToMarkdown(richText) } : { type: 'richText', richText }
    return { id: block.id, type: block.type, content }
  },
}
