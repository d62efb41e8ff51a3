// Free text: any text is accepted; a voice message is answered with its URL. Attachments are saved by the engine.
import { InputBlockType, type TextInputBlock } from '../../schema/blocks/inputs.js'
import { prepareWithPrefill } from './helpers.js'
import type { InputKind } from './types.js'

export const textInput: InputKind<TextInputBlock> = {
  type: InputBlockType.TEXT,
  prepare: prepareWithPrefill,
  parseReply: (reply) => {
    if (reply?.type === 'text') return { status: 'success', content: reply.text }
    if (reply?.type === 'audio') return { status: 'success', content: reply.url }
    return { status: 'fail' }
  },
}
