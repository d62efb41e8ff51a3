// The Payment block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { defaultPaymentInputOptions } from './schema.js'
import { inputSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: InputBlockType.PAYMENT,
  category: 'inputs',
  label: 'Payment',
  description: 'Takes a payment with Stripe',
  icon: 'IconCreditCard',
  defaults: () => ({ options: structuredClone(defaultPaymentInputOptions) }),
  hints: {
    labels: { 'options.credentialsId': 'Stripe account', 'options.retryMessageContent': 'Message when the payment fails' },
    order: { options: ['credentialsId', 'amount', 'currency'] },
  },
  exits: 'block',
  credentialsType: 'stripe',
  summary: inputSummary((o, t) =>
    o.amount
      ? t('Collect {{amount}} {{currency}}', { amount: String(o.amount), currency: typeof o.currency === 'string' ? o.currency : 'USD' })
      : t('Collect a payment'),
  ),
}
