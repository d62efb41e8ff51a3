// Audio bubble: the file URL, templated; autoplay is the client's business.
import type { BubbleKind } from '../../../engine/kinds.js'
import type { AudioBubbleBlock, AudioBubbleMessage } from './schema.js'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { template } from '../../shared/inputs.js'

export const audioBubble: BubbleKind<AudioBubbleBlock, AudioBubbleMessage> = {
  type: BubbleBlockType.AUDIO,
  category: 'bubble',
  render: async (block, ctx) => (block.content ? { id: block.id, type: block.type, content: await template(block.content, ctx) } : undefined),
}
