import assert from 'node:assert/strict'
import { test } from 'node:test'
import { dateInput } from './kind.js'
import type { DateInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block = (options: DateInputBlock['options'] = {}): DateInputBlock => ({
  id: 'b1',
  type: 'date input',
  options: { variableId: 'v1', ...options },
})
const ok = (content: string) => ({ status: 'success', content })

test('date: day-first by default, saved as dd/MM/yyyy', async () => {
  assert.deepEqual(await parse(dateInput, block(), text('12/03/2025')), ok('12/03/2025'))
  assert.deepEqual(await parse(dateInput, block(), text('2025-06-10')), ok('10/06/2025'))
  assert.deepEqual(await parse(dateInput, block(), text('June 5th')), ok('05/06/2025'))
})

test('date: relative words count from the runtime clock', async () => {
  assert.deepEqual(await parse(dateInput, block(), text('tomorrow')), ok('05/06/2025'))
  assert.deepEqual(await parse(dateInput, block(), text('next monday')), ok('09/06/2025'))
})

test('date: the result does not depend on the server timezone', async () => {
  // The test process timezone is whatever it is; the clock is 10:00 UTC and dates are read as UTC wall clock.
  assert.deepEqual(await parse(dateInput, block({ hasTime: true }), text('12/03/2025 23:30')), ok('12/03/2025 23:30'))
})

test('date: a format not starting with dd reads month first', async () => {
  assert.deepEqual(await parse(dateInput, block({ format: 'yyyy-MM-dd' }), text('3/12/2025')), ok('2025-03-12'))
  assert.deepEqual(await parse(dateInput, block({ format: 'MMMM d, yyyy' }), text('3/12/2025')), ok('March 12, 2025'))
})

test('date: with time, default format dd/MM/yyyy HH:mm', async () => {
  assert.deepEqual(await parse(dateInput, block({ hasTime: true }), text('12/03/2025 14:30')), ok('12/03/2025 14:30'))
  assert.deepEqual(await parse(dateInput, block({ hasTime: true }), text('tomorrow at 9am')), ok('05/06/2025 09:00'))
})

test('date: an invalid format falls back to the default', async () => {
  assert.deepEqual(await parse(dateInput, block({ format: 'dd of MM' }), text('12/03/2025')), ok('12/03/2025'))
})

test('date: ranges need two dates and are joined with "to" (or the separator label)', async () => {
  assert.deepEqual(await parse(dateInput, block({ isRange: true }), text('from 01/01/2024 to 05/01/2024')), ok('01/01/2024 to 05/01/2024'))
  assert.deepEqual(
    await parse(dateInput, block({ isRange: true, labels: { separator: 'tot' } } as any), text('01/01/2024 - 05/01/2024')),
    ok('01/01/2024 tot 05/01/2024'),
  )
  assert.deepEqual(await parse(dateInput, block({ isRange: true }), text('01/01/2024')), { status: 'fail' })
  // Not a range: only the start is kept.
  assert.deepEqual(await parse(dateInput, block(), text('from 01/01/2024 to 05/01/2024')), ok('01/01/2024'))
})

test('date: not a date fails', async () => {
  assert.deepEqual(await parse(dateInput, block(), text('hello')), { status: 'fail' })
  assert.deepEqual(await parse(dateInput, block(), text('')), { status: 'fail' })
  assert.deepEqual(await parse(dateInput, block(), undefined), { status: 'fail' })
})

test('date: min and max are inclusive days', async () => {
  const b = block({ min: '2025-06-01', max: '2025-06-10' })
  assert.deepEqual(await parse(dateInput, b, text('01/06/2025')), ok('01/06/2025'))
  assert.deepEqual(await parse(dateInput, b, text('10/06/2025')), ok('10/06/2025'))
  assert.deepEqual(await parse(dateInput, b, text('31/05/2025')), { status: 'fail' })
  assert.deepEqual(await parse(dateInput, b, text('11/06/2025')), { status: 'fail' })
  const range = block({ isRange: true, min: '2025-06-01', max: '2025-06-10' })
  assert.deepEqual(await parse(dateInput, range, text('02/06/2025 to 12/06/2025')), { status: 'fail' })
})

test('date: limits from variables are resolved in the input (date only without time)', async () => {
  const ctx = context([
    { id: 'v2', name: 'Start', value: '2025-06-04T08:15:00.000Z' },
    { id: 'v1', name: 'Day', value: '01/01/2025' },
  ])
  const input = (await dateInput.prepare(block({ min: '{{Start}}', max: '{{Missing}}' }), ctx)) as any
  assert.equal(input.options.min, '2025-06-04')
  assert.equal(input.options.max, undefined)
  assert.equal(input.prefilledValue, '01/01/2025')
  assert.deepEqual(await dateInput.parseReply(text('yesterday'), input, ctx), { status: 'fail' })
  assert.deepEqual(await dateInput.parseReply(text('today'), input, ctx), ok('04/06/2025'))
  const withTime = (await dateInput.prepare(block({ hasTime: true, min: '{{Start}}' }), ctx)) as any
  assert.equal(withTime.options.min, '2025-06-04T08:15')
  assert.deepEqual(await dateInput.parseReply(text('04/06/2025 08:00'), withTime, ctx), { status: 'fail' })
  assert.deepEqual(await dateInput.parseReply(text('04/06/2025 08:15'), withTime, ctx), ok('04/06/2025 08:15'))
})
