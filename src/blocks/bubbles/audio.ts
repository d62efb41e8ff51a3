// Audio bubble: the file URL, templated; autoplay is the client's business.
import { type AudioBubbleBlock, BubbleBlockType } from '../../schema/blocks/bubbles.js'
import { deepParseVariables } from '../../engine/variables.js'
import type { BubbleKind } from './types.js'

export const audioBubble: BubbleKind<AudioBubbleBlock> = {
  type: BubbleBlockType.AUDIO,
  render: (block, ctx) =>
    block.content
      ? { id: block.id, type: block.type, content: deepParseVariables(block.content, ctx.variables, { evaluate: ctx.runtime.evaluate }) }
      : undefined,
}
