import assert from 'node:assert/strict'
import { test } from 'node:test'
import { emailInput } from '../../../../src/blocks/inputs/email.js'
import type { EmailInputBlock } from '../../../../src/schema/blocks/inputs.js'
import { context, parse, text } from './context.js'

const block: EmailInputBlock = { id: 'b1', type: 'email input', options: { variableId: 'v1' } }

test('email: valid addresses are saved lower-cased', () => {
  assert.deepEqual(parse(emailInput, block, text('John.Doe@Example.COM')), { status: 'success', content: 'john.doe@example.com' })
  assert.deepEqual(parse(emailInput, block, text(' a+tag@sub.example.co.uk ')), { status: 'success', content: 'a+tag@sub.example.co.uk' })
  assert.deepEqual(parse(emailInput, block, text('"odd name"@example.org')), { status: 'success', content: '"odd name"@example.org' })
  assert.deepEqual(parse(emailInput, block, text('me@[192.168.0.1]')), { status: 'success', content: 'me@[192.168.0.1]' })
})

test('email: invalid addresses fail', () => {
  for (const value of ['john', 'john@', 'john@example', 'john@example.c', 'jo hn@example.com', 'a..b@example.com', 'a@b@example.com', '']) {
    assert.deepEqual(parse(emailInput, block, text(value)), { status: 'fail' }, value)
  }
  assert.deepEqual(parse(emailInput, block, undefined), { status: 'fail' })
})

test('email: retry message is the block one (templated) or the email default', () => {
  const ctx = context([{ id: 'v2', name: 'Name', value: 'Ada' }])
  const custom = emailInput.prepare({ ...block, options: { retryMessageContent: 'Sorry {{Name}}, again?' } }, ctx)
  assert.equal(emailInput.retryMessage!(custom, ctx), 'Sorry Ada, again?')
  const blank = emailInput.prepare({ ...block, options: { retryMessageContent: ' ' } }, ctx)
  assert.equal(emailInput.retryMessage!(blank, ctx), "This email doesn't seem to be valid. Can you type it again?")
  assert.equal(emailInput.retryMessage!(emailInput.prepare(block, ctx), ctx), "This email doesn't seem to be valid. Can you type it again?")
})

test('email: prefilled with the current value', () => {
  const input = emailInput.prepare(block, context([{ id: 'v1', name: 'Email', value: 'a@b.co' }]))
  assert.equal(input.prefilledValue, 'a@b.co')
})
