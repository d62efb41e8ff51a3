// Embed bubble: an iframe URL and height. With `waitForEvent` the engine pauses after it until the client posts
// the awaited event's payload.
import { BubbleBlockType, defaultEmbedBubbleContent, type EmbedBubbleBlock } from '../../schema/blocks/bubbles.js'
import { deepParseVariables } from '../../engine/variables.js'
import { type BubbleKind, parseSize } from './types.js'

export const embedBubble: BubbleKind<EmbedBubbleBlock> = {
  type: BubbleBlockType.EMBED,
  render: (block, ctx) => {
    if (!block.content) return undefined
    const content = deepParseVariables(block.content, ctx.variables, { evaluate: ctx.runtime.evaluate })
    return { id: block.id, type: block.type, content: { ...content, height: parseSize(content.height, defaultEmbedBubbleContent.height) } }
  },
}

/** Whether the flow must stop after this block until the client sends the embed's event. */
export const isBubbleWaitingForEvent = (block: { type: string }): boolean =>
  block.type === BubbleBlockType.EMBED && (block as EmbedBubbleBlock).content?.waitForEvent?.isEnabled === true
