import assert from 'node:assert/strict'
import { test } from 'node:test'
import { timeInput } from './kind.js'
import type { TimeInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block = (format?: string): TimeInputBlock => ({ id: 'b1', type: 'time input', options: { variableId: 'v1', format } })

test('time: saved as HH:mm by default', async () => {
  assert.deepEqual(await parse(timeInput, block(), text('14:30')), { status: 'success', content: '14:30' })
  assert.deepEqual(await parse(timeInput, block(), text('2pm')), { status: 'success', content: '14:00' })
  assert.deepEqual(await parse(timeInput, block(), text('9:05 am')), { status: 'success', content: '09:05' })
})

test('time: custom format', async () => {
  assert.deepEqual(await parse(timeInput, block('h:mm a'), text('14:30')), { status: 'success', content: '2:30 PM' })
})

test('time: "now" is the runtime clock, in UTC', async () => {
  assert.deepEqual(await parse(timeInput, block(), text('now')), { status: 'success', content: '10:00' })
})

test('time: not a time fails', async () => {
  assert.deepEqual(await parse(timeInput, block(), text('soon-ish')), { status: 'fail' })
  assert.deepEqual(await parse(timeInput, block(), undefined), { status: 'fail' })
})

test('time: prefilled value', async () => {
  const input = await timeInput.prepare(block(), context([{ id: 'v1', name: 'At', value: '08:00' }]))
  assert.equal(input.prefilledValue, '08:00')
})
