import assert from 'node:assert/strict'
import { test } from 'node:test'
import { phoneInput } from './kind.js'
import type { PhoneNumberInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block = (defaultCountryCode?: string): PhoneNumberInputBlock => ({
  id: 'b1',
  type: 'phone number input',
  options: { variableId: 'v1', defaultCountryCode },
})

test('phone: national numbers use the default country and become E.164', async () => {
  assert.deepEqual(await parse(phoneInput, block('FR'), text('06 12 34 56 78')), { status: 'success', content: '+33612345678' })
  assert.deepEqual(await parse(phoneInput, block('US'), text('(213) 373-4253')), { status: 'success', content: '+12133734253' })
})

test('phone: international numbers work without a default country', async () => {
  assert.deepEqual(await parse(phoneInput, block(), text('+33 6 12 34 56 78')), { status: 'success', content: '+33612345678' })
  assert.deepEqual(await parse(phoneInput, block('FR'), text('My number is +44 7911 123456, thanks')), {
    status: 'success',
    content: '+447911123456',
  })
})

test('phone: no number found fails', async () => {
  assert.deepEqual(await parse(phoneInput, block(), text('06 12 34 56 78')), { status: 'fail' })
  assert.deepEqual(await parse(phoneInput, block('FR'), text('call me')), { status: 'fail' })
  assert.deepEqual(await parse(phoneInput, block('FR'), text('12')), { status: 'fail' })
  assert.deepEqual(await parse(phoneInput, block('XX'), text('06 12 34 56 78')), { status: 'fail' })
})

test('phone: retry message only when the block sets one', async () => {
  const ctx = context()
  assert.equal(phoneInput.retryMessage!(await phoneInput.prepare(block('FR'), ctx), ctx), undefined)
})
