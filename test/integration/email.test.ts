// Email blocks against a real SMTP server on loopback, and startPropsToInject on live starts vs previews.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { type Mail, type Mailbox, startMailbox } from '../support/mailbox.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('Email block over SMTP', () => {
  let received: Mail[] = []
  let mailbox: Mailbox
  let s: TestServer
  let noSmtp: TestServer

  before(async () => {
    mailbox = await startMailbox()
    received = mailbox.received
    const port = mailbox.port
    s = await startTestServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Parley Bot <bot@example.com>' })
    noSmtp = await startTestServer()
  })
  after(async () => {
    await s.stop()
    await noSmtp.stop()
    await mailbox?.close()
  })

  const variables = [
    { id: 'vName', name: 'Name' },
    { id: 'vEmail', name: 'Email' },
  ]
  const leadBot = (emailOptions: Record<string, unknown> = {}) =>
    bot(
      [
        [
          'Contact',
          [
            { id: 'askName', type: 'text input', options: { variableId: 'vName' } },
            { id: 'askEmail', type: 'email input', options: { variableId: 'vEmail' } },
            {
              id: 'mail',
              type: 'Email',
              options: { recipients: ['{{Email}}'], cc: ['sales@example.com'], subject: 'New lead: {{Name}}', ...emailOptions },
            },
            say('bye', 'Thanks {{Name}}'),
          ],
        ],
      ],
      { variables },
    )

  /** A whole live chat: start, then the name and the email; the last response. */
  const chat = async (server: TestServer, definition: unknown) => {
    const owner = await userWithWorkspace(server)
    const published = await importAndPublish(server, owner.token, owner.workspaceId, definition)
    const start = await server.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const send = (message: string) =>
      server.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message } })
    await send('Ada Lovelace')
    const last = await send('ada@example.com')
    assert.equal(last.status, 200, JSON.stringify(last.body))
    // Email logs are kept out of live answers (whoever chats reads them) and stored on the result for the owners.
    assert.equal(last.body.logs, undefined)
    const logs = await server.store.db
      .selectFrom('logs')
      .select(['status', 'description', 'details'])
      .where('resultId', '=', await resultIdOfKey(server.store.db, start.body.resultId))
      .orderBy('id')
      .execute()
    return {
      owner,
      published,
      last,
      logs: logs.map((l) => ({ status: l.status, description: l.description, ...(l.details !== null && { details: l.details }) })),
    }
  }

  test('the email arrives with templated recipients and subject, and the answers summary', async () => {
    received.length = 0
    const { last, logs } = await chat(s, leadBot())
    assert.deepEqual(logs, [{ status: 'success', description: 'Email successfully sent', details: logs[0].details }])
    assert.equal(received.length, 1)
    const mail = received[0]
    assert.equal(mail.from, 'bot@example.com')
    assert.deepEqual(mail.to.sort(), ['ada@example.com', 'sales@example.com'])
    assert.match(mail.raw, /^Subject: New lead: Ada Lovelace\r?$/m)
    assert.match(mail.raw, /^From: Parley Bot <bot@example\.com>\r?$/m)
    assert.match(mail.raw, /^Cc: sales@example\.com\r?$/m)
    assert.match(mail.raw, /Content-Type: multipart\/alternative/)
    assert.match(mail.raw, /Name: Ada Lovelace\r?\nEmail: ada@example\.com/, 'text alternative')
    assert.match(mail.raw, /<th align="left" valign="top">Name<\/th><td>Ada Lovelace<\/td>/, 'HTML table')
    assert.match(mail.raw, /<a href="mailto:ada@example\.com">ada@example\.com<\/a>/)
    assert.ok(last.body.messages.length > 0, 'the flow goes on after the block')
  })

  test('a custom HTML body, and the reply-to name as sender name', async () => {
    received.length = 0
    await chat(s, leadBot({ isCustomBody: true, isBodyCode: true, body: '<h1>Hello {{Name}}</h1>', replyTo: '{{Name}} <{{Email}}>' }))
    const mail = received[0].raw
    assert.match(mail, /^From: Ada Lovelace <bot@example\.com>\r?$/m)
    assert.match(mail, /^Reply-To: Ada Lovelace <ada@example\.com>\r?$/m)
    assert.match(mail, /Content-Type: text\/html/)
    assert.match(mail, /<h1>Hello Ada Lovelace<\/h1>/)
  })

  test('preview sends nothing and says so', async () => {
    received.length = 0
    const owner = await userWithWorkspace(s)
    const published = await importAndPublish(s, owner.token, owner.workspaceId, leadBot())
    const start = await s.call('POST', `/v1/bots/${published.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const send = (message: string) => s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message } })
    await send('Ada')
    const last = await send('ada@example.com')
    assert.deepEqual(last.body.logs, [{ status: 'info', description: 'Emails are not sent in preview mode' }])
    assert.equal(received.length, 0)
  })

  /** A bot whose recipients are typed by the end user (a text input, as nothing stops a bot from doing so). */
  const typedRecipientsBot = (emailOptions: Record<string, unknown> = {}) =>
    bot(
      [
        [
          'Contact',
          [
            { id: 'askName', type: 'text input', options: { variableId: 'vName' } },
            { id: 'askEmail', type: 'text input', options: { variableId: 'vEmail' } },
            { id: 'mail', type: 'Email', options: { recipients: ['{{Email}}'], subject: 'Hello {{Name}}', ...emailOptions } },
            say('bye', 'Thanks {{Name}}'),
          ],
        ],
      ],
      { variables },
    )

  const typed = async (name: string, email: string, emailOptions?: Record<string, unknown>) => {
    const owner = await userWithWorkspace(s)
    const published = await importAndPublish(s, owner.token, owner.workspaceId, typedRecipientsBot(emailOptions))
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    const send = (message: string) => s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message } })
    await send(name)
    const last = await send(email)
    assert.equal(last.status, 200, JSON.stringify(last.body))
    // Email logs stay out of live answers: the result keeps them for the bot's owners.
    const resultId = await resultIdOfKey(s.store.db, start.body.resultId)
    const logs = await s.store.db
      .selectFrom('logs')
      .select(['status', 'description', 'details'])
      .where('resultId', '=', resultId)
      .orderBy('id')
      .execute()
    return { ...last, logs }
  }

  test('a CRLF-injected recipient or subject never reaches the SMTP server', async () => {
    received.length = 0
    const injections: [string, string][] = [
      ['Ada', 'ada@example.com\r\nBcc: evil@example.com'],
      ['Ada', 'ada@example.com\r\nfriends: evil1@example.com, evil2@example.com;'],
      ['Ada', 'friends: evil1@example.com, evil2@example.com;'],
      ['Ada\r\nBcc: evil@example.com', 'ada@example.com'],
    ]
    for (const [name, email] of injections) {
      const last = await typed(name, email)
      const [log] = last.logs
      assert.equal(log.description, 'Email not sent', email)
      assert.match(JSON.parse(log.details!).error, /^Invalid email: .*(line break|not a single email address)/)
      assert.ok(last.body.messages.length > 0, 'the flow goes on')
    }
    assert.equal(received.length, 0, 'nothing was sent')
    // A typed list of single addresses is fine.
    await typed('Ada', 'ada@example.com; "Lovelace, Ada" <lovelace@example.com>')
    assert.deepEqual(received.flatMap((m) => m.to).sort(), ['ada@example.com', 'lovelace@example.com'])
  })

  test('500 typed addresses are refused; nothing is sent', async () => {
    received.length = 0
    const many = Array.from({ length: 500 }, (_, i) => `user${i}@example.com`).join(', ')
    const last = await typed('Ada', many)
    assert.match(JSON.parse(last.logs[0].details!).error, /^500 recipients \(to, cc and bcc\): at most 50 per email\.$/)
    assert.equal(received.length, 0)
  })

  test('a server without SMTP settings logs the failure and goes on', async () => {
    const { last, logs } = await chat(noSmtp, leadBot())
    assert.equal(logs.length, 1)
    const [log] = logs
    assert.equal(log.status, 'error')
    assert.equal(log.description, 'Email not sent')
    assert.match(log.details ?? '', /no SMTP settings of its own \(SMTP_HOST and SMTP_FROM are not set\)/)
    assert.ok(last.body.messages.length > 0)
  })

  /** A bot that asks for a file and emails it as an attachment. */
  const attachmentBot = bot(
    [
      [
        'Files',
        [
          { id: 'askFile', type: 'file input', options: { variableId: 'vFile' } },
          { id: 'mail', type: 'Email', options: { recipients: ['files@example.com'], subject: 'Your file', attachmentsVariableId: 'vFile' } },
          say('bye', 'Done'),
        ],
      ],
    ],
    { variables: [{ id: 'vFile', name: 'File' }] },
  )

  /** A live chat on the attachment bot in a new workspace; `upload` stores a file for it, `reply` answers the input. */
  const fileChat = async () => {
    const owner = await userWithWorkspace(s)
    const published = await importAndPublish(s, owner.token, owner.workspaceId, attachmentBot)
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const { sessionId } = start.body
    return {
      async upload(fileName: string, contentType: string, bytes: Buffer): Promise<string> {
        const granted = await s.call('POST', `/v1/sessions/${sessionId}/files`, {
          token: owner.token,
          body: { blockId: 'askFile', fileName, contentType, size: bytes.length },
        })
        assert.equal(granted.status, 200, JSON.stringify(granted.body))
        const res = await fetch(granted.body.uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } })
        assert.equal(res.status, 200)
        return granted.body.fileUrl
      },
      async reply(text: string) {
        const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message: text } })
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return s.store.db
          .selectFrom('logs')
          .select(['status', 'description', 'details'])
          .where('resultId', '=', await resultIdOfKey(s.store.db, start.body.resultId))
          .execute()
      },
    }
  }

  test('a file stored for the workspace is attached for real', async () => {
    received.length = 0
    const chat = await fileChat()
    const bytes = Buffer.from('%PDF-1.7 attached for real')
    const url = await chat.upload('Facture été.pdf', 'application/pdf', bytes)
    const logs = await chat.reply(url)
    assert.deepEqual(
      logs.map((l) => l.description),
      ['Email successfully sent'],
    )
    assert.equal(received.length, 1)
    const mail = received[0].raw
    assert.match(mail, /Content-Type: multipart\/mixed/)
    assert.match(mail, /Content-Type: application\/pdf;\r?\n name=/)
    assert.match(mail, /Content-Disposition: attachment;\r?\n filename\*0\*=utf-8''Facture%20%C3%A9t%C3%A9\.pdf/)
    // Without its padding: the test's quoted-printable decoding takes a final '=' for a soft line break.
    assert.ok(mail.replace(/\r?\n/g, '').includes(bytes.toString('base64').replace(/=+$/, '')), 'the bytes are in the message')
  })

  test("another workspace's file, or a URL this server did not store, stops the email", async () => {
    received.length = 0
    const other = await fileChat()
    const foreign = await other.upload('theirs.pdf', 'application/pdf', Buffer.from('%PDF-1.7 not yours'))
    for (const url of [foreign, 'https://example.com/file.pdf']) {
      const logs = await (await fileChat()).reply(url)
      assert.equal(logs.length, 1, url)
      assert.equal(logs[0].status, 'error')
      assert.equal(logs[0].description, 'Email not sent')
      assert.match(JSON.parse(logs[0].details!).error, /^Invalid email attachment URL .*not a file stored by this server for this workspace/)
    }
    assert.equal(received.length, 0)
  })
})

describe('startPropsToInject over HTTP', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer()
  })
  after(() => s.stop())

  test('prepended on live starts; only an info log in preview', async () => {
    const owner = await userWithWorkspace(s)
    const definition = bot(
      [['g', [say('hi', 'Hello'), { id: 'px', type: 'Pixel', options: { pixelId: '42' } }, { id: 'ask', type: 'text input', options: {} }]]],
      { settings: { metadata: { googleTagManagerId: 'GTM-1' } } },
    )
    const published = await importAndPublish(s, owner.token, owner.workspaceId, definition)
    const live = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(live.status, 200, JSON.stringify(live.body))
    assert.deepEqual(live.body.clientSideActions, [{ type: 'startPropsToInject', startPropsToInject: { gtmId: 'GTM-1', pixelIds: ['42'] } }])
    assert.equal(live.body.logs, undefined)

    const preview = await s.call('POST', `/v1/bots/${published.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    assert.equal(preview.body.clientSideActions, undefined)
    assert.deepEqual(preview.body.logs, [{ status: 'info', description: 'Pixel, Google Tag Manager are not enabled in Preview mode' }])
  })
})
