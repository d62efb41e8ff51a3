// HTTP request blocks against a real local peer: request building, response mapping, logs, timeouts, SSRF.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { bot, edge, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

/** A loopback port nothing listens on. */
const freePort = async () => {
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  const { port } = probe.address() as { port: number }
  await new Promise((r) => probe.close(r))
  return port
}

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string }

describe('HTTP request blocks over HTTP', () => {
  let peer: Server
  let peerUrl = ''
  const seen: Seen[] = []
  let s: TestServer
  let closed: TestServer
  let byName: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>

  before(async () => {
    peer = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
        if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('{}'), 2500)
        if (req.url?.startsWith('/boom')) return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')
        if (req.url?.startsWith('/fail')) return res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}')
        res.setHeader('content-type', 'application/json')
        res.end(
          JSON.stringify({ items: [{ name: 'first' }, { name: 'second' }], echo: body ? JSON.parse(body.startsWith('{') ? body : '{}') : null }),
        )
      })
    })
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r))
    peerUrl = `http://127.0.0.1:${(peer.address() as { port: number }).port}`
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', PUBLIC_CHAT: 'true' })
    closed = await startTestServer()
    byName = await startTestServer({ HTTP_REQUEST_ALLOWLIST: 'localhost' })
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await closed.stop()
    await byName.stop()
    await new Promise((r) => peer.close(r))
  })

  const variables = [
    { id: 'vName', name: 'Name' },
    { id: 'vFirst', name: 'First' },
    { id: 'vAll', name: 'All' },
    { id: 'vCode', name: 'Code' },
  ]
  const httpBot = (options: Record<string, unknown>, type = 'Webhook') =>
    bot(
      [
        [
          'g',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'vName' } },
            {
              id: 'http',
              type,
              options: {
                responseVariableMapping: [
                  { id: 'm1', variableId: 'vFirst', bodyPath: 'data.items[0].name' },
                  { id: 'm2', variableId: 'vAll', bodyPath: 'data.items.map(i => i.name)' },
                  { id: 'm3', variableId: 'vCode', bodyPath: 'statusCode' },
                ],
                ...options,
              },
            },
            say('show', '{{First}} {{All}} {{Code}}'),
          ],
        ],
      ],
      { variables },
    )

  /**
   * A live chat through the bot (answering its input) by the token's holder (null: an anonymous visitor, the bot
   * then being the owner's); the continueChat answer, with the chat's result and bot ids.
   */
  const chatWith = async (server: TestServer, token: string | null, workspaceId: string, definition: unknown, reply = 'Ada') => {
    const published = await importAndPublish(server, token ?? owner.token, workspaceId, definition)
    const start = await server.call('POST', `/v1/bots/${published.publicId}/startChat`, { token, body: {} })
    const res = await server.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token, body: { message: reply } })
    return { ...res, resultId: start.body.resultId as string, botId: published.id as string }
  }
  /** The logs stored on a result (what the bot's owners read), oldest first, details parsed. */
  const storedLogs = async (server: TestServer, resultKey: string) => {
    const rows = await server.store.db
      .selectFrom('logs')
      .select(['status', 'description', 'details'])
      .where('resultId', '=', await resultIdOfKey(server.store.db, resultKey))
      .orderBy('id')
      .execute()
    return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : undefined }))
  }
  const shown = (res: any) =>
    res.body.messages
      .at(-1)
      .content.richText.map((p: any) => p.children.map((c: any) => c.text).join(''))
      .join('')

  test('default body of answers and variables, query parameters, basic auth, response mapping', async () => {
    seen.length = 0
    const res = await chatWith(
      s,
      owner.token,
      owner.workspaceId,
      httpBot({
        webhook: {
          url: `${peerUrl}/hook`,
          method: 'POST',
          queryParams: [
            { id: 'q1', key: 'name', value: '{{Name}}' },
            { id: 'q2', key: 'empty', value: '' },
          ],
          headers: [
            { id: 'h1', key: 'Authorization', value: 'Basic user:{{Name}}' },
            { id: 'h2', key: 'X-Bot', value: 'parley' },
          ],
        },
      }),
    )
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(shown(res), 'first ["first","second"] 200')
    const call = seen[0]
    assert.equal(call.url, '/hook?name=Ada')
    assert.equal(call.headers.authorization, `Basic ${Buffer.from('user:Ada').toString('base64')}`)
    assert.equal(call.headers['x-bot'], 'parley')
    const body = JSON.parse(call.body)
    assert.equal(body.Name, 'Ada')
    assert.match(body.submittedAt, /^\d{4}-/)
    assert.equal(res.body.logs, undefined, 'live answers carry no HTTP request log')
    const [log] = await storedLogs(s, res.resultId)
    assert.equal(log.status, 'success')
    assert.equal(log.description, 'Webhook successfuly executed.')
  })

  test('custom JSON body templated safely, form encoding, GET without body', async () => {
    seen.length = 0
    await chatWith(
      s,
      owner.token,
      owner.workspaceId,
      httpBot({
        isCustomBody: true,
        webhook: { url: `${peerUrl}/custom`, method: 'PUT', body: '{"name": "{{Name}}", "n": 1}' },
      }),
      'Ada "the" \\ Lovelace',
    )
    assert.deepEqual(JSON.parse(seen[0].body), { name: 'Ada "the" \\ Lovelace', n: 1 })
    assert.equal(seen[0].method, 'PUT')
    await chatWith(
      s,
      owner.token,
      owner.workspaceId,
      httpBot({
        isCustomBody: true,
        webhook: {
          url: `${peerUrl}/form`,
          method: 'POST',
          body: '{"a": "{{Name}}", "b": "2"}',
          headers: [{ id: 'h', key: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
        },
      }),
    )
    assert.equal(seen[1].body, 'a=Ada&b=2')
    await chatWith(s, owner.token, owner.workspaceId, httpBot({ webhook: { url: `${peerUrl}/get`, method: 'GET' } }))
    assert.equal(seen[2].method, 'GET')
    assert.equal(seen[2].body, '')
  })

  test('errors, timeouts and Zapier siblings', async () => {
    const failing = await chatWith(s, owner.token, owner.workspaceId, httpBot({ webhook: { url: `${peerUrl}/fail` } }))
    assert.equal((await storedLogs(s, failing.resultId))[0].description, 'Webhook returned an error.')
    assert.equal(shown(failing), '  503')
    const slow = await chatWith(s, owner.token, owner.workspaceId, httpBot({ timeout: 1, webhook: { url: `${peerUrl}/slow` } }))
    // As Typebot's logs say it (apps/viewer httpRequest.spec.ts reads them): an error of the peer, the time in the details.
    const [timedOut] = await storedLogs(s, slow.resultId)
    assert.deepEqual(
      [timedOut.status, timedOut.description, timedOut.details.statusCode, timedOut.details.response],
      ['error', 'Webhook returned an error.', 408, { message: 'Request timed out. (1s)' }],
    )
    assert.equal(shown(slow), '  408')
    seen.length = 0
    const zapier = await chatWith(s, owner.token, owner.workspaceId, httpBot({ webhook: { url: `${peerUrl}/zap` } }, 'Zapier'))
    assert.equal(shown(zapier), 'first ["first","second"] 200')
    assert.equal(seen[0].url, '/zap')
  })

  test('executed on the client: an httpRequestToExecute action, then the client reply is mapped', async () => {
    const published = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      httpBot({ isExecutedOnClient: true, webhook: { url: `${peerUrl}/client`, method: 'POST' } }),
    )
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    const asked = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Ada' } })
    const action = asked.body.clientSideActions[0]
    assert.equal(action.type, 'httpRequestToExecute')
    assert.equal(action.expectsDedicatedReply, true)
    assert.equal(action.httpRequestToExecute.url, `${peerUrl}/client`)
    assert.equal(action.httpRequestToExecute.body.Name, 'Ada')
    const done = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, {
      token: owner.token,
      body: { message: JSON.stringify({ statusCode: 201, data: { items: [{ name: 'from client' }] } }) },
    })
    assert.equal(shown(done), 'from client ["from client"] 201')
  })

  test('without the allow-list, a request to loopback is refused with a log and the chat goes on', async () => {
    const other = await userWithWorkspace(closed)
    seen.length = 0
    const res = await chatWith(closed, other.token, other.workspaceId, httpBot({ webhook: { url: `${peerUrl}/private` } }))
    assert.equal(res.status, 200)
    assert.equal(seen.length, 0, 'no request reached the peer')
    assert.match((await storedLogs(closed, res.resultId))[0].description, /^Security validation failed: /)
    assert.equal(shown(res), '  400')
  })

  test('loopback is reached only when listed literally: a listed name resolving there is refused', async () => {
    const other = await userWithWorkspace(byName)
    const port = (peer.address() as { port: number }).port
    seen.length = 0
    const res = await chatWith(byName, other.token, other.workspaceId, httpBot({ webhook: { url: `http://localhost:${port}/by-name` } }))
    assert.equal(res.status, 200)
    assert.equal(seen.length, 0, 'no request reached the peer')
    const [log] = await storedLogs(byName, res.resultId)
    assert.deepEqual(
      [log.status, log.description],
      ['error', 'Security validation failed: localhost: Access to loopback addresses is not allowed for security reasons (127.0.0.1).'],
    )
    assert.equal(shown(res), '  400')
    // The same peer, with 127.0.0.1 listed (the README's local example).
    const listed = await chatWith(s, owner.token, owner.workspaceId, httpBot({ webhook: { url: `http://localhost:${port}/literal` } }))
    assert.equal(shown(listed), 'first ["first","second"] 200')
  })

  test('metadata addresses, metadata-bypass headers and URLs that do not parse: security logs, never a 500', async () => {
    seen.length = 0
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data' }, /cloud metadata services/],
      [{ url: 'http://[::ffff:a9fe:a9fe]/latest/meta-data' }, /cloud metadata services/],
      [{ url: 'http://metadata.google.internal/computeMetadata/v1/' }, /cloud metadata services/],
      [{ url: `${peerUrl}/hdr`, headers: [{ id: 'h', key: 'Metadata-Flavor', value: 'Google' }] }, /Header "Metadata-Flavor" is not allowed/],
      [
        { url: `${peerUrl}/hdr`, headers: [{ id: 'h', key: 'x-aws-ec2-metadata-token', value: 't' }] },
        /Header "x-aws-ec2-metadata-token" is not allowed/,
      ],
      [{ url: 'http://{{Name}}:99999/' }, /^Security validation failed: Invalid URL format$/],
    ]
    for (const [webhook, description] of cases) {
      const res = await chatWith(s, owner.token, owner.workspaceId, httpBot({ webhook }), 'exa mple')
      assert.equal(res.status, 200)
      const [log] = await storedLogs(s, res.resultId)
      assert.equal(log.status, 'error')
      assert.match(log.description, /^Security validation failed: /)
      assert.match(log.description, description)
      assert.equal(shown(res), '  400', JSON.stringify(webhook))
    }
    assert.equal(seen.length, 0, 'no request reached the peer')
  })

  test('a URL that resolves to a path only: the security log names the request it tried, without the userinfo', async () => {
    for (const [url, tried] of [
      ['{{Missing}}/orders?name={{Name}}', '/orders?name=Ada'],
      ['http://user:url-s3cret@{{Name}}:99999/', 'http://Ada:99999/'],
      // A password holding '/' and '?': the whole userinfo goes, up to its last '@'.
      ['http://user:url/s3?cret@{{Name}}:99999/', 'http://Ada:99999/'],
    ]) {
      const res = await chatWith(s, owner.token, owner.workspaceId, httpBot({ webhook: { url } }))
      const [log] = await storedLogs(s, res.resultId)
      assert.deepEqual([log.status, log.description], ['error', 'Security validation failed: Invalid URL format'])
      assert.deepEqual(log.details, {
        statusCode: 400,
        response: { message: 'Security validation failed: Invalid URL format' },
        request: { url: tried, method: 'POST', body: log.details.request.body },
      })
      assert.equal(log.details.request.body.Name, 'Ada')
      assert.equal(shown(res), '  400')
    }
  })

  test('anonymous visitors read no request log; stored and preview logs keep the outcome without the secrets', async () => {
    const SECRETS = ['s3cret', 'hook-s3cret', 'basic-s3cret', 'url-s3cret', Buffer.from('admin:basic-s3cret').toString('base64')]
    const secretBot = (path: string) =>
      httpBot({
        timeout: 1,
        webhook: {
          url: path.startsWith('http') ? path : `http://user:url-s3cret@${peerUrl.slice('http://'.length)}${path}`,
          method: 'POST',
          queryParams: [{ id: 'q', key: 'name', value: '{{Name}}' }],
          headers: [
            { id: 'h1', key: 'Authorization', value: 'Bearer s3cret' },
            { id: 'h2', key: 'X-Webhook-Secret', value: 'hook-s3cret' },
            { id: 'h3', key: 'Proxy-Authorization', value: 'Basic admin:basic-s3cret' },
          ],
        },
      })
    const leaks = (what: unknown) => SECRETS.filter((secret) => JSON.stringify(what).includes(secret))
    const closedPort = `http://user:url-s3cret@127.0.0.1:${await freePort()}/gone`
    const cases = [
      ['/ok', 'success', 200],
      ['/boom', 'error', 500],
      ['/slow', 'error', 408],
      [closedPort, 'error', 500],
    ] as const
    for (const [path, status, code] of cases) {
      const live = await chatWith(s, null, owner.workspaceId, secretBot(path))
      assert.equal(live.status, 200, JSON.stringify(live.body))
      assert.equal(live.body.logs, undefined, `${path}: no HTTP log in the anonymous answer`)
      const stored = await storedLogs(s, live.resultId)
      assert.equal(stored.length, 1, JSON.stringify(stored))
      assert.equal(stored[0].status, status)
      assert.equal(stored[0].details.statusCode, code)
      assert.equal(stored[0].details.request.method, 'POST')
      assert.equal(stored[0].details.request.headers, undefined, 'no header is logged')
      assert.match(stored[0].details.request.url, /^http:\/\/127\.0\.0\.1:\d+\/\w+\?name=Ada$/, 'the URL without its userinfo')
      assert.deepEqual(leaks(stored), [], `${path}: stored logs`)
      assert.deepEqual(leaks(live.body), [], `${path}: live answer`)
      const preview = await s.call('POST', `/v1/bots/${live.botId}/preview/startChat`, { token: owner.token, body: {} })
      const turn = await s.call('POST', `/v1/sessions/${preview.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Ada' } })
      assert.equal(turn.body.logs?.[0]?.status, status, `${path}: the builder sees the outcome`)
      assert.deepEqual(leaks(turn.body), [], `${path}: preview answer`)
    }
    const peerCall = seen.find((c) => c.url.startsWith('/ok'))
    assert.equal(peerCall?.headers.authorization, 'Bearer s3cret', 'the headers were sent')
  })

  test('a flow with an HTTP call between two inputs keeps its edges', async () => {
    const definition = bot(
      [
        ['g1', [{ id: 'a1', type: 'text input', options: { variableId: 'vName' }, outgoingEdgeId: 'e2' }]],
        ['g2', [{ id: 'h', type: 'Webhook', options: { webhook: { url: `${peerUrl}/x` } } }, say('s', 'done {{Name}}')]],
      ],
      { variables, edges: [edge('e2', { blockId: 'a1' }, 'g2')] },
    )
    const res = await chatWith(s, owner.token, owner.workspaceId, definition, 'Zed')
    assert.equal(shown(res), 'done Zed')
  })
})
