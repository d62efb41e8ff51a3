// /metrics (protected by a token or served on a port of its own) and the one log line per request, on a real server.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { after, before, describe, test } from 'node:test'
import { Writable } from 'node:stream'
import { readFileSync } from 'node:fs'
import { bot, say } from '../support/engine.js'
import { PROMTOOL_MISSING, promtoolProblems } from '../support/promtool.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const TOKEN = 'metrics-token-0123456789'

/** The sum of a metric's samples whose labels include `labels` (0 when none). */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  let sum = 0
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const has = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) sum += Number(match[3])
  }
  return sum
}

/** The label sets of a metric's samples. */
const labelSets = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .map((line) => Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]])))

describe('/metrics and request logs', () => {
  let s: TestServer
  let plain: TestServer
  let peer: Server
  let peerUrl = ''
  const lines: Record<string, any>[] = []
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>

  before(async () => {
    peer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r))
    peerUrl = `http://127.0.0.1:${(peer.address() as { port: number }).port}`
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    s = await startTestServer(
      {
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: '0',
        LOG_LEVEL: 'info',
        HTTP_REQUEST_ALLOWLIST: '127.0.0.1',
        PUBLIC_CHAT: 'true',
        ENCRYPTION_SECRET: 'metrics-test-secret-0123456789',
        PARLEY_WEBHOOK_POLL_MS: '50',
      },
      { logStream },
    )
    plain = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await plain.stop()
    await new Promise((r) => peer.close(r))
  })

  const scrape = async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
    return res.text()
  }

  test('the token is required on the API port; without a setting /metrics is 404', async () => {
    assert.equal((await fetch(`${s.url}/metrics`)).status, 401)
    assert.equal((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status, 401)
    assert.match(await scrape(), /parley_process_resident_memory_bytes \d+/)
    const off = await fetch(`${plain.url}/metrics`)
    assert.equal(off.status, 404)
    assert.equal(((await off.json()) as { code: string }).code, 'not_found')
    // Not an operation of the API.
    const document = (await s.call('GET', '/v1/openapi.json')).body
    assert.equal(document.paths['/metrics'], undefined)
  })

  test('the separate port serves /metrics only (with the token when one is set)', async () => {
    const address = s.app.metricsServer?.address()
    assert.ok(address && typeof address === 'object')
    const base = `http://127.0.0.1:${address.port}`
    assert.equal((await fetch(`${base}/metrics`)).status, 401)
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    assert.equal(res.status, 200)
    assert.match(await res.text(), /# TYPE parley_chat_turn_duration_seconds histogram/)
    for (const path of ['/health', '/v1/openapi.json', '/metrics/x', '/']) assert.equal((await fetch(base + path)).status, 404, path)
    assert.equal((await fetch(`${base}/metrics`, { method: 'POST' })).status, 404)
  })

  test('a metrics port that is taken fails the start', async () => {
    const taken = createServer()
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r))
    const port = String((taken.address() as { port: number }).port)
    try {
      // On the running server's database, so nothing is left behind.
      await assert.rejects(startTestServer({ DATABASE_URL: s.database.url, FILES_DIR: tmpdir(), METRICS_PORT: port }), /EADDRINUSE/)
    } finally {
      await new Promise((r) => taken.close(r))
    }
  })

  test('a start and a continue move the turn histogram and counters, labelled by surface, kind and outcome', async () => {
    const before = await scrape()
    const published = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Hello'), { id: 'ask', type: 'text input', options: {} }, say('bye', 'Bye')]]]),
    )
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
    assert.equal(start.status, 200)
    const next = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: null, body: { message: 'secret answer' } })
    assert.equal(next.status, 200)
    const after = await scrape()
    const count = (text: string, labels: Record<string, string>) => sample(text, 'parley_chat_turn_duration_seconds_count', labels)
    assert.equal(
      count(after, { surface: 'chat_api', kind: 'start', outcome: 'ok' }) - count(before, { surface: 'chat_api', kind: 'start', outcome: 'ok' }),
      1,
    )
    assert.equal(
      count(after, { surface: 'chat_api', kind: 'continue', outcome: 'ok' }) -
        count(before, { surface: 'chat_api', kind: 'continue', outcome: 'ok' }),
      1,
    )
    assert.equal(
      sample(after, 'parley_chat_starts_total', { surface: 'chat_api' }) - sample(before, 'parley_chat_starts_total', { surface: 'chat_api' }),
      1,
    )
    assert.equal(sample(after, 'parley_chat_turns_total') - sample(before, 'parley_chat_turns_total'), 2)
    assert.equal(sample(after, 'parley_chat_turns_in_flight'), 0)
    // One session more with a turn lately: started and continued, counted once.
    assert.equal(sample(after, 'parley_chat_sessions_active') - sample(before, 'parley_chat_sessions_active'), 1)
    for (const labels of labelSets(after, 'parley_chat_turn_duration_seconds_bucket')) {
      assert.deepEqual(Object.keys(labels).sort(), ['kind', 'le', 'outcome', 'surface'])
      assert.ok(['chat_api', 'typebot_api', 'preview'].includes(labels.surface))
    }
    if (s.store.dialect === 'sqlite') assert.ok(sample(after, 'parley_db_group_commit_turns_count') >= 2)
    else assert.ok(sample(after, 'parley_db_pool_connections', { state: 'idle' }) >= 1)
  })

  test('errors count by code, and a failed turn by its code', async () => {
    const before = await scrape()
    const res = await s.call('POST', '/v1/sessions/nosuchsession000000000000/continueChat', { token: null, body: { message: 'x' } })
    assert.equal(res.status, 404)
    assert.equal((await s.call('POST', '/v1/workspaces', { token: owner.token, body: {} })).status, 400)
    const after = await scrape()
    const diff = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    assert.equal(diff('parley_http_errors_total', { code: 'not_found' }), 1)
    assert.equal(diff('parley_http_errors_total', { code: 'validation_failed' }) + diff('parley_http_errors_total', { code: 'bad_request' }), 1)
    assert.equal(diff('parley_chat_turn_duration_seconds_count', { surface: 'chat_api', kind: 'continue', outcome: 'not_found' }), 1)
    // A failed turn makes no session active.
    assert.equal(diff('parley_chat_sessions_active', {}), 0)
    for (const labels of labelSets(after, 'parley_http_errors_total')) assert.deepEqual(Object.keys(labels), ['code'])
  })

  test('every request is counted by method, route template and status; ids never appear in /metrics', async () => {
    const before = await scrape()
    const published = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Hello'), { id: 'ask', type: 'text input', options: {} }, say('bye', 'Bye')]]]),
    )
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
    assert.equal(start.status, 200)
    const { sessionId, resultId } = start.body
    assert.equal((await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: null, body: { message: 'hello' } })).status, 200)
    // A continue of a session that is over: an error answer on the same route.
    assert.equal((await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: null, body: { message: 'again' } })).status >= 400, true)
    assert.equal((await s.call('GET', `/v1/bots/${published.id}`, { token: owner.token })).status, 200)
    // No route at all, twice, with different made-up paths: one series.
    for (const path of [`/v1/no-such-thing/${sessionId}`, '/v1/no-such-thing/other'])
      assert.equal((await s.call('POST', path, { body: {} })).status, 404)
    const after = await scrape()
    const name = 'parley_http_request_duration_seconds_count'
    const diff = (labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    assert.equal(diff({ method: 'POST', route: '/v1/bots/{publicId}/startChat', status: '200' }), 1)
    assert.equal(diff({ method: 'POST', route: '/v1/sessions/{sessionId}/continueChat', status: '200' }), 1)
    assert.equal(diff({ method: 'POST', route: '/v1/sessions/{sessionId}/continueChat' }), 2)
    assert.equal(diff({ method: 'GET', route: '/v1/bots/{botId}', status: '200' }), 1)
    assert.equal(diff({ method: 'POST', route: 'unmatched', status: '404' }), 2)
    const routes = new Set(labelSets(after, 'parley_http_request_duration_seconds_count').map((l) => l.route))
    for (const route of routes) assert.match(route, /^(unmatched|\/[\w./{}*-]*)$/, route)
    assert.ok(![...routes].some((r) => r.includes(':')), [...routes].join(' '))
    for (const labels of labelSets(after, 'parley_http_request_duration_seconds_bucket'))
      assert.deepEqual(Object.keys(labels).sort(), ['le', 'method', 'route', 'status'])
    for (const id of [published.publicId, published.id, sessionId, resultId, owner.workspaceId]) assert.ok(!after.includes(id), id)
  })

  test('parley_build_info says which version runs on which Node.js', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    assert.match(
      await scrape(),
      new RegExp(`^parley_build_info\\{version="${version.replaceAll('.', '\\.')}",node="${process.version.replaceAll('.', '\\.')}"\\} 1$`, 'm'),
    )
  })

  test('promtool check metrics finds nothing to report, after chats, errors and a 404', async (t) => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, bot([['g', [{ id: 'ask', type: 'text input', options: {} }]]]))
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
    await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: null, body: { message: 'x' } })
    await s.call('POST', '/v1/workspaces', { token: owner.token, body: {} })
    await s.call('DELETE', '/no/such/route', {})
    const text = await scrape()
    // The renamed default gauges are there, under names without _total.
    assert.match(text, /^parley_nodejs_active_handles_all \d+$/m)
    assert.doesNotMatch(text, /^parley_nodejs_active_\w+_total/m)
    const problems = promtoolProblems(text)
    if (problems === undefined) return t.skip(PROMTOOL_MISSING)
    assert.equal(problems, '', problems)
  })

  test("an HTTP request block's call and a sandboxed expression are counted by purpose and outcome", async () => {
    const before = await scrape()
    const published = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([
        ['g', [{ id: 'http', type: 'Webhook', options: { webhook: { url: `${peerUrl}/hook`, method: 'GET' } } }, say('done', 'Done {{= 1 + 1 =}}')]],
      ]),
    )
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
    assert.equal(start.status, 200)
    const after = await scrape()
    const name = 'parley_outgoing_request_duration_seconds_count'
    assert.equal(sample(after, name, { purpose: 'http', outcome: '2xx' }) - sample(before, name, { purpose: 'http', outcome: '2xx' }), 1)
    assert.equal(
      start.body.messages
        .at(-1)
        .content.richText[0].children.map((c: { text: string }) => c.text)
        .join(''),
      'Done 2',
    )
    const evaluations = (text: string) => sample(text, 'parley_sandbox_evaluations_total', { op: 'evaluate', outcome: 'ok' })
    assert.equal(evaluations(after) - evaluations(before), 1)
  })

  test("a webhook delivery is counted as purpose webhook, apart from bots' http calls", async () => {
    const before = await scrape()
    const created = await s.call('POST', '/v1/webhooks', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, url: `${peerUrl}/receiver`, events: ['result.completed'] },
    })
    assert.equal(created.status, 201)
    assert.equal((await s.call('POST', `/v1/webhooks/${created.body.webhook.id}/test`, { token: owner.token })).status, 202)
    const delivered = (text: string) => sample(text, 'parley_webhook_deliveries_total', { outcome: 'delivered' })
    let after = before
    for (let i = 0; i < 200 && delivered(after) === delivered(before); i++) {
      await new Promise((r) => setTimeout(r, 25))
      after = await scrape()
    }
    assert.equal(delivered(after) - delivered(before), 1)
    const calls = (text: string, purpose: string) => sample(text, 'parley_outgoing_request_duration_seconds_count', { purpose, outcome: '2xx' })
    assert.equal(calls(after, 'webhook') - calls(before, 'webhook'), 1)
    assert.equal(calls(after, 'http') - calls(before, 'http'), 0)
    await s.call('DELETE', `/v1/webhooks/${created.body.webhook.id}`, { token: owner.token })
  })

  test('one log line per request: id, method, route pattern, status, duration, ids; no headers, tokens or answers', async () => {
    const published = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [{ id: 'ask', type: 'text input', options: {} }, say('bye', 'Bye')]]]),
    )
    lines.length = 0
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat?utm=secret-query`, { token: owner.token, body: {} })
    const answer = 'my very private answer'
    await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: answer } })
    await s.call('GET', `/v1/bots/${published.id}`, { token: owner.token })
    const requests = lines.filter((l) => l.msg === 'request')
    assert.equal(requests.length, 3, JSON.stringify(lines))
    const [started, continued, read] = requests
    assert.equal(started.level, 30)
    assert.equal(started.method, 'POST')
    assert.equal(started.route, '/v1/bots/:publicId/startChat')
    assert.equal(started.status, 200)
    assert.equal(started.publicId, published.publicId)
    assert.equal(started.sessionId, start.body.sessionId)
    assert.equal(typeof started.ms, 'number')
    assert.ok(started.reqId)
    assert.notEqual(started.reqId, continued.reqId)
    assert.equal(continued.route, '/v1/sessions/:sessionId/continueChat')
    assert.equal(continued.sessionId, start.body.sessionId)
    assert.equal(read.route, '/v1/bots/:botId')
    assert.equal(read.botId, published.id)
    const all = JSON.stringify(lines)
    for (const secret of [owner.token, answer, 'secret-query', 'authorization', start.body.resultId]) assert.ok(!all.includes(secret), secret)
    // One line each: Fastify's own request lines are off.
    assert.equal(lines.filter((l) => l.reqId === started.reqId).length, 1)
  })
})
