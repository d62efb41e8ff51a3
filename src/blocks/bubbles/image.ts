// Image bubble: the picture URL and its optional click link, templated.
import { BubbleBlockType, type ImageBubbleBlock } from '../../schema/blocks/bubbles.js'
import { deepParseVariables } from '../../engine/variables.js'
import type { BubbleKind } from './types.js'

export const imageBubble: BubbleKind<ImageBubbleBlock> = {
  type: BubbleBlockType.IMAGE,
  render: (block, ctx) =>
    block.content
      ? { id: block.id, type: block.type, content: deepParseVariables(block.content, ctx.variables, { evaluate: ctx.runtime.evaluate }) }
      : undefined,
}
