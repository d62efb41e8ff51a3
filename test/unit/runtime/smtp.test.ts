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

  test('a listed SMTP host name resolving to loopback, and metadata names, are still refused', async () => {
    const byName = await createMailer(unconfigured, parseAllowlist('localhost'))(message, {
      host: 'localhost',
      port: 1,
      secure: false,
      from: 'bot@example.com',
    })
    assert.match(byName.error!, /^Security validation failed: localhost: Access to loopback addresses/)
    const metadata = await createMailer(unconfigured, parseAllowlist('metadata.google.internal'))(message, {
      host: 'metadata.google.internal',
      port: 25,
      secure: false,
      from: 'bot@example.com',
    })
    assert.match(metadata.error!, /^Security validation failed: Access to cloud metadata services/)
  })

  test('a line break or NUL in a recipient, the subject or the reply-to: refused before any connection', async () => {
    const send = createMailer({ ...unconfigured, host: '127.0.0.1', port: 1, from: 'bot@example.com' }, parseAllowlist(''))
    for (const bad of [
      { to: ['a@example.com\r\nBcc: x@example.com'] },
      { to: ['a@example.com'], subject: 'Hi\nBcc: x@example.com' },
      { to: ['a@example.com'], replyTo: 'a@example.com\0' },
      { to: ['a@example.com'], bcc: ['b@example.com\r'] },
    ]) {
      const outcome = await send({ ...message, ...bad }, 'default')
      assert.match(outcome.error!, /line break or NUL/, JSON.stringify(bad))
    }
  })
})
