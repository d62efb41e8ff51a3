// Payment (Stripe): showing the input creates a PaymentIntent with the workspace's Stripe credentials and sends
// `runtimeOptions` (client secret, public key, amount label) for the client's payment form. The client reports the
// outcome: "fail" is a failed payment; anything else is checked against the PaymentIntent's status at Stripe.
import { type PaymentIntentKept, paymentAmount, paymentIntentOf, paymentIntentSucceeded } from './paymentIntent.js'
import type { PaymentInputBlock, PaymentInputPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { builtInTextsOf } from '../../../contract/bot/builtInTexts.js'
import { ownRetryMessage, replyText, templateOptions } from '../../shared/inputs.js'
import type { BlockLog, InputKind } from '../../../engine/kinds.js'

/** What the chat's visitor may read when no payment form can be shown (the reason goes to an owners-only log). */
const unavailable = (blockId: string): BlockLog => ({
  status: 'error',
  description: 'Payment is not available: the payment form could not be prepared.',
  details: JSON.stringify({ blockId }),
  visibility: 'everyone',
})

export const paymentInput: InputKind<PaymentInputBlock, PaymentInputPrepared> = {
  type: InputBlockType.PAYMENT,
  category: 'input',
  prepare: templateOptions,
  async present(block, ctx) {
    const input = await templateOptions(block, ctx)
    const amount = paymentAmount(input.options ?? {})
    const created = 'error' in amount ? amount : await paymentIntentOf(input.options ?? {}, amount, ctx)
    if ('error' in created) {
      const log: BlockLog = {
        status: 'error',
        description: created.error,
        details: JSON.stringify({ blockId: block.id, ...created.details }),
        visibility: 'owners',
      }
      return { input, logs: [log, unavailable(block.id)] }
    }
    const kept: PaymentIntentKept = { paymentIntentId: created.paymentIntentId }
    return { input: { ...input, runtimeOptions: created.runtimeOptions }, waitingData: kept }
  },
  parseReply: async (reply, input: PaymentInputBlock, ctx, waiting) => {
    const text = replyText(reply)
    if (text === undefined || text === 'fail') return { status: 'fail' }
    const paid = await paymentIntentSucceeded(waiting?.data, input.options ?? {}, ctx)
    return paid ? { status: 'success', content: text } : { status: 'fail' }
  },
  retryMessage: (input, ctx) => ownRetryMessage(input) ?? builtInTextsOf(ctx.settings).paymentRetry,
}
