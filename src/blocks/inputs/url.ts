// URL: validator.js rules, protocol optional; the answer is kept as typed.
import validator from 'validator'
import { InputBlockType, type UrlInputBlock } from '../../schema/blocks/inputs.js'
import { ownRetryMessage, prepareWithPrefill, replyText } from './helpers.js'
import type { InputKind } from './types.js'

export const urlInput: InputKind<UrlInputBlock> = {
  type: InputBlockType.URL,
  prepare: prepareWithPrefill,
  parseReply: (reply) => {
    const text = replyText(reply)?.trim()
    if (!text || !validator.isURL(text, { require_protocol: false })) return { status: 'fail' }
    return { status: 'success', content: text }
  },
  retryMessage: ownRetryMessage,
}
