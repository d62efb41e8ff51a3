import assert from 'node:assert/strict'
import { test } from 'node:test'
import { paymentInput } from './kind.js'
import type { PaymentInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block: PaymentInputBlock = { id: 'b1', type: 'payment input', options: { variableId: 'v1', amount: '{{Price}}' } }

test('payment: "fail" fails, anything else succeeds', async () => {
  assert.deepEqual(await parse(paymentInput, block, text('fail')), { status: 'fail' })
  assert.deepEqual(await parse(paymentInput, block, text('Success')), { status: 'success', content: 'Success' })
  assert.deepEqual(await parse(paymentInput, block, undefined), { status: 'fail' })
})

test('payment: options templated, never prefilled', async () => {
  const ctx = context([
    { id: 'v1', name: 'Paid', value: 'yes' },
    { id: 'v2', name: 'Price', value: '30' },
  ])
  const input = (await paymentInput.prepare(block, ctx)) as any
  assert.equal(input.options.amount, '30')
  assert.equal('prefilledValue' in input, false)
})

test('payment: retry message is the block one or the payment default', async () => {
  const ctx = context()
  assert.equal(paymentInput.retryMessage!(await paymentInput.prepare(block, ctx), ctx), 'Payment failed. Please, try again.')
  const input = await paymentInput.prepare({ ...block, options: { retryMessageContent: 'Card declined' } }, ctx)
  assert.equal(paymentInput.retryMessage!(input, ctx), 'Card declined')
})
