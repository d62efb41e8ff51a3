// Emails of a preview (Typebot issue 1124) against a real SMTP server on loopback: without asking, a preview sends
// nothing (as before); with `sendEmailsToMe` the Send email blocks write to the author's own verified address and to
// nobody the block names; an author whose email is not verified is refused; other members cannot drive the session.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importBot, userWithWorkspace } from '../support/seed.js'
import { type Mail, type Mailbox, startMailbox } from '../support/mailbox.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('Send email in preview, to the author only', () => {
  let received: Mail[] = []
  let mailbox: Mailbox
  let s: TestServer

  before(async () => {
    mailbox = await startMailbox()
    received = mailbox.received
    const port = mailbox.port
    s = await startTestServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Parley Bot <bot@example.com>' })
  })
  after(async () => {
    await s.stop()
    await mailbox?.close()
  })

  const leadBot = () =>
    bot(
      [
        [
          'Contact',
          [
            { id: 'askEmail', type: 'email input', options: { variableId: 'vEmail' } },
            {
              id: 'mail',
              type: 'Email',
              options: { recipients: ['{{Email}}', 'team@example.com'], cc: ['sales@example.com'], bcc: ['audit@example.com'], subject: 'Lead' },
            },
            say('bye', 'Thanks'),
          ],
        ],
      ],
      { variables: [{ id: 'vEmail', name: 'Email' }] },
    )

  /** A preview chat that answers the email input; the last response. */
  const preview = async (token: string, botId: string, body: Record<string, unknown>) => {
    const start = await s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token, body })
    if (start.status !== 200) return start
    return s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token, body: { message: 'visitor@example.com' } })
  }
  const waitForMail = async (count: number) => {
    for (let i = 0; i < 200 && received.length < count; i++) await new Promise((r) => setTimeout(r, 20))
    return received
  }

  test('nothing is sent unless asked; asked, only the author gets the email; an unverified author is refused', async () => {
    const author = await userWithWorkspace(s, 'Author')
    const me = (await s.call('GET', '/v1/me', { token: author.token })).body.user
    const imported = await importBot(s, author.token, author.workspaceId, leadBot())

    const quiet = await preview(author.token, imported.id, {})
    assert.equal(quiet.status, 200, JSON.stringify(quiet.body))
    assert.ok(quiet.body.logs.some((l: any) => l.description === 'Emails are not sent in preview mode'))

    // The author's email is not verified yet.
    const refused = await preview(author.token, imported.id, { sendEmailsToMe: true })
    assert.equal(refused.status, 400)
    assert.match(refused.body.message, /not verified/)
    assert.equal(received.length, 0)

    await s.store.accounts.markEmailVerified(author.id)
    const sent = await preview(author.token, imported.id, { sendEmailsToMe: true })
    assert.equal(sent.status, 200, JSON.stringify(sent.body))
    const log = sent.body.logs.find((l: any) => l.description === 'Preview: email sent to you only')
    assert.ok(log, JSON.stringify(sent.body.logs))
    assert.deepEqual(JSON.parse(log.details).instead, {
      to: ['visitor@example.com', 'team@example.com'],
      cc: ['sales@example.com'],
      bcc: ['audit@example.com'],
    })
    const mails = await waitForMail(1)
    assert.equal(mails.length, 1)
    assert.deepEqual(mails[0].to, [me.email])
    assert.match(mails[0].raw, /^Subject: Lead/m)
    // The headers name the author alone (the body, the answers' summary, may quote the visitor's address).
    const headers = mails[0].raw.split('\r\n\r\n')[0]
    assert.doesNotMatch(headers, /visitor@example\.com|team@example\.com|sales@example\.com|audit@example\.com|^Cc:|^Bcc:/m)

    // The Typebot-compatible preview route takes the same choice.
    const typebot = await s.call('POST', `/api/v1/typebots/${imported.id}/preview/startChat`, { token: author.token, body: { sendEmailsToMe: true } })
    assert.equal(typebot.status, 200, JSON.stringify(typebot.body))
    await s.call('POST', `/api/v1/sessions/${typebot.body.sessionId}/continueChat`, {
      token: author.token,
      body: { message: { type: 'text', text: 'someone@example.com' } },
    })
    assert.deepEqual((await waitForMail(2))[1].to, [me.email])
  })
})
