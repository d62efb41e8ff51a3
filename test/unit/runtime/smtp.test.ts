import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createMailer, parseSender } from '../../../src/runtime/smtp.js'
import { parseAllowlist } from '../../../src/runtime/ssrf.js'

const message = { to: ['a@example.com'], text: 'hi' }
const unconfigured = { port: 587, secure: false }

describe('SMTP mailer', () => {
  test('senders: bare address, or a display name with the address', () => {
    assert.deepEqual(parseSender('bot@example.com'), { name: '', address: 'bot@example.com' })
    assert.deepEqual(parseSender('"Parley Bot" <bot@example.com>'), { name: 'Parley Bot', address: 'bot@example.com' })
  })

  test('the server SMTP without SMTP_HOST or SMTP_FROM: a clear error, no connection', async () => {
    const send = createMailer({ ...unconfigured, host: 'smtp.example.com' }, parseAllowlist(''))
    const outcome = await send(message, 'default')
    assert.equal(outcome.ok, false)
    assert.match(outcome.error!, /SMTP_HOST and SMTP_FROM/)
  })

  test('workspace SMTP hosts pass the SSRF guard (internal addresses refused unless allowed)', async () => {
    const smtp = { host: '127.0.0.1', port: 1, secure: false, from: 'bot@example.com' }
    const refused = await createMailer(unconfigured, parseAllowlist(''))(message, smtp)
    assert.equal(refused.ok, false)
    assert.match(refused.error!, /^Security validation failed: 127\.0\.0\.1/)
    const allowed = await createMailer(unconfigured, parseAllowlist('127.0.0.1'))(message, smtp)
    assert.equal(allowed.ok, false)
    assert.doesNotMatch(allowed.error!, /Security validation/, 'allowed: the connection is attempted (and fails on port 1)')
  })
})
