import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { paymentInput } from './kind.js'
import type { PaymentInputBlock } from './schema.js'
import type { StoredCredentials } from '../../../engine/kinds.js'
import { blockContext, context, parse, text } from '../../../../test/support/blocks.js'
import { type StripeServer, startStripeServer } from '../../../../test/support/stripeServer.js'

const block: PaymentInputBlock = {
  id: 'b1',
  type: 'payment input',
  options: {
    variableId: 'v1',
    credentialsId: 'stripe1',
    amount: '{{Price}}',
    additionalInformation: { email: '{{Email}}', description: 'Order {{Order}}' },
  },
}

let stripe: StripeServer
let credentials: StoredCredentials
before(async () => {
  stripe = await startStripeServer(['sk_live_secret1', 'sk_test_secret2'])
  credentials = {
    id: 'stripe1',
    type: 'stripe',
    name: 'Stripe',
    data: {
      liveSecretKey: 'sk_live_secret1',
      livePublicKey: 'pk_live_1',
      testSecretKey: 'sk_test_secret2',
      testPublicKey: 'pk_test_2',
      baseUrl: stripe.baseUrl,
    },
  }
})
after(() => stripe.close())

const variables = { Paid: null, Price: '30.5', Email: 'jo@example.com', Order: '#12' }
const stripeContext = (
  options: { isPreview?: boolean; allow?: string; data?: Record<string, unknown>; variables?: Record<string, string | null> } = {},
) =>
  blockContext({
    variables: options.variables ?? variables,
    isPreview: options.isPreview,
    credentials: [{ ...credentials, data: { ...credentials.data, ...options.data } }],
    httpAllowlist: options.allow ?? '127.0.0.1',
  }).ctx

test('payment: showing the input creates a PaymentIntent with the live keys and sends its runtime options', async () => {
  const before = stripe.requests.length
  const shown = await paymentInput.present!(block, stripeContext())
  const request = stripe.requests[before]
  assert.equal(stripe.requests.length, before + 1)
  assert.equal(request.method, 'POST')
  assert.equal(request.path, '/v1/payment_intents')
  assert.equal(request.headers.authorization, 'Bearer sk_live_secret1')
  assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded')
  assert.deepEqual(request.form, {
    amount: '3050',
    currency: 'usd',
    receipt_email: 'jo@example.com',
    description: 'Order #12',
    'automatic_payment_methods[enabled]': 'true',
  })
  const intent = [...stripe.intents.values()].at(-1)!
  assert.deepEqual((shown.input as any).runtimeOptions, { paymentIntentSecret: intent.client_secret, amountLabel: '$30.50', publicKey: 'pk_live_1' })
  assert.equal((shown.input as any).options.amount, '30.5', 'options templated')
  assert.deepEqual(shown.waitingData, { paymentIntentId: intent.id }, 'the session keeps the id, not the secret')
  assert.equal(shown.logs, undefined)
})

test('payment: preview uses the test keys; zero-decimal currencies and euro labels as Stripe and Typebot', async () => {
  const jpy = { ...block, options: { ...block.options, currency: 'jpy', amount: '1500', additionalInformation: { email: '' } } }
  const before = stripe.requests.length
  const shown = await paymentInput.present!(jpy, stripeContext({ isPreview: true }))
  assert.equal(stripe.requests[before].headers.authorization, 'Bearer sk_test_secret2')
  assert.deepEqual(stripe.requests[before].form, { amount: '1500', currency: 'jpy', 'automatic_payment_methods[enabled]': 'true' })
  assert.equal((shown.input as any).runtimeOptions.publicKey, 'pk_test_2')
  assert.equal((shown.input as any).runtimeOptions.amountLabel, '¥1,500')

  const eur = await paymentInput.present!({ ...block, options: { ...block.options, currency: 'EUR', amount: '1234.5' } }, stripeContext())
  assert.equal(stripe.requests.at(-1)!.form.amount, '123450')
  assert.equal((eur.input as any).runtimeOptions.amountLabel, '1\u202f234,50\u00a0€')

  // Credentials without test keys: preview uses the live ones, as Typebot.
  const live = await paymentInput.present!(block, stripeContext({ isPreview: true, data: { testSecretKey: '', testPublicKey: '' } }))
  assert.equal(stripe.requests.at(-1)!.headers.authorization, 'Bearer sk_live_secret1')
  assert.equal((live.input as any).runtimeOptions.publicKey, 'pk_live_1')
})

