// URL: validator.js rules, protocol optional; the answer is kept as typed.
import validator from 'validator'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { UrlInputBlock, UrlInputPrepared } from './schema.js'
import { ownRetryMessage, prepareWithPrefill, replyText } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

export const urlInput: InputKind<UrlInputBlock, UrlInputPrepared> = {
  type: InputBlockType.URL,
  category: 'input',
  prepare: prepareWithPrefill,
  parseReply: (reply) => {
    const text = replyText(reply)?.trim()
    if (!text || !validator.isURL(text, { require_protocol: false })) return { status: 'fail' }
    return { status: 'success', content: text }
  },
  retryMessage: ownRetryMessage,
}
