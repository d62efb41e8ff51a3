// Image bubble: the picture URL and its optional click link, templated.
import type { BubbleKind } from '../../../engine/kinds.js'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import type { ImageBubbleBlock, ImageBubbleMessage } from './schema.js'
import { template } from '../../shared/inputs.js'

export const imageBubble: BubbleKind<ImageBubbleBlock, ImageBubbleMessage> = {
  type: BubbleBlockType.IMAGE,
  category: 'bubble',
  render: async (block, ctx) => (block.content ? { id: block.id, type: block.type, content: await template(block.content, ctx) } : undefined),
}
