import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { describe, test } from 'node:test'
import { excerptOf } from '../../../src/app/webhookDispatcher.js'
import { retryDelayMs, signatureHeader, verifySignature } from '../../../src/lib/webhookSigning.js'

const secret = 'whsec_test'
const body = '{"id":"e1","type":"ping"}'

describe('webhook signatures', () => {
  test('the header is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')
    assert.equal(signatureHeader(secret, body, 1_700_000_000), `t=1700000000,v1=${expected}`)
  })

  test('verification accepts its own header within the tolerance and refuses anything changed', () => {
    const header = signatureHeader(secret, body, 1_700_000_000)
    assert.equal(verifySignature(secret, body, header, 1_700_000_000), true)
    assert.equal(verifySignature(secret, body, header, 1_700_000_300), true)
    assert.equal(verifySignature(secret, body, header, 1_700_000_301), false, 'older than 5 minutes')
    assert.equal(verifySignature(secret, `${body} `, header, 1_700_000_000), false, 'another body')
    assert.equal(verifySignature('whsec_other', body, header, 1_700_000_000), false, 'another secret')
    assert.equal(verifySignature(secret, body, header.replace('t=1700000000', 't=1700000001'), 1_700_000_000), false, 'another time')
    assert.equal(verifySignature(secret, body, 'garbage', 1_700_000_000), false)
    assert.equal(verifySignature(secret, body, `${header},v1=00`, 1_700_000_000), true, 'one matching v1 among several')
  })
})

describe('retry back-off', () => {
  test('doubles from the base, with half of each wait random', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryDelayMs(n, 10_000, 0)),
      [5_000, 10_000, 20_000, 40_000],
    )
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryDelayMs(n, 10_000, 0.999999)),
      [10_000, 20_000, 40_000, 80_000],
    )
  })

  test('is capped', () => {
    assert.equal(retryDelayMs(40, 10_000, 0.5, 3_600_000), 2_700_000)
    assert.equal(retryDelayMs(40, 10_000, 0, 3_600_000), 1_800_000)
  })
})

describe('response excerpts', () => {
  test('keep at most 1 KB, without a broken character at the end', () => {
    assert.equal(excerptOf('ok'), 'ok')
    assert.equal(Buffer.byteLength(excerptOf('a'.repeat(5000))), 1024)
    const cut = excerptOf(`${'a'.repeat(1023)}é and more`)
    assert.equal(cut, 'a'.repeat(1023))
  })
})
