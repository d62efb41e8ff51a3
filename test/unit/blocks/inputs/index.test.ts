import assert from 'node:assert/strict'
import { test } from 'node:test'
import { inputKinds } from '../../../../src/blocks/inputs/index.js'
import { InputBlockType } from '../../../../src/schema/blocks/inputs.js'

test('index: every input type but OTP has a kind, keyed by its literal', () => {
  const expected = Object.values(InputBlockType).filter((type) => type !== InputBlockType.OTP)
  assert.deepEqual(Object.keys(inputKinds).sort(), [...expected].sort())
  for (const [type, kind] of Object.entries(inputKinds)) assert.equal(kind.type, type)
})
