// The PaymentIntent behind a payment input: its amount (Typebot's rules), its creation, and the check of its
// status when the client reports a payment.
import { defaultPaymentInputOptions, type PaymentInputBlock } from './schema.js'
import { stripeClient, stripeFailure, stripeKeys } from './stripe.js'
import type { BlockContext, StoredCredentials } from '../../../engine/kinds.js'

type PaymentOptions = NonNullable<PaymentInputBlock['options']>
type Failure = { error: string; details?: Record<string, unknown> }
export type PaymentAmount = { currency: string; minorUnits: number; label: string }
export type RuntimeOptions = { paymentIntentSecret: string; amountLabel: string; publicKey: string }
/** What the session keeps while the input waits: never the client secret. */
export type PaymentIntentKept = { paymentIntentId: string }

// Stripe's zero-decimal currencies (https://stripe.com/docs/currencies#zero-decimal): amounts are in whole units.
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])

/** Statuses of a PaymentIntent the customer has paid (or whose payment is under way or authorised). */
const PAID = new Set(['succeeded', 'processing', 'requires_capture'])

/**
 * The amount of templated options in the currency's smallest unit, and its label as the payment button shows it
 * (euros French-style, other currencies US-style, as Typebot).
 */
export const paymentAmount = (options: PaymentOptions): PaymentAmount | Failure => {
  const currency = options.currency || defaultPaymentInputOptions.currency
  const factor = ZERO_DECIMAL.has(currency.toUpperCase()) ? 1 : 100
  const minorUnits = Math.round(Number(options.amount) * factor)
  if (!options.amount?.trim() || !Number.isFinite(minorUnits) || minorUnits <= 0) {
    return {
      error: 'Could not parse the payment amount: make sure the block has an amount (a positive number).',
      details: { amount: options.amount },
    }
  }
  try {
    const formatter = new Intl.NumberFormat(currency.toUpperCase() === 'EUR' ? 'fr-FR' : 'en-US', { style: 'currency', currency })
    return { currency, minorUnits, label: formatter.format(minorUnits / factor) }
  } catch {
    return { error: `Unknown payment currency "${currency}".`, details: { currency } }
  }
}

const stripeCredentials = async (options: PaymentOptions, ctx: BlockContext): Promise<StoredCredentials | Failure> => {
  const credentials = options.credentialsId ? await ctx.credentials(options.credentialsId) : undefined
  if (!credentials)
    return { error: 'Credentials not provided for the payment input: it has no Stripe account selected, or the account no longer exists.' }
  return credentials
}

/** Creates the PaymentIntent, with the keys of the chat's mode, and answers what the client needs. */
export const paymentIntentOf = async (
  options: PaymentOptions,
  amount: PaymentAmount,
  ctx: BlockContext,
): Promise<{ paymentIntentId: string; runtimeOptions: RuntimeOptions } | Failure> => {
  const credentials = await stripeCredentials(options, ctx)
  if ('error' in credentials) return credentials
  const keys = stripeKeys(credentials, ctx.isPreview)
  if (!keys) return { error: 'The Stripe credentials have no secret and public keys for this chat (live keys, or test keys in preview).' }
  const receiptEmail = options.additionalInformation?.email?.trim()
  const description = options.additionalInformation?.description?.trim()
  try {
    const intent = await stripeClient(ctx.runtime, credentials, keys.secretKey).paymentIntents.create({
      amount: amount.minorUnits,
      // Stripe's API documents lower-case ISO codes.
      currency: amount.currency.toLowerCase(),
      ...(receiptEmail && { receipt_email: receiptEmail }),
      ...(description && { description }),
      automatic_payment_methods: { enabled: true },
    })
    if (!intent.client_secret) return { error: 'Stripe created a payment intent without a client secret.', details: { paymentIntentId: intent.id } }
    return {
      paymentIntentId: intent.id,
      runtimeOptions: { paymentIntentSecret: intent.client_secret, amountLabel: amount.label, publicKey: keys.publicKey },
    }
  } catch (err) {
    const failure = stripeFailure(err, keys.secretKey)
    return { error: `Stripe error: could not create the payment intent: ${failure.message}`, details: failure.details }
  }
}

/**
 * Whether the payment the client reports went through: the kept PaymentIntent is paid at Stripe. When Stripe cannot
 * be asked (credentials gone, no answer), the client's report is taken as Typebot takes it; a chat that kept no
 * PaymentIntent (none could be created) showed no payment form, so nothing was paid.
 */
export const paymentIntentSucceeded = async (kept: unknown, options: PaymentOptions, ctx: BlockContext): Promise<boolean> => {
  const paymentIntentId = (kept as Partial<PaymentIntentKept> | undefined)?.paymentIntentId
  if (typeof paymentIntentId !== 'string') return false
  const credentials = await stripeCredentials(options, ctx)
  const keys = 'error' in credentials ? undefined : stripeKeys(credentials, ctx.isPreview)
  if ('error' in credentials || !keys) return true
  try {
    const intent = await stripeClient(ctx.runtime, credentials, keys.secretKey).paymentIntents.retrieve(paymentIntentId)
    return PAID.has(intent.status)
  } catch (err) {
    // Stripe answered (the intent is unknown to these keys): not paid. No answer: the client's report stands.
    return typeof (err as { statusCode?: unknown }).statusCode !== 'number'
  }
}
