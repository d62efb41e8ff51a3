// Payment input through the server against a local Stripe peer: the PaymentIntent and runtimeOptions, the client's
// report checked against Stripe, the retry with a new intent, preview test keys, and Stripe failures' logs.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { type StripeServer, startStripeServer } from '../support/stripeServer.js'

const textOf = (message: any): string =>
  (message.content.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')

describe('Payment input (Stripe)', () => {
  let s: TestServer
  let stripe: StripeServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let credentialsId: string

  const createCredentials = async (data: Record<string, string>) => {
    const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'stripe', name: 'Stripe', data },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.credentials.id as string
  }
  const keys = () => ({
    liveSecretKey: 'sk_live_abc',
    livePublicKey: 'pk_live_abc',
    testSecretKey: 'sk_test_def',
    testPublicKey: 'pk_test_def',
    baseUrl: stripe.baseUrl,
  })
  const shop = (credentials: string) =>
    bot(
      [
        [
          'pay',
          [
            say('hi', 'Your order: {{Price}} euros'),
            { id: 'pay', type: 'payment input', options: { variableId: 'vPaid', credentialsId: credentials, amount: '{{Price}}', currency: 'EUR' } },
            say('thanks', 'Payment: {{Paid}}'),
          ],
        ],
      ],
      {
        variables: [
          { id: 'vPaid', name: 'Paid' },
          { id: 'vPrice', name: 'Price', value: '49.9' },
        ],
      },
    )
  const send = async (sessionId: string, message: string) => {
    const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body
  }
  const lastIntent = () => [...stripe.intents.values()].at(-1)!

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    stripe = await startStripeServer(['sk_live_abc', 'sk_test_def'])
    owner = await userWithWorkspace(s)
    credentialsId = await createCredentials(keys())
  })
  after(async () => {
    await s.stop()
    await stripe.close()
  })

  test('live chat: the intent is created with the live keys; an unpaid "Success" asks again, a paid one goes on', async () => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, shop(credentialsId))
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const first = lastIntent()
    assert.equal(stripe.requests.at(-1)!.headers.authorization, 'Bearer sk_live_abc')
    assert.deepEqual([first.amount, first.currency], [4990, 'eur'])
    assert.equal(start.body.input.type, 'payment input')
    assert.deepEqual(start.body.input.runtimeOptions, {
      paymentIntentSecret: first.client_secret,
      amountLabel: '49,90\u00a0€',
      publicKey: 'pk_live_abc',
    })
    assert.equal(start.body.logs, undefined)

    // The client claims a success Stripe does not know of: the payment input asks again, with a new intent.
    const retry = await send(start.body.sessionId, 'Success')
    assert.deepEqual(retry.messages.map(textOf), ['Payment failed. Please, try again.'])
    const second = lastIntent()
    assert.notEqual(second.id, first.id)
    assert.equal(retry.input.runtimeOptions.paymentIntentSecret, second.client_secret)
    // The session row keeps the intent's id, never its client secret (not even as the answer kept for repeats).
    const row = await s.store.db.selectFrom('chatSessions').selectAll().where('id', '=', start.body.sessionId).executeTakeFirstOrThrow()
    assert.ok(!JSON.stringify(row).includes(second.client_secret), 'no client secret in the session row')

    stripe.setStatus(second.id, 'succeeded')
    const done = await send(start.body.sessionId, 'Success')
    assert.deepEqual(done.messages.map(textOf), ['Payment: Success'])
    assert.equal(done.input, undefined)
    assert.deepEqual(stripe.requests.at(-1)!.path, `/v1/payment_intents/${second.id}`)

    const result = await s.store.db
      .selectFrom('results')
      .select('variables')
      .where('id', '=', await resultIdOfKey(s.store.db, start.body.resultId))
      .executeTakeFirstOrThrow()
    const paid = JSON.parse(result.variables).find((v: any) => v.id === 'vPaid')
    assert.equal(paid.value, 'Success', 'the payment is recorded in the result as Typebot does')
  })

  test('"fail" (a failed redirect) asks again', async () => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, shop(credentialsId))
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    const retry = await send(start.body.sessionId, 'fail')
    assert.deepEqual(retry.messages.map(textOf), ['Payment failed. Please, try again.'])
    assert.equal(retry.input.type, 'payment input')
  })

  test('preview uses the test keys', async () => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, shop(credentialsId))
    const start = await s.call('POST', `/v1/bots/${published.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    assert.equal(stripe.requests.at(-1)!.headers.authorization, 'Bearer sk_test_def')
    assert.equal(start.body.input.runtimeOptions.publicKey, 'pk_test_def')
  })

  test("Stripe's refusal: visitors read that payment is unavailable, owners read Stripe's error; no key in either", async () => {
    const wrong = await createCredentials({ ...keys(), liveSecretKey: 'sk_live_revoked' })
    const published = await importAndPublish(s, owner.token, owner.workspaceId, shop(wrong))
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    assert.equal(start.body.input.runtimeOptions, undefined)
    assert.deepEqual(start.body.logs, [
      {
        status: 'error',
        description: 'Payment is not available: the payment form could not be prepared.',
        details: JSON.stringify({ blockId: 'pay' }),
      },
    ])
    const stored = await s.store.db
      .selectFrom('logs')
      .select(['description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, start.body.resultId))
      .orderBy('id')
      .execute()
    assert.match(stored[0].description, /^Stripe error: could not create the payment intent: Invalid API Key provided/)
    assert.equal(JSON.stringify(stored).includes('sk_live_revoked'), false)
    // Without an intent nothing can have been paid: a reported success asks again.
    const retry = await send(start.body.sessionId, 'Success')
    assert.deepEqual(retry.messages.map(textOf), ['Payment failed. Please, try again.'])
  })
})
