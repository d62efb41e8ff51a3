import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const paymentProviders = ['Stripe'] as const
export const defaultPaymentInputOptions = {
  provider: 'Stripe',
  labels: { button: 'Pay', success: 'Success' },
  currency: 'USD',
  retryMessageContent: 'Payment failed. Please, try again.',
} as const

export const paymentInputBlockSchema = blockOf(InputBlockType.PAYMENT, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      provider: opt(z.enum(paymentProviders)),
      labels: opt(z.looseObject({ button: opt(z.string()), success: opt(z.string()) })),
      additionalInformation: opt(
        z.looseObject({
          description: opt(z.string()),
          name: opt(z.string()),
          email: opt(z.string()),
          phoneNumber: opt(z.string()),
          address: opt(
            z.looseObject({
              country: opt(z.string()),
              line1: opt(z.string()),
              line2: opt(z.string()),
              state: opt(z.string()),
              city: opt(z.string()),
              postalCode: opt(z.string()),
            }),
          ),
        }),
      ),
      credentialsId: opt(z.string()),
      currency: opt(z.string()),
      // May contain `{{variables}}`.
      amount: opt(z.string()),
      retryMessageContent: opt(z.string()),
    }),
  ),
})
export type PaymentInputBlock = z.infer<typeof paymentInputBlockSchema>
