// Payment: the client reports the outcome; "fail" is a failed payment, anything else a success marker.
// Parley does not create Stripe payment intents (that needs Stripe credentials and Stripe's API), so the input
// goes out without `runtimeOptions` and with an error log saying so, never with a made-up intent.
import { defaultPaymentInputOptions, type PaymentInputBlock } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { ownRetryMessage, replyText, templateOptions } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

export const paymentInput: InputKind<PaymentInputBlock> = {
  type: InputBlockType.PAYMENT,
  category: 'input',
  prepare: templateOptions,
  parseReply: (reply) => {
    const text = replyText(reply)
    if (text === undefined || text === 'fail') return { status: 'fail' }
    return { status: 'success', content: text }
  },
  retryMessage: (input) => ownRetryMessage(input) ?? defaultPaymentInputOptions.retryMessageContent,
  notice: (input) => ({
    status: 'error',
    description:
      'Payment is not available: this server cannot create a Stripe payment intent (no Stripe credentials configured), so no payment form can be shown.',
    details: JSON.stringify({ blockId: input.id, provider: input.options?.provider ?? 'Stripe' }),
  }),
}
