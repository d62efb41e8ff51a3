// Text bubble: the rich-text tree with its variables templated, sent as rich text or Markdown as the client asked.
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { TextContent } from '../../../contract/chatWire.js'
import type { TextBubbleBlock, TextBubbleMessage } from './schema.js'
import { richTextToMarkdown, templateRichText } from '../../../engine/richText.js'
import { withInlineCode } from '../../../engine/variables.js'
import type { BubbleKind } from '../../../engine/kinds.js'

export const textBubble: BubbleKind<TextBubbleBlock, TextBubbleMessage> = {
  type: BubbleBlockType.TEXT,
  category: 'bubble',
  render: (block, ctx) => {
    if (!block.content) return undefined
    // An empty tree is sent as one empty paragraph: Typebot's client 0.3.x reads the first node unguarded.
    const tree = block.content.richText?.length ? block.content.richText : [{ type: 'p', children: [{ text: '' }] }]
    return withInlineCode(tree, ctx.variables, ctx.runtime.evaluate, (evaluate) => {
      const richText = templateRichText(tree, ctx.variables, evaluate)
      const content: TextContent =
        ctx.textFormat === 'markdown' ? { type: 'markdown', markdown: richTextToMarkdown(richText) } : { type: 'richText', richText }
      return { id: block.id, type: block.type, content }
    })
  },
}
