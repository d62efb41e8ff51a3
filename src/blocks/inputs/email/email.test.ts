import assert from 'node:assert/strict'
import { test } from 'node:test'
import { emailInput } from './kind.js'
import type { EmailInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block: EmailInputBlock = { id: 'b1', type: 'email input', options: { variableId: 'v1' } }

test('email: valid addresses are saved lower-cased', async () => {
  assert.deepEqual(await parse(emailInput, block, text('John.Doe@Example.COM')), { status: 'success', content: 'john.doe@example.com' })
  assert.deepEqual(await parse(emailInput, block, text(' a+tag@sub.example.co.uk ')), { status: 'success', content: 'a+tag@sub.example.co.uk' })
  assert.deepEqual(await parse(emailInput, block, text('"odd name"@example.org')), { status: 'success', content: '"odd name"@example.org' })
  assert.deepEqual(await parse(emailInput, block, text('me@[192.168.0.1]')), { status: 'success', content: 'me@[192.168.0.1]' })
})

test('email: invalid addresses fail', async () => {
  for (const value of ['john', 'john@', 'john@example', 'john@example.c', 'jo hn@example.com', 'a..b@example.com', 'a@b@example.com', '']) {
    assert.deepEqual(await parse(emailInput, block, text(value)), { status: 'fail' }, value)
  }
  assert.deepEqual(await parse(emailInput, block, undefined), { status: 'fail' })
})

test('email: retry message is the block one (templated) or the email default', async () => {
  const ctx = context([{ id: 'v2', name: 'Name', value: 'Ada' }])
  const custom = await emailInput.prepare({ ...block, options: { retryMessageContent: 'Sorry {{Name}}, again?' } }, ctx)
  assert.equal(emailInput.retryMessage!(custom, ctx), 'Sorry Ada, again?')
  const blank = await emailInput.prepare({ ...block, options: { retryMessageContent: ' ' } }, ctx)
  assert.equal(emailInput.retryMessage!(blank, ctx), "This email doesn't seem to be valid. Can you type it again?")
  assert.equal(emailInput.retryMessage!(await emailInput.prepare(block, ctx), ctx), "This email doesn't seem to be valid. Can you type it again?")
})

test('email: prefilled with the current value', async () => {
  const input = await emailInput.prepare(block, context([{ id: 'v1', name: 'Email', value: 'a@b.co' }]))
  assert.equal(input.prefilledValue, 'a@b.co')
})
