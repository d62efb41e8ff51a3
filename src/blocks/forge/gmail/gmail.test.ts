import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { forgedGmail } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { memoryFiles } from '../../../../test/support/files.js'
import { type GmailPeer, startGmailPeer } from '../../../../test/support/peers/gmail.js'
import { peerHttp } from '../../../../test/support/servicePeer.js'

const client = { id: 'client-1.apps.googleusercontent.com', secret: 'GOCSPX-secret', refreshToken: '1//refresh-token' }
let peer: GmailPeer
before(async () => {
  peer = await startGmailPeer(client)
})
after(() => peer.close())

let credentialsCount = 0
/** Fresh credentials ids, so each test starts without a cached token. */
const credentials = (data: Record<string, string> = {}) => ({
  id: `gm${++credentialsCount}`,
  type: 'gmail',
  name: 'Gmail',
  data: {
    clientId: client.id,
    clientSecret: client.secret,
    refreshToken: client.refreshToken,
    tokenUrl: `${peer.url}/token`,
    baseUrl: peer.url,
    ...data,
  },
})

const run = (options: Record<string, unknown>, creds = credentials(), budget?: { emailsSent: number; emailRecipients: number }) => {
  const { ctx } = blockContext({
    variables: [
      { id: 'vTo', name: 'To', value: 'ada@example.org' },
      { id: 'vId', name: 'Id', value: null },
      { id: 'vThread', name: 'Thread', value: null },
      { id: 'vFiles', name: 'Files', value: ['https://example.org/a.pdf'] },
    ],
    credentials: [creds],
    runtime: peerHttp(),
  })
  if (budget) ctx.budget = budget
  return forgedGmail.execute({ id: 'b1', type: 'gmail', options: { credentialsId: creds.id, action: 'Send email', ...options } }, ctx)
}

test('Send email refreshes the token, sends the RFC 822 message, applies the label and maps the ids', async () => {
  const result = await run({
    to: '{{To}}, "Lovelace, Ada" <ada2@example.org>',
    subject: 'Hello {{To}}',
    body: 'Line one\nLine two',
    from: 'Support <support@example.org>',
    label: 'Label_7',
    responseMapping: [{ variableId: 'vId' }, { item: 'Thread ID', variableId: 'vThread' }],
  })
  assert.equal(result.logs![0].status, 'success', JSON.stringify(result.logs))
  const message = peer.sent.at(-1)!
  assert.match(message.raw, /^To: ada@example.org, "Lovelace, Ada" <ada2@example.org>$/m)
  assert.match(message.raw, /^From: Support <support@example.org>$/m)
  assert.match(message.raw, /^Subject: Hello ada@example.org$/m)
  assert.match(message.raw, /Line one\r?\nLine two/)
  assert.deepEqual(message.labels, ['Label_7'])
  const n = peer.sent.length
  assert.deepEqual(result.variableUpdates, [
    { variableId: 'vId', value: `msg-${n}` },
    { variableId: 'vThread', value: `thread-${n}` },
  ])
  const token = peer.requests.find((r) => r.path === '/token')!
  assert.equal(token.headers['content-type'], 'application/x-www-form-urlencoded')
  assert.equal(token.body.grant_type, 'refresh_token')
})

test('the access token is reused until it expires; a reply goes into its thread; a bare name gets the account address', async () => {
  const creds = credentials()
  const issued = peer.tokensIssued
  await run({ to: 'ada@example.org', subject: 'One' }, creds)
  await run({ to: 'ada@example.org', subject: 'Two', threadId: 'thread-9', from: 'Parley Bot' }, creds)
  assert.equal(peer.tokensIssued, issued + 1)
  const message = peer.sent.at(-1)!
  assert.equal(message.threadId, 'thread-9')
  assert.match(message.raw, /^From: Parley Bot <bot@example.org>$/m)
})

test('recipients follow the Email block rules: nothing is sent for an injected or invalid one, nor past the budget', async () => {
  const before = peer.sent.length
  const injected = await run({ to: 'ada@example.org\r\nBcc: everyone@example.org' })
  assert.match(injected.logs![0].description, /email not sent: recipient .* line break/)
  assert.match((await run({ to: 'friends: a@x.org, b@y.org;' })).logs![0].description, /not a single email address/)
  assert.match((await run({ to: '' })).logs![0].description, /no recipient/)
  assert.match((await run({ to: 'a@example.org' }, credentials(), { emailsSent: 5, emailRecipients: 5 })).logs![0].description, /more than 5 emails/)
  assert.equal(peer.sent.length, before)
})

test('a revoked refresh token or a refused label are error logs without secrets', async () => {
  const revoked = await run({ to: 'a@example.org' }, credentials({ refreshToken: '1//revoked-token' }))
  assert.match(revoked.logs![0].description, /could not get an access token.*400: Token has been expired or revoked/)
  assert.ok(!JSON.stringify(revoked).includes('revoked-token') && !JSON.stringify(revoked).includes(client.secret))
  const labelled = await run({ to: 'a@example.org', label: 'Important' })
  assert.deepEqual(
    labelled.logs!.map((l) => l.status),
    ['success', 'error'],
  )
  assert.match(labelled.logs![1].description, /Failed to apply label.*Invalid label: Important/)
  assert.ok(!JSON.stringify(labelled).includes('ya29.'))
})

test('files stored for the workspace are attached; any other attachment stops the email', async () => {
  const files = memoryFiles()
  const stored = await files.store(
    { name: 'report.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4 report') },
    { workspaceId: 'w1', botId: 'b' },
  )
  assert.ok(stored.ok)
  const creds = credentials()
  const send = (value: unknown) => {
    const { ctx } = blockContext({
      variables: [{ id: 'vFiles', name: 'Files', value: value as any }],
      credentials: [creds],
      runtime: peerHttp(),
      files,
    })
    return forgedGmail.execute(
      { id: 'b1', type: 'gmail', options: { credentialsId: creds.id, action: 'Send email', to: 'a@example.org', attachments: 'vFiles' } },
      ctx,
    )
  }
  const ok = await send([stored.url])
  assert.equal(ok.logs![0].status, 'success', JSON.stringify(ok.logs))
  const raw = peer.sent.at(-1)!.raw
  assert.match(raw, /Content-Type: application\/pdf; name=report\.pdf/)
  assert.ok(raw.includes(Buffer.from('%PDF-1.4 report').toString('base64')))
  const before = peer.sent.length
  for (const foreign of ['https://example.org/a.pdf', '/etc/passwd', `${stored.url}/../x`]) {
    const refused = await send(`${stored.url}, ${foreign}`)
    assert.match(refused.logs![0].description, /email not sent: Invalid email attachment URL/, foreign)
  }
  assert.equal(peer.sent.length, before, 'nothing was sent')
})

test('missing credentials fields are a configuration error', async () => {
  const result = await run({ to: 'a@example.org' }, { ...credentials(), data: { clientId: 'x' } } as any)
  assert.match(result.logs![0].description, /have no clientSecret, refreshToken/)
})
