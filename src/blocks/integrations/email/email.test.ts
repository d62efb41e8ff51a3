import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  MAX_EMAILS_PER_TURN,
  MAX_RECIPIENTS_PER_EMAIL,
  MAX_RECIPIENTS_PER_TURN,
  invalidMailbox,
  sendEmail,
  smtpFromCredentials,
  splitAddresses,
  summaryBody,
  summaryFields,
} from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { memoryFiles } from '../../../../test/support/files.js'

const block = (options: Record<string, unknown>) => ({ id: 'b1', type: 'Email' as const, options })

describe('Email block', () => {
  test('templated recipients, subject and reply-to; the reply-to name becomes the sender name', async () => {
    const { ctx, sent } = blockContext({ variables: { Email: 'ada@example.com', Name: 'Ada' } })
    const result = await sendEmail.execute(
      block({
        recipients: ['{{Email}}', ' ', 'team@example.com'],
        cc: ['boss@example.com'],
        subject: 'Hello {{Name}}',
        replyTo: '{{Name}} <{{Email}}>',
        isCustomBody: true,
        body: 'Hi {{Name}}',
      }),
      ctx,
    )
    assert.equal(sent.length, 1)
    const { message, smtp } = sent[0]
    assert.equal(smtp, 'default')
    assert.deepEqual(message.to, ['ada@example.com', 'team@example.com'])
    assert.deepEqual(message.cc, ['boss@example.com'])
    assert.equal(message.subject, 'Hello Ada')
    assert.equal(message.replyTo, 'Ada <ada@example.com>')
    assert.equal(message.fromName, 'Ada')
    assert.equal(message.text, 'Hi Ada')
    assert.equal(message.html, undefined)
    assert.deepEqual(
      result.logs?.map((l) => [l.status, l.description]),
      [['success', 'Email successfully sent']],
    )
  })

  test('custom bodies: code is HTML as written, text is text; a body that is one variable keeps its lines', async () => {
    const { ctx, sent } = blockContext({ variables: { Notes: 'one\ntwo', Name: '<b>Ada</b>' } })
    await sendEmail.execute(block({ recipients: ['a@example.com'], isCustomBody: true, isBodyCode: true, body: '<p>{{Name}}</p>' }), ctx)
    await sendEmail.execute(block({ recipients: ['a@example.com'], isCustomBody: true, isBodyCode: true, body: '{{Notes}}' }), ctx)
    await sendEmail.execute(block({ recipients: ['a@example.com'], body: 'Notes: {{Notes}}' }), ctx)
    assert.equal(sent[0].message.html, '<p><b>Ada</b></p>')
    assert.equal(sent[1].message.html, 'one<br />two')
    assert.equal(sent[2].message.text, 'Notes: one\ntwo', 'a written body without isCustomBody is used')
  })

  test('without a custom body: the answers summary, in HTML and text', async () => {
    const answers = [
      { key: 'Name', value: 'Ada <Lovelace>' },
      { key: 'Email', value: 'ada@example.com' },
    ]
    const { ctx, sent } = blockContext({ variables: { Email: 'ada@example.com', Tags: ['a', null, 'b'], Empty: null }, answers })
    await sendEmail.execute(block({ recipients: ['team@example.com'], isCustomBody: false, body: 'ignored' }), ctx)
    const { html, text } = sent[0].message
    assert.match(html!, /<th align="left" valign="top">Name<\/th><td>Ada &lt;Lovelace&gt;<\/td>/)
    assert.match(html!, /<a href="mailto:ada@example.com">ada@example.com<\/a>/)
    assert.equal(text, 'Name: Ada <Lovelace>\nEmail: ada@example.com\nTags: a,,b')
  })

  test('summary fields: answers by key, then variables with a value by name', async () => {
    const { ctx } = blockContext({
      variables: { City: 'Paris', Unset: null },
      answers: [
        { key: 'City', value: 'Lyon' },
        { key: '', value: 'x' },
        { key: 'Age', value: '36' },
      ],
    })
    assert.deepEqual(summaryFields(ctx), [
      ['City', 'Paris'],
      ['Age', '36'],
    ])
    assert.deepEqual(summaryBody([['Note', 'a\nb']]), {
      html: '<table cellpadding="6" style="border-collapse:collapse"><tr><th align="left" valign="top">Note</th><td>a<br>b</td></tr></table>',
      text: 'Note: a\nb',
    })
  })

  test('preview sends nothing and says so', async () => {
    const { ctx, sent } = blockContext({ isPreview: true })
    const result = await sendEmail.execute(block({ recipients: ['a@example.com'] }), ctx)
    assert.equal(sent.length, 0)
    assert.deepEqual(result.logs, [{ status: 'info', description: 'Emails are not sent in preview mode' }])
  })

  test("a preview whose author asked for its emails sends them to the author alone, naming the block's recipients in the log", async () => {
    const { ctx, sent } = blockContext({ isPreview: true, variables: { Email: 'visitor@example.com' } })
    ctx.previewEmailTo = 'author@example.com'
    const result = await sendEmail.execute(
      block({ recipients: ['{{Email}}', 'team@example.com'], cc: ['boss@example.com'], bcc: ['audit@example.com'], subject: 'Hi' }),
      ctx,
    )
    assert.equal(sent.length, 1)
    assert.deepEqual([sent[0].message.to, sent[0].message.cc, sent[0].message.bcc], [['author@example.com'], [], []])
    assert.equal(sent[0].message.subject, 'Hi')
    assert.equal(result.logs?.[0].description, 'Preview: email sent to you only')
    assert.deepEqual(JSON.parse(result.logs![0].details!).instead, {
      to: ['visitor@example.com', 'team@example.com'],
      cc: ['boss@example.com'],
      bcc: ['audit@example.com'],
    })
    // A block without recipients still sends the author a copy.
    const none = await sendEmail.execute(block({ recipients: [] }), ctx)
    assert.equal(none.logs?.[0].status, 'success')
    assert.deepEqual(sent[1].message.to, ['author@example.com'])
  })

  test('failures are logged and the flow goes on', async () => {
    const noRecipient = blockContext()
    const r1 = await sendEmail.execute(block({ recipients: ['{{Missing}}'] }), noRecipient.ctx)
    assert.equal(noRecipient.sent.length, 0)
    assert.equal(r1.logs?.[0].description, 'Email not sent')
    assert.match(r1.logs![0].details!, /no recipients/)
    assert.equal(r1.outgoingEdgeId, undefined)

    const smtpDown = blockContext({ emailOutcome: { ok: false, error: 'connect ECONNREFUSED' } })
    const r2 = await sendEmail.execute(block({ recipients: ['a@example.com'] }), smtpDown.ctx)
    assert.equal(r2.logs?.[0].status, 'error')
    assert.match(r2.logs![0].details!, /ECONNREFUSED/)
  })

  test('workspace SMTP credentials, in the Typebot shape or the plain one', async () => {
    const typebotShape = {
      id: 'c1',
      type: 'smtp',
      name: 'Mail',
      data: { host: 'smtp.example.com', port: 465, username: 'u', password: 'p', from: { email: 'bot@example.com', name: 'Bot' } },
    }
    const { ctx, sent } = blockContext({ credentials: [typebotShape] })
    await sendEmail.execute(block({ credentialsId: 'c1', recipients: ['a@example.com'] }), ctx)
    assert.deepEqual(sent[0].smtp, {
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      username: 'u',
      password: 'p',
      from: '"Bot" <bot@example.com>',
    })
    const plain = smtpFromCredentials({ id: 'c2', type: 'smtp', name: 'x', data: { host: 'h', port: '587', secure: false, from: 'a@b.c' } }, 'c2')
    assert.deepEqual(plain, { host: 'h', port: 587, secure: false, username: undefined, password: undefined, from: 'a@b.c' })
    assert.match(String(smtpFromCredentials({ id: 'c3', type: 'openai', name: 'x', data: {} }, 'c3')), /No SMTP credentials/)

    const missing = blockContext()
    const result = await sendEmail.execute(block({ credentialsId: 'nope', recipients: ['a@example.com'] }), missing.ctx)
    assert.equal(missing.sent.length, 0)
    assert.match(result.logs![0].details!, /No SMTP credentials with id \\"nope\\"/)
  })

  test('files stored for the workspace are attached; a list variable gives several', async () => {
    const files = memoryFiles()
    const owner = { workspaceId: 'w1', botId: 'bot1', resultId: 'r1' }
    const a = await files.store({ name: 'reçu.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1') }, owner)
    const b = await files.store({ name: 'photo.png', contentType: 'image/png', bytes: Uint8Array.of(137, 80) }, { ...owner, resultId: 'r2' })
    assert.ok(a.ok && b.ok)
    const { ctx, sent } = blockContext({ files, variables: { Files: [a.url, null, ` ${b.url} `] } })
    const result = await sendEmail.execute(block({ recipients: ['a@example.com'], attachmentsVariableId: 'v0' }), ctx)
    assert.deepEqual(
      result.logs?.map((l) => l.status),
      ['success'],
    )
    assert.deepEqual(
      sent[0].message.attachments?.map((f) => [f.filename, f.contentType, new TextDecoder().decode(f.content)]),
      [
        ['reçu.pdf', 'application/pdf', '%PDF-1'],
        ['photo.png', 'image/png', new TextDecoder().decode(Uint8Array.of(137, 80))],
      ],
    )
  })

  test('an attachment that is not a file stored for this workspace stops the email, and the log names it', async () => {
    const files = memoryFiles()
    const stored = await files.store({ name: 'a.txt', contentType: 'text/plain', bytes: Uint8Array.of(65) }, { workspaceId: 'w1', botId: 'bot1' })
    const foreign = await files.store({ name: 'b.txt', contentType: 'text/plain', bytes: Uint8Array.of(66) }, { workspaceId: 'w2', botId: 'bot9' })
    assert.ok(stored.ok && foreign.ok)
    for (const bad of ['https://x.example/a.pdf', '/etc/passwd', foreign.url, stored.url.replace(/\/[^/]+$/, '/..%2F..%2Fb.txt')]) {
      const { ctx, sent } = blockContext({ files, variables: { Files: `${stored.url}, ${bad}` } })
      const result = await sendEmail.execute(block({ recipients: ['a@example.com'], attachmentsVariableId: 'v0' }), ctx)
      assert.equal(sent.length, 0, bad)
      assert.equal(result.logs?.length, 1)
      assert.equal(result.logs![0].status, 'error')
      assert.equal(result.logs![0].description, 'Email not sent')
      assert.ok(JSON.parse(result.logs![0].details!).error.startsWith(`Invalid email attachment URL "${bad.slice(0, 80)}`), bad)
    }
  })

  test(`at most ${MAX_EMAILS_PER_TURN} emails in one turn`, async () => {
    const { ctx, sent } = blockContext()
    const results = []
    for (let i = 0; i <= MAX_EMAILS_PER_TURN; i++) results.push(await sendEmail.execute(block({ recipients: ['a@example.com'] }), ctx))
    assert.equal(sent.length, MAX_EMAILS_PER_TURN)
    assert.match(results.at(-1)!.logs![0].details!, /More than 5 emails/)
  })

  test('templated lists are split into single mailboxes, on commas and semicolons outside quotes', async () => {
    assert.deepEqual(splitAddresses(' a@example.com, Ada <ada@example.com>;"Lovelace, Ada" <l@example.com> ,, '), [
      'a@example.com',
      'Ada <ada@example.com>',
      '"Lovelace, Ada" <l@example.com>',
    ])
    assert.deepEqual(splitAddresses('"a\\"b, c" <a@example.com>, d@example.com'), ['"a\\"b, c" <a@example.com>', 'd@example.com'])
    const { ctx, sent } = blockContext({ variables: { Team: 'a@example.com; b@example.com', Copy: ['c@example.com', 'd@example.com'] } })
    await sendEmail.execute(block({ recipients: ['{{Team}}'], cc: ['{{Copy}}'] }), ctx)
    assert.deepEqual(sent[0].message.to, ['a@example.com', 'b@example.com'])
    assert.deepEqual(sent[0].message.cc, ['c@example.com', 'd@example.com'])
  })

  test('each recipient is exactly one mailbox', () => {
    for (const ok of [
      'a@example.com',
      'Ada <ada@example.com>',
      '"Lovelace, Ada" <ada@example.com>',
      'élodie@exemple.fr',
      'a.b+tag@sub.example.co.uk',
    ])
      assert.equal(invalidMailbox(ok), undefined, ok)
    for (const bad of [
      'x: a@example.com',
      'a@example.com\r\nBcc: b@example.com',
      'a@example.com\nb@example.com',
      'a@example.com\0',
      'a b@example.com',
      'a@example.com b@example.com',
      'Ada <a@example.com> b@example.com',
      'not an address',
      'a@localhost',
      `${'a'.repeat(300)}@example.com`,
    ]) {
      assert.ok(invalidMailbox(bad), bad)
    }
  })

  test('a CRLF, a group or any invalid recipient, reply-to or subject: the email is refused with the reason', async () => {
    const cases: [Record<string, string>, Record<string, unknown>, RegExp][] = [
      [
        { Email: 'ada@example.com\r\nBcc: evil@example.com' },
        { recipients: ['{{Email}}'] },
        /recipient "ada@example.com\\r\\nBcc: evil@example.com" contains a line break/,
      ],
      [
        { Email: 'friends: evil1@example.com, evil2@example.com;' },
        { recipients: ['{{Email}}'] },
        /recipient "friends: evil1@example.com" is not a single email address/,
      ],
      [{ Email: 'ada@example.com' }, { recipients: ['team@example.com'], bcc: ['{{Email}} x'] }, /bcc "ada@example.com x" is not a single/],
      [
        { Email: 'ada@example.com\nBcc: evil@example.com' },
        { recipients: ['team@example.com'], replyTo: '{{Email}}' },
        /reply-to .* contains a line break/,
      ],
      [{ Name: 'Ada\r\nBcc: evil@example.com' }, { recipients: ['team@example.com'], subject: 'Lead {{Name}}' }, /the subject contains a line break/],
    ]
    for (const [variables, options, reason] of cases) {
      const { ctx, sent } = blockContext({ variables })
      const result = await sendEmail.execute(block(options), ctx)
      assert.equal(sent.length, 0, JSON.stringify(options))
      assert.equal(result.logs?.[0].description, 'Email not sent')
      const { error } = JSON.parse(result.logs![0].details!)
      assert.match(error, /^Invalid email: /)
      assert.match(error, reason)
      assert.equal(ctx.budget.emailsSent, 0, 'a refused email does not count')
    }
  })

  test(`at most ${MAX_RECIPIENTS_PER_EMAIL} recipients per email and ${MAX_RECIPIENTS_PER_TURN} per turn`, async () => {
    const addresses = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `user${from + i}@example.com`).join(', ')
    const typed = blockContext({ variables: { Emails: addresses(500) } })
    const bulk = await sendEmail.execute(block({ recipients: ['{{Emails}}'] }), typed.ctx)
    assert.equal(typed.sent.length, 0)
    assert.match(bulk.logs![0].details!, /500 recipients \(to, cc and bcc\): at most 50 per email/)

    const split = blockContext({ variables: { To: addresses(30), Cc: addresses(21, 30) } })
    await sendEmail.execute(block({ recipients: ['{{To}}'], cc: ['{{Cc}}'] }), split.ctx)
    assert.equal(split.sent.length, 0, '51 across to and cc')

    const { ctx, sent } = blockContext({ variables: { A: addresses(50), B: addresses(50, 50), C: addresses(1, 100) } })
    await sendEmail.execute(block({ recipients: ['{{A}}'] }), ctx)
    await sendEmail.execute(block({ recipients: ['{{B}}'] }), ctx)
    const third = await sendEmail.execute(block({ recipients: ['{{C}}'] }), ctx)
    assert.equal(sent.length, 2)
    assert.equal(ctx.budget.emailRecipients, 100)
    assert.match(third.logs![0].details!, /More than 100 recipients in one turn/)
  })
})