const failureLogs = async (b: PaymentInputBlock, ctx = stripeContext()) => {
  const before = stripe.requests.length
  const shown = await paymentInput.present!(b, ctx)
  assert.equal('runtimeOptions' in shown.input, false, 'no payment form without an intent')
  assert.equal(shown.waitingData, undefined)
  const [owners, everyone] = shown.logs!
  assert.equal(owners.visibility, 'owners')
  assert.deepEqual(everyone, {
    status: 'error',
    description: 'Payment is not available: the payment form could not be prepared.',
    details: JSON.stringify({ blockId: 'b1' }),
    visibility: 'everyone',
  })
  return { log: owners, calls: stripe.requests.length - before }
}

test('payment: Stripe errors, missing credentials or amounts give an owners-only error log and no payment form', async () => {
  const rejected = await failureLogs(block, stripeContext({ data: { liveSecretKey: 'sk_live_wrongkey99' } }))
  assert.equal(rejected.calls, 1)
  assert.match(rejected.log.description, /^Stripe error: could not create the payment intent: Invalid API Key provided/)
  assert.equal(rejected.log.description.includes('sk_live_wrongkey99'), false)
  assert.equal(JSON.parse(rejected.log.details!).statusCode, 401)

  const noCredentials = await failureLogs({ ...block, options: { ...block.options, credentialsId: 'nope' } })
  assert.equal(noCredentials.calls, 0)
  assert.match(noCredentials.log.description, /^Credentials not provided for the payment input/)

  const noAmount = await failureLogs(block, stripeContext({ variables: { ...variables, Price: 'free' } }))
  assert.equal(noAmount.calls, 0)
  assert.match(noAmount.log.description, /Could not parse the payment amount/)

  const badCurrency = await failureLogs({ ...block, options: { ...block.options, currency: 'EURO' } })
  assert.equal(badCurrency.calls, 0)
  assert.equal(badCurrency.log.description, 'Unknown payment currency "EURO".')
})

test("payment: the SSRF guard applies to the credentials' base URL", async () => {
  const blocked = await failureLogs(block, stripeContext({ allow: '' }))
  assert.equal(blocked.calls, 0)
  assert.match(blocked.log.description, /^Stripe error: could not create the payment intent/)
})

test('payment: a reported success holds only when the PaymentIntent is paid at Stripe; "fail" fails', async () => {
  const ctx = stripeContext()
  const shown = await paymentInput.present!(block, ctx)
  const input = await paymentInput.prepare(block, ctx)
  const waiting = { data: shown.waitingData }
  assert.deepEqual(await paymentInput.parseReply(text('Success'), input, ctx, waiting), { status: 'fail' }, 'not paid yet')
  stripe.setStatus((shown.waitingData as any).paymentIntentId, 'succeeded')
  assert.deepEqual(await paymentInput.parseReply(text('Success'), input, ctx, waiting), { status: 'success', content: 'Success' })
  assert.deepEqual(await paymentInput.parseReply(text('fail'), input, ctx, waiting), { status: 'fail' })
  assert.deepEqual(await paymentInput.parseReply(undefined, input, ctx, waiting), { status: 'fail' })
  assert.deepEqual(await paymentInput.parseReply(text('Success'), input, ctx, { data: { paymentIntentId: 'pi_unknown' } }), { status: 'fail' })
  assert.deepEqual(await paymentInput.parseReply(text('Success'), input, ctx, {}), { status: 'fail' }, 'no intent, no payment')
})

test('payment: options templated, never prefilled', async () => {
  const ctx = context([
    { id: 'v1', name: 'Paid', value: 'yes' },
    { id: 'v2', name: 'Price', value: '30' },
  ])
  const input = (await paymentInput.prepare(block, ctx)) as any
  assert.equal(input.options.amount, '30')
  assert.equal('prefilledValue' in input, false)
  assert.deepEqual(await parse(paymentInput, block, text('fail')), { status: 'fail' })
})

test('payment: retry message is the block one or the payment default', async () => {
  const ctx = context()
  assert.equal(paymentInput.retryMessage!(await paymentInput.prepare(block, ctx), ctx), 'Payment failed. Please, try again.')
  const input = await paymentInput.prepare({ ...block, options: { retryMessageContent: 'Card declined' } }, ctx)
  assert.equal(paymentInput.retryMessage!(input, ctx), 'Card declined')
})
