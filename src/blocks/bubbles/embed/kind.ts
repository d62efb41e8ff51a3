// Embed bubble: an iframe URL and height. With `waitForEvent` the flow pauses after it until the client posts the
// awaited event's payload, which is saved (as JSON when it parses) into the chosen variable.
import type { BubbleKind } from '../../../engine/kinds.js'
import { toVariableValue } from '../../../engine/variables.js'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { defaultEmbedBubbleContent, type EmbedBubbleBlock, type EmbedBubbleMessage } from './schema.js'
import { template } from '../../shared/inputs.js'
import { parsedOrText } from '../../shared/service.js'
import { parseSize } from '../../shared/size.js'

export const embedBubble: BubbleKind<EmbedBubbleBlock, EmbedBubbleMessage> = {
  type: BubbleBlockType.EMBED,
  category: 'bubble',
  render: async (block, ctx) => {
    if (!block.content) return undefined
    const content = await template(block.content, ctx)
    return { id: block.id, type: block.type, content: { ...content, height: parseSize(content.height, defaultEmbedBubbleContent.height) } }
  },
  waitsForReply: (block) => block.content?.waitForEvent?.isEnabled === true,
  resume: (block, reply) => {
    const variableId = block.content?.waitForEvent?.saveDataInVariableId
    if (!variableId || reply?.type !== 'text') return {}
    return { variableUpdates: [{ variableId, value: toVariableValue(parsedOrText(reply.text)) }] }
  },
}
