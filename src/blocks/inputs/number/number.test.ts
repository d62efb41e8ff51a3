import assert from 'node:assert/strict'
import { test } from 'node:test'
import { numberInput } from './kind.js'
import type { NumberInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block = (options: NumberInputBlock['options'] = {}): NumberInputBlock => ({
  id: 'b1',
  type: 'number input',
  options: { variableId: 'v1', ...options },
})

test('number: numbers are normalized, "," is a decimal separator', async () => {
  const cases: [string, string][] = [
    ['42', '42'],
    ['3,5', '3.5'],
    ['-2.50', '-2.5'],
    ['1e3', '1000'],
    ['12 kg', '12'],
    [' 7 ', '7'],
  ]
  for (const [reply, content] of cases) assert.deepEqual(await parse(numberInput, block(), text(reply)), { status: 'success', content }, reply)
})

test('number: a leading 0 is kept as typed unless it is a decimal', async () => {
  assert.deepEqual(await parse(numberInput, block(), text('007')), { status: 'success', content: '007' })
  assert.deepEqual(await parse(numberInput, block(), text('0')), { status: 'success', content: '0' })
  assert.deepEqual(await parse(numberInput, block(), text('0,5')), { status: 'success', content: '0.5' })
  assert.deepEqual(await parse(numberInput, block(), text('0.25')), { status: 'success', content: '0.25' })
})

test('number: empty and non numbers fail', async () => {
  for (const reply of ['', '  ', 'abc', 'Infinity']) assert.deepEqual(await parse(numberInput, block(), text(reply)), { status: 'fail' }, reply)
  assert.deepEqual(await parse(numberInput, block(), undefined), { status: 'fail' })
})

test('number: min and max are both enforced, 0 included', async () => {
  const b = block({ min: 0, max: 10 })
  assert.deepEqual(await parse(numberInput, b, text('-1')), { status: 'fail' })
  assert.deepEqual(await parse(numberInput, b, text('11')), { status: 'fail' })
  assert.deepEqual(await parse(numberInput, b, text('0')), { status: 'success', content: '0' })
  assert.deepEqual(await parse(numberInput, b, text('10')), { status: 'success', content: '10' })
})

test('number: templated limits are converted to numbers for the client and the check', async () => {
  const ctx = context([
    { id: 'v2', name: 'Low', value: '5' },
    { id: 'v3', name: 'High', value: ' 8 ' },
    { id: 'v4', name: 'Step', value: 'abc' },
  ])
  const b = block({ min: '{{Low}}', max: '{{High}}', step: '{{Step}}' })
  const input = (await numberInput.prepare(b, ctx)) as any
  assert.deepEqual([input.options.min, input.options.max, input.options.step], [5, 8, undefined])
  assert.deepEqual(await numberInput.parseReply(text('4'), input, ctx), { status: 'fail' })
  assert.deepEqual(await numberInput.parseReply(text('9'), input, ctx), { status: 'fail' })
  assert.deepEqual(await numberInput.parseReply(text('6'), input, ctx), { status: 'success', content: '6' })
})

test('number: empty limits are undefined and the value is prefilled', async () => {
  const ctx = context([{ id: 'v1', name: 'Age', value: '30' }])
  const input = (await numberInput.prepare(block({ min: '', max: '{{Missing}}', step: 1 }), ctx)) as any
  assert.deepEqual([input.options.min, input.options.max, input.options.step], [undefined, undefined, 1])
  assert.equal(input.prefilledValue, '30')
})
