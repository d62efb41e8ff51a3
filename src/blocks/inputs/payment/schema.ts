import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { builtInTexts } from '../../../contract/bot/builtInTexts.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const paymentProviders = ['Stripe'] as const
export const defaultPaymentInputOptions = {
  provider: 'Stripe',
  labels: { button: 'Pay', success: 'Success' },
  currency: 'USD',
  // New blocks' default, in English; at run time a block without one gets the bot's language's (builtInTexts.ts).
  retryMessageContent: builtInTexts.en.paymentRetry,
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

/** What the payment form needs, made when the input is shown (never stored: the secret is the chat's own). */
export const paymentRuntimeOptionsSchema = z.object({ paymentIntentSecret: z.string(), publicKey: z.string(), amountLabel: z.string() })

/** What the chat sends to clients as its `input`: options templated, and the payment form's runtime options once made. */
export const paymentInputPreparedSchema = paymentInputBlockSchema.extend({ runtimeOptions: paymentRuntimeOptionsSchema.optional() })
export type PaymentInputPrepared = z.infer<typeof paymentInputPreparedSchema>
