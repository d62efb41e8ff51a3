import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ratingInput } from './kind.js'
import type { RatingInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block = (options: RatingInputBlock['options'] = {}): RatingInputBlock => ({ id: 'b1', type: 'rating input', options })

test('rating: number buttons run from startsAt to length (0–10 by default)', async () => {
  for (const reply of ['0', '5', '10']) assert.deepEqual(await parse(ratingInput, block(), text(reply)), { status: 'success', content: reply })
  for (const reply of ['11', '-1', 'abc', '']) assert.deepEqual(await parse(ratingInput, block(), text(reply)), { status: 'fail' }, reply)
})

test('rating: custom scale', async () => {
  const b = block({ startsAt: 1, length: 5 })
  assert.deepEqual(await parse(ratingInput, b, text('1')), { status: 'success', content: '1' })
  assert.deepEqual(await parse(ratingInput, b, text('5')), { status: 'success', content: '5' })
  assert.deepEqual(await parse(ratingInput, b, text('0')), { status: 'fail' })
  assert.deepEqual(await parse(ratingInput, b, text('6')), { status: 'fail' })
})

test('rating: icons run from 1 to length', async () => {
  const b = block({ buttonType: 'Icons', length: 5, startsAt: 0 })
  assert.deepEqual(await parse(ratingInput, b, text('0')), { status: 'fail' })
  assert.deepEqual(await parse(ratingInput, b, text('3')), { status: 'success', content: '3' })
})

test('rating: startsAt from a variable is sent as a number; prefilled value', async () => {
  const ctx = context([
    { id: 'v1', name: 'Score', value: '4' },
    { id: 'v2', name: 'Start', value: '2' },
  ])
  const input = (await ratingInput.prepare(block({ variableId: 'v1', startsAt: '{{Start}}', length: 5 }), ctx)) as any
  assert.equal(input.options.startsAt, 2)
  assert.equal(input.prefilledValue, '4')
  assert.deepEqual(await ratingInput.parseReply(text('1'), input, ctx), { status: 'fail' })
  assert.deepEqual(await ratingInput.parseReply(text('2'), input, ctx), { status: 'success', content: '2' })
  const empty = (await ratingInput.prepare(block({ startsAt: '{{Nope}}' }), ctx)) as any
  assert.equal(empty.options.startsAt, undefined)
})
