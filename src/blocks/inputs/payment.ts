// Payment: the client reports the outcome; "fail" is a failed payment, anything else a success marker.
// The Stripe `runtimeOptions` (payment intent) are not computed here: they need credentials and network.
import { defaultPaymentInputOptions, InputBlockType, type PaymentInputBlock } from '../../schema/blocks/inputs.js'
import { ownRetryMessage, replyText, templateOptions } from './helpers.js'
import type { InputKind } from './types.js'

export const paymentInput: InputKind<PaymentInputBlock> = {
  type: InputBlockType.PAYMENT,
  prepare: templateOptions,
  parseReply: (reply) => {
    const text = replyText(reply)
    if (text === undefined || text === 'fail') return { status: 'fail' }
    return { status: 'success', content: text }
  },
  retryMessage: (input) => ownRetryMessage(input) ?? defaultPaymentInputOptions.retryMessageContent,
}
