// Fuzzing the whole HTTP API with generated requests: every route of the app (and random ones), valid and invalid
// tokens, random JSON, wrong types, huge strings, deep nesting, NUL characters, invalid UTF-8, odd methods and
// content types. The server must never answer 5xx, every error is `{ code, message }` JSON (but the HTML page of an
// unknown bot at `/{publicId}`), /health keeps answering and the process's memory stays bounded. Violations are
// collected by kind (route, status, reason) so that one run reports every distinct problem with its smallest example.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { allRoutes } from '../../../src/api/app.js'
import { backend } from '../../support/database.js'
import { bot, say } from '../../support/engine.js'
import { addMember, importAndPublish, importBot, userWithWorkspace } from '../../support/seed.js'
import { startTestServer, type TestServer } from '../../support/server.js'

// At least MIN_RUNS requests whatever the machine's speed (a busy machine takes longer, it does not test less), then
// more until MAX_RUNS or the time budget.
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 18_000)
const MIN_RUNS = 1000
const MAX_RUNS = 6000

/** A full garbage collection when the flag can be turned on (it can at run time, through a fresh context). */
const gc: () => void = (() => {
  if (typeof globalThis.gc === 'function') return globalThis.gc as () => void
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return () => {}
  }
})()
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((r) => setImmediate(r))
  }
  return process.memoryUsage()
}

type Req = { method: string; path: string; headers: Record<string, string>; body?: string | Uint8Array; label: string }
type Violation = { key: string; example: string; size: number; count: number }

const deep = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth)

// A slot of a generated document that is replaced in its JSON text by a payload JSON.stringify cannot build.
const PLACEHOLDER = '"__special_payload_7f3a__"'
const withSpecial = (doc: unknown, payload: string | undefined) => {
  const raw = JSON.stringify(doc) ?? 'null'
  return payload !== undefined && raw.includes(PLACEHOLDER) ? raw.replace(PLACEHOLDER, () => payload) : raw
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'))

const describeReq = (req: Req) => {
  const body =
    req.body === undefined ? '' : typeof req.body === 'string' ? req.body : `<bytes ${Buffer.from(req.body).toString('hex').slice(0, 120)}>`
  return `${req.method} ${JSON.stringify(req.path.slice(0, 300))} headers=${JSON.stringify(req.headers).slice(0, 300)} body(${body.length})=${body.slice(0, 300)}`
}

describe(`fuzzing every endpoint (${backend})`, () => {
  let s: TestServer
  const tokens: Record<string, string | undefined> = {}
  const ids: Record<string, string[]> = {}
  const violations = new Map<string, Violation>()
  let sent = 0

  before(async () => {
    s = await startTestServer({ ENCRYPTION_SECRET: 'fuzz-encryption-secret-0123456789' })
    const owner = await userWithWorkspace(s, 'Owner')
    const stranger = await userWithWorkspace(s, 'Stranger')
    const guest = await s.user('Guest', `guest-${Math.random().toString(36).slice(2, 8)}@example.com`)
    const spare = await s.user('Spare', `spare-${Math.random().toString(36).slice(2, 8)}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    await addMember(s, owner, owner.workspaceId, spare, 'member')
    const looping = bot(
      [
        [
          'g',
          [
            say('echo', 'You said {{Answer}}'),
            { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
            { id: 'hook', type: 'webhook', options: { responseVariableMapping: [{ id: 'm', variableId: 'vAnswer', bodyPath: 'data' }] } },
            { id: 'back', type: 'Jump', options: { groupId: 'g' } },
          ],
        ],
      ],
      { variables: [{ id: 'vAnswer', name: 'Answer' }] },
    )
    const main = await importAndPublish(s, owner.token, owner.workspaceId, looping)
    // Destructive routes (delete, unpublish, patch, leave) only get scratch ids, so the main bot keeps serving.
    const scratch = await importAndPublish(s, owner.token, owner.workspaceId, looping)
    const draft = await importBot(s, owner.token, owner.workspaceId, looping)
    // Likewise, deleting or leaving a workspace only ever gets this one.
    const scratchWorkspace = await s.call('POST', '/v1/workspaces', { token: owner.token, body: { name: 'Scratch' } })
    const live = await s.call('POST', `/v1/bots/${main.publicId}/startChat`, { token: owner.token, body: {} })
    const preview = await s.call('POST', `/v1/bots/${main.id}/preview/startChat`, { token: owner.token, body: {} })
    const answered = await s.call('POST', `/v1/sessions/${live.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'first' } })
    assert.equal(answered.status, 200)
    // A chat whose result was deleted while its session lives on: its client may still report logs, upload, continue.
    const orphan = await s.call('POST', `/v1/bots/${main.publicId}/startChat`, { token: owner.token, body: {} })
    const orphanResult = await s.call('GET', `/v1/bots/${main.id}/results/${orphan.body.resultId}`, { token: owner.token })
    assert.equal((await s.call('DELETE', `/v1/bots/${main.id}/results/${orphanResult.body.result.id}`, { token: owner.token })).status, 200)
    const creds = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'openai', name: 'key', data: { apiKey: 'sk-fuzz' } },
    })
    assert.equal(creds.status, 200, JSON.stringify(creds.body))
    Object.assign(tokens, { owner: owner.token, guest: guest.token, stranger: stranger.token })
    Object.assign(ids, {
      workspaceId: [owner.workspaceId, stranger.workspaceId],
      botId: [main.id, draft.id],
      // Typebot's executeWebhook names the bot by its id.
      typebotId: [main.id, draft.id],
      scratchBotId: [scratch.id, draft.id],
      scratchWorkspaceId: [scratchWorkspace.body.workspace.id, stranger.workspaceId],
      publicId: [main.publicId, draft.publicId],
      sessionId: [live.body.sessionId, preview.body.sessionId, orphan.body.sessionId],
      // The result's id (what executeWebhook takes) and the client key startChat answered (what results/{id} also takes).
      resultId: [
        (await s.call('GET', `/v1/bots/${main.id}/results/${live.body.resultId}`, { token: owner.token })).body.result.id,
        live.body.resultId,
      ],
      blockId: ['ask', 'hook', 'echo'],
      userId: [spare.id, guest.id],
      credentialsId: [creds.body.credentials.id],
    })
  })
  after(() => s.stop())

  /** Sends a request and records any violation of the error contract. */
  const check = async (req: Req) => {
    sent++
    let status = 0
    let text = ''
    let type = ''
    let pathname = ''
    try {
      const res = await fetch(s.url + req.path, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(20_000) })
      status = res.status
      type = res.headers.get('content-type') ?? ''
      pathname = new URL(res.url).pathname // after fetch resolved the dot segments
      text = await res.text()
    } catch (err) {
      return record(req, `no answer (${(err as Error).message})`)
    }
    if (status >= 500) return record(req, `${status}: ${text.slice(0, 200)}`)
    // A one-segment GET is a hosted bot page's address: browsers get an HTML page saying there is no such bot.
    const botPage = req.method === 'GET' && /^\/+[^/]+$/.test(pathname) && type.startsWith('text/html') && (status === 404 || status === 410)
    if (status >= 400 && req.method !== 'HEAD' && !botPage) {
      let body: any
      try {
        body = JSON.parse(text)
      } catch {}
      if (!type.includes('application/json') || typeof body?.code !== 'string' || typeof body?.message !== 'string') {
        return record(req, `${status} is not {code, message} JSON: ${type} ${text.slice(0, 200)}`)
      }
    }
  }
  const record = (req: Req, reason: string) => {
    // Requests Node's HTTP parser refuses (unknown methods) never reach a route: one kind whatever the path.
    const label = reason.includes('"Client Error"') ? `${req.method} <any path>` : req.label
    const key = `${label} → ${reason
      .replace(/req-[\w-]+/g, 'req-…')
      .replace(/"requestId":"[^"]*"/, '')
      .slice(0, 160)}`
    const size = (req.body === undefined ? 0 : typeof req.body === 'string' ? req.body.length : req.body.length) + req.path.length
    const seen = violations.get(key)
    if (!seen) violations.set(key, { key, example: describeReq(req), size, count: 1 })
    else {
      seen.count++
      if (size < seen.size) Object.assign(seen, { example: describeReq(req), size })
    }
  }
  const report = () => [...violations.values()].map((v) => `${v.key}\n    ×${v.count}, smallest: ${v.example}`).join('\n')

  const health = async () => {
    const res = await fetch(`${s.url}/health`)
    assert.equal(res.status, 200)
    assert.equal(((await res.json()) as { status?: string }).status, 'ok')
  }

  // ---------------------------------------------------------------------------------------------------------
  // Generators (built once the fixtures exist: they draw from their ids and tokens)
  const arbitraries = () => {
    const weird = fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
      '\uffff',
      '💥',
      '\u202e',
      '%00',
      '%',
      '..',
      '../..',
      '/',
      '\\',
      "'",
      '"',
      ' ',
      '',
      'null',
      'undefined',
      '__proto__',
      'constructor',
      '0',
      '-1',
      '1e309',
      'NaN',
    )
    const text = fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
      { weight: 3, arbitrary: weird },
      { weight: 1, arbitrary: fc.integer({ min: 201, max: 5000 }).map((n) => 'x'.repeat(n)) },
    )
    const scratchOf: Record<string, string> = { botId: 'scratchBotId', workspaceId: 'scratchWorkspaceId' }
    const idFor = (name: string, destructive: boolean) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...((destructive && scratchOf[name] && ids[scratchOf[name]]) || ids[name] || ['x'])) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            ...Object.values(ids)
              .flat()
              .filter(
                (id) => !destructive || Object.entries(scratchOf).every(([kept, scratch]) => !ids[kept].includes(id) || ids[scratch].includes(id)),
              ),
          ),
        },
        { weight: 3, arbitrary: text },
      )
    const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), text)
    const json = fc.jsonValue({ maxDepth: 4 })
    const value: fc.Arbitrary<unknown> = fc.oneof(
      { weight: 4, arbitrary: scalar },
      { weight: 3, arbitrary: json },
      { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
      { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 5 }) },
      { weight: 1, arbitrary: fc.constantFrom(...Object.values(ids).flat()) },
    )
    // Placeholders replaced in the JSON text by payloads JSON.stringify cannot build (deep nesting, huge strings).
    const special = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(100, 1000, 5000).chain((d) => fc.constantFrom(deep(d, 'array'), deep(d, 'object'))) },
      { weight: 1, arbitrary: fc.constantFrom(20000, 100000).chain((d) => fc.constantFrom(deep(d, 'array'), deep(d, 'object'))) },
      { weight: 3, arbitrary: fc.integer({ min: 1000, max: 100_000 }).map((n) => JSON.stringify('y'.repeat(n))) },
      { weight: 1, arbitrary: fc.integer({ min: 100_000, max: 1_000_000 }).map((n) => JSON.stringify('y'.repeat(n))) },
    )
    const slot = (v: fc.Arbitrary<unknown>) => fc.oneof({ weight: 30, arbitrary: v }, { weight: 1, arbitrary: fc.constant(JSON.parse(PLACEHOLDER)) })

    /** Bodies close to what each route expects, with fields replaced by anything. */
    const templates: Record<string, fc.Arbitrary<unknown>> = {
      'POST /v1/workspaces': fc.record({ name: slot(value), icon: slot(value) }, { requiredKeys: [] }),
      'POST /v1/workspaces/{workspaceId}/members': fc.record(
        {
          email: slot(fc.oneof(value, fc.emailAddress())),
          userId: slot(value),
          role: slot(fc.oneof(value, fc.constantFrom('admin', 'member', 'guest'))),
        },
        { requiredKeys: [] },
      ),
      'POST /v1/workspaces/{workspaceId}/credentials': fc.record(
        { type: slot(value), name: slot(value), data: slot(fc.oneof(value, fc.dictionary(text, scalar, { maxKeys: 60 }))) },
        { requiredKeys: [] },
      ),
      'POST /v1/bots': fc.record(
        {
          workspaceId: slot(value),
          bot: slot(fc.oneof(value, fc.record({ name: slot(value), publicId: slot(value), groups: slot(value) }, { requiredKeys: [] }))),
        },
        { requiredKeys: [] },
      ),
      'POST /v1/bots/import': fc.record(
        {
          workspaceId: slot(value),
          bot: slot(
            fc.oneof(
              value,
              fc.record(
                {
                  version: fc.constantFrom('3', '4', '5', '6', '6.1', 7, null),
                  groups: slot(value),
                  events: slot(value),
                  edges: slot(value),
                  variables: slot(value),
                  settings: slot(value),
                },
                { requiredKeys: [] },
              ),
            ),
          ),
        },
        { requiredKeys: [] },
      ),
      'PATCH /v1/bots/{botId}': fc.record(
        {
          bot: slot(
            fc.oneof(
              value,
              fc.record({ name: slot(value), updatedAt: slot(value), groups: slot(value), publicId: slot(value) }, { requiredKeys: [] }),
            ),
          ),
          overwrite: slot(value),
        },
        { requiredKeys: [] },
      ),
      'POST /v1/bots/{botId}/preview/startChat': fc.record(
        {
          message: slot(value),
          prefilledVariables: slot(fc.oneof(value, fc.dictionary(fc.constantFrom('Answer', 'x'), slot(value)))),
          sessionId: slot(value),
          startFrom: slot(fc.oneof(value, fc.record({ type: fc.constantFrom('group', 'event', 'x'), groupId: slot(value), eventId: slot(value) }))),
          bot: slot(value),
          textBubbleContentFormat: slot(fc.oneof(value, fc.constantFrom('markdown', 'richText'))),
        },
        { requiredKeys: [] },
      ),
      'POST /v1/bots/{publicId}/startChat': fc.record(
        {
          message: slot(value),
          prefilledVariables: slot(fc.oneof(value, fc.dictionary(fc.constantFrom('Answer', 'x'), slot(value)))),
          resultId: slot(value),
          isOnlyRegistering: slot(value),
          textBubbleContentFormat: slot(value),
        },
        { requiredKeys: [] },
      ),
      'POST /v1/sessions/{sessionId}/continueChat': fc.record(
        {
          message: slot(
            fc.oneof(
              value,
              fc.record(
                {
                  type: fc.constantFrom('text', 'audio', 'command', 'x'),
                  text: slot(value),
                  url: slot(value),
                  command: slot(value),
                  attachedFileUrls: slot(value),
                },
                { requiredKeys: [] },
              ),
            ),
          ),
          textBubbleContentFormat: slot(value),
        },
        { requiredKeys: [] },
      ),
      'POST /v1/bots/{botId}/blocks/{blockId}/results/{resultId}/executeWebhook': slot(value),
      ...Object.fromEntries(
        ['/v1', '/api/v1', '/api/v2'].map((prefix) => [
          `POST ${prefix}/sessions/{sessionId}/clientLogs`,
          fc.record(
            {
              clientLogs: slot(
                fc.oneof(
                  value,
                  fc.array(
                    fc.record({ status: slot(value), description: slot(value), details: slot(value), context: slot(value) }, { requiredKeys: [] }),
                    { maxLength: 25 },
                  ),
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ]),
      ),
      'POST /api/v1/typebots/{typebotId}/blocks/{blockId}/results/{resultId}/executeWebhook': slot(value),
    }

    const contentType = fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-8',
          'APPLICATION/JSON',
          'application/json;charset=latin1',
          'application/json; charset=utf-16',
          'text/plain',
          'text/plain; charset=utf-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/vnd.api+json',
          'application/jsonx',
          '*/*',
          'application/',
          ';',
          'application/json; boundary=',
          'application/json, text/plain',
        ),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    )
    const authorization = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('owner', 'guest', 'stranger').map((who) => `Bearer ${tokens[who]}`) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      {
        weight: 2,
        arbitrary: fc.oneof(
          fc.constantFrom(
            'Bearer',
            'Bearer ',
            'Basic abc',
            'bearer pk_nope',
            'Bearer a b',
            `Bearer ${'t'.repeat(2000)}`,
            'Bearer pk_%00',
            'Bearer \t',
          ),
          fc
            .string({ unit: 'binary-ascii', maxLength: 40 })
            .filter((x) => /^[\x20-\x7e\t]*$/.test(x))
            .map((x) => `Bearer ${x}`),
          fc.constantFrom('owner', 'guest').map((who) => `bearer    ${tokens[who]}  `),
        ),
      },
    )
    const extraHeaders = fc.dictionary(
      fc.constantFrom(
        'origin',
        'accept',
        'accept-encoding',
        'content-encoding',
        'x-forwarded-for',
        'x-request-id',
        'accept-language',
        'if-none-match',
        'range',
      ),
      fc.constantFrom(
        'gzip',
        'br',
        '*/*',
        'text/html',
        'https://evil.example',
        'null',
        '1.2.3.4',
        'bytes=0-1',
        '100-continue',
        'x'.repeat(4000),
        'deflate, gzip;q=0',
      ),
      { maxKeys: 2 },
    )
    const query = fc.option(
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom('workspaceId', 'limit', 'cursor', 'timeFilter', 'timeZone', 'migrateToLatestVersion'), text),
          fc.oneof(
            fc.constantFrom('1', '0', '-1', '500', '501', '1e3', 'true', 'maybe', 'allTime', 'today', 'Europe/Paris', 'Mars/Olympus', '9'.repeat(30)),
            text,
            fc.constantFrom(...Object.values(ids).flat()),
          ),
        ),
        { maxLength: 4 },
      ),
      { freq: 2 },
    )
    // A path segment percent-encoded, or sent nearly raw (fetch encodes what it must).
    const segment = (text: string) =>
      fc.constantFrom('encoded', 'raw').map((how) => (how === 'encoded' ? encode(text) : text.replace(/[#?%\s\uD800-\uDFFF]/g, (c) => encode(c))))

    const routeRequest = fc
      .constantFrom(...allRoutes, { method: 'GET', path: '/v1/openapi.json' }, { method: 'GET', path: '/docs' })
      .chain((route) => {
        const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        const template = `${route.method} ${route.path}`
        const destructive =
          route.method === 'DELETE' || route.method === 'PATCH' || route.path.endsWith('/unpublish') || route.path.endsWith('/leave')
        return fc.record({
          route: fc.constant(route),
          params: fc.tuple(...names.map((n) => idFor(n, destructive).chain(segment))),
          method: fc.oneof(
            { weight: 8, arbitrary: fc.constant(route.method) },
            { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND', 'FOO') },
          ),
          body: fc.oneof(
            { weight: 8, arbitrary: (templates[template] ?? value).map((doc) => ({ doc })) },
            { weight: 2, arbitrary: value.map((doc) => ({ doc })) },
            { weight: 1, arbitrary: fc.constant(undefined) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom(
                  '',
                  '{',
                  '{"a":1,}',
                  '{"__proto__":{"x":1}}',
                  '{"constructor":{"prototype":{"x":1}}}',
                  'nul',
                  '\u0000',
                  '"\\u0000"',
                  '{"a":"\\ud800"}',
                  '1'.repeat(400),
                  '[' + '1,'.repeat(5000) + '1]',
                )
                .map((raw) => ({ raw })),
            },
            { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ bytes })) },
            { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 20 }).map((bytes) => ({ utf8Hole: bytes.map((b) => b | 0x80) })) },
          ),
          special,
          query,
          contentType,
          authorization,
          extraHeaders,
        })
      })

    const randomPath = fc.record({
      segments: fc.array(
        fc.oneof(
          fc.constantFrom('v1', 'bots', 'workspaces', 'sessions', 'results', 'members', 'credentials', 'blocks', 'publish', 'docs', 'health', ''),
          text.chain(segment),
        ),
        { maxLength: 8 },
      ),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'FOO'),
      authorization,
    })
    return { routeRequest, randomPath }
  }

  const toRequest = (g: any): Req => {
    if ('segments' in g) {
      const headers: Record<string, string> = {}
      if (g.authorization) headers.authorization = g.authorization
      return { method: g.method, path: `/${g.segments.join('/')}`, headers, label: `${g.method} <random path>` }
    }
    const { route } = g
    let i = 0
    let path = route.path.replace(/\{\w+\}/g, () => g.params[i++])
    if (g.query) path += `?${g.query.map(([k, v]: [string, string]) => `${encode(k)}=${encode(v)}`).join('&')}`
    const headers: Record<string, string> = { ...g.extraHeaders }
    if (g.authorization) headers.authorization = g.authorization
    let body: string | Uint8Array | undefined
    let kind = 'none'
    if (g.body && g.method !== 'GET' && g.method !== 'HEAD') {
      if ('doc' in g.body) {
        body = withSpecial(g.body.doc, g.special)
        kind = body.length > 50_000 ? 'big json' : 'json'
      } else if ('raw' in g.body) {
        body = g.body.raw
        kind = 'raw text'
      } else if ('bytes' in g.body) {
        body = g.body.bytes
        kind = 'bytes'
      } else {
        body = Buffer.concat([Buffer.from('{"message":"'), Buffer.from(g.body.utf8Hole), Buffer.from('","name":"x"}')])
        kind = 'invalid utf-8'
      }
      if (g.contentType !== undefined) headers['content-type'] = g.contentType
    }
    return { method: g.method, path, headers, body, label: `${g.method} ${route.path} [${kind}]` }
  }

  // ---------------------------------------------------------------------------------------------------------

  test('hand-picked hostile requests: deep nesting, NUL characters, invalid UTF-8, 1 MB strings, odd methods', async () => {
    const owner = { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' }
    const [botId] = ids.botId
    const [publicId] = ids.publicId
    const [sessionId] = ids.sessionId
    const [resultId] = ids.resultId
    const cases: [string, string, string | Uint8Array | undefined, Record<string, string>?][] = []
    for (const depth of [5000, 20000, 100000]) {
      for (const kind of ['array', 'object'] as const) {
        const d = deep(depth, kind)
        cases.push(['POST', '/v1/workspaces', d])
        cases.push(['POST', '/v1/workspaces', `{"name":${d}}`])
        cases.push(['POST', `/v1/bots/${publicId}/startChat`, `{"prefilledVariables":{"Answer":${d}}}`])
        cases.push(['POST', `/v1/bots/${botId}/preview/startChat`, `{"prefilledVariables":{"Answer":${d}}}`])
        cases.push(['POST', `/v1/sessions/${sessionId}/continueChat`, `{"message":${d}}`])
        cases.push(['POST', `/v1/bots/${botId}/blocks/ask/results/${resultId}/executeWebhook`, d])
        cases.push([
          'POST',
          '/v1/bots/import',
          `{"workspaceId":"${ids.workspaceId[0]}","bot":{"version":"6","groups":[],"events":[],"edges":[],"variables":[],"theme":{},"settings":{},"x":${d}}}`,
        ])
        cases.push([
          'POST',
          `/v1/bots/${botId}/preview/startChat`,
          `{"bot":{"version":"6","groups":[],"events":[],"edges":[],"variables":[],"theme":{},"settings":{},"x":${d}}}`,
        ])
      }
    }
    for (const nul of ['\\u0000', 'a\\u0000b']) {
      cases.push(['POST', '/v1/workspaces', `{"name":"${nul}"}`])
      cases.push(['POST', `/v1/sessions/${sessionId}/continueChat`, `{"message":"${nul}"}`])
      cases.push(['POST', `/v1/bots/${publicId}/startChat`, `{"prefilledVariables":{"Answer":"${nul}"},"message":"${nul}"}`])
      cases.push(['POST', `/v1/workspaces/${ids.workspaceId[0]}/credentials`, `{"type":"${nul}","name":"${nul}","data":{"k":"${nul}"}}`])
      cases.push(['POST', `/v1/workspaces/${ids.workspaceId[0]}/members`, `{"email":"a${nul}@example.com","role":"guest"}`])
    }
    // Client logs with what PostgreSQL text cannot hold as sent (lone surrogates, NUL escapes in any field, a
    // surrogate pair cut by the length limits) and on a session whose result was deleted (once a 500).
    const cut = '💥'.repeat(3000)
    const clientLogs = [
      { status: '\ud800', description: 'a\udc00b', context: '\udfff\ud800', details: { '\ud800': ['\udc00', 1e308, -0, null, true] } },
      { status: 'error', description: cut, details: cut, context: cut.slice(1) },
      { status: 'x'.repeat(50), description: 'd'.repeat(2000), details: 'z'.repeat(6000), context: 'c'.repeat(500) },
      { description: 'nested', details: { a: [{ b: { c: 'deep'.repeat(100) } }] } },
    ]
    for (const sid of [sessionId, ids.sessionId[1], ids.sessionId[2]]) {
      for (const prefix of ['/v1', '/api/v1', '/api/v2']) {
        cases.push(['POST', `${prefix}/sessions/${sid}/clientLogs`, JSON.stringify({ clientLogs })])
        cases.push(['POST', `${prefix}/sessions/${sid}/clientLogs`, `{"clientLogs":[{"status":"e","description":"d","details":{"k":"\\u0000"}}]}`])
        cases.push(['POST', `${prefix}/sessions/${sid}/clientLogs`, `{"clientLogs":[{"status":"\\u0000","description":"d","context":"\\u0000"}]}`])
        cases.push(['POST', `${prefix}/sessions/${sid}/clientLogs`, JSON.stringify({ clientLogs: Array(20).fill(clientLogs[1]) })])
      }
      cases.push(['POST', `/v1/sessions/${sid}/continueChat`, JSON.stringify({ message: '\ud800 lone \udc00' })])
      cases.push(['POST', `/api/v1/sessions/${sid}/continueChat`, JSON.stringify({ message: { type: 'text', text: `${cut.slice(1)}\udfff` } })])
      cases.push(['POST', `/v1/sessions/${sid}/streamMessage`, '{}'])
      cases.push([
        'POST',
        `/v1/sessions/${sid}/files`,
        JSON.stringify({ blockId: 'ask', fileName: '\ud800.pdf', contentType: 'application/pdf', size: 1 }),
      ])
    }
    cases.push(['POST', `/v1/bots/${publicId}/startChat`, JSON.stringify({ prefilledVariables: { Answer: '\ud800' }, message: '\udc00' })])
    for (const path of [
      '/v1/bots/%00',
      `/v1/bots/${botId}/results/%00`,
      `/v1/bots?workspaceId=%00`,
      `/v1/workspaces/%00/members`,
      '/v1/sessions/%00/continueChat',
      `/v1/bots/${botId}/results?timeZone=%00`,
    ]) {
      cases.push([path.includes('continueChat') ? 'POST' : 'GET', path, path.includes('continueChat') ? '{}' : undefined])
    }
    const hole = Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80])
    cases.push(['POST', '/v1/workspaces', Buffer.concat([Buffer.from('{"name":"'), hole, Buffer.from('"}')])])
    cases.push(['POST', `/v1/sessions/${sessionId}/continueChat`, Buffer.concat([Buffer.from('{"message":"'), hole, Buffer.from('"}')])])
    cases.push(['POST', '/v1/workspaces', hole])
    cases.push(['POST', '/v1/workspaces', JSON.stringify({ name: 'n'.repeat(1_000_000) })])
    cases.push(['POST', `/v1/sessions/${sessionId}/continueChat`, JSON.stringify({ message: 'm'.repeat(1_000_000) })])
    cases.push(['POST', `/v1/bots/${publicId}/startChat`, JSON.stringify({ prefilledVariables: { Answer: 'p'.repeat(1_000_000) } })])
    for (const method of ['FOO', 'PROPFIND', 'OPTIONS', 'PUT']) cases.push([method, '/v1/workspaces', undefined])
    cases.push(['GET', '/v1/bots/%ff%fe', undefined])
    for (const [method, path, body, headers] of cases) {
      const req: Req = {
        method,
        path,
        headers: { ...owner, ...headers },
        body,
        label: `${method} ${path.replace(/[a-z0-9]{25}|[\w-]{32}|imported-bot-\w+/g, '{id}').slice(0, 80)} [hand-picked]`,
      }
      await check(req)
    }
    await health()
    assert.equal(violations.size, 0, `hand-picked requests broke the error contract:\n${report()}`)
  })

  test('fast-check: thousands of generated requests on every route and random paths', async (t) => {
    violations.clear()
    sent = 0
    const started = performance.now()
    const { routeRequest, randomPath } = arbitraries()
    const arbitrary = fc.oneof({ weight: 9, arbitrary: routeRequest }, { weight: 1, arbitrary: randomPath })
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
    t.diagnostic(`seed ${seed} (FUZZ_SEED=${seed} replays this run)`)
    // Requests are drawn in reproducible batches and sent by a few concurrent clients.
    let batch = 0
    const queue: unknown[] = []
    const draw = () => {
      if (queue.length === 0) queue.push(...fc.sample(arbitrary, { numRuns: 50, seed: seed + batch++ }))
      return queue.shift()
    }
    const phase = async (until: () => boolean) => {
      const client = async () => {
        while (!until()) {
          await check(toRequest(draw()))
          if (sent % 250 === 0) await health()
        }
      }
      await Promise.all(Array.from({ length: 4 }, client))
    }
    await phase(() => sent >= 300)
    const baseline = await settle()
    const deadline = started + TIME_LIMIT_MS
    await phase(() => sent >= MAX_RUNS || (sent >= MIN_RUNS && performance.now() > deadline))
    await health()
    const end = await settle()
    const seconds = (performance.now() - started) / 1000
    t.diagnostic(
      `${sent} requests in ${seconds.toFixed(1)} s; heap ${(baseline!.heapUsed / 2 ** 20).toFixed(0)} → ${(end.heapUsed / 2 ** 20).toFixed(0)} MB, rss ${(baseline!.rss / 2 ** 20).toFixed(0)} → ${(end.rss / 2 ** 20).toFixed(0)} MB`,
    )
    assert.equal(violations.size, 0, `${violations.size} kind(s) of violation in ${sent} requests:\n${report()}`)
    assert.ok(end.heapUsed - baseline!.heapUsed < 64 * 2 ** 20, `heap grew by ${((end.heapUsed - baseline!.heapUsed) / 2 ** 20).toFixed(0)} MB`)
    assert.ok(end.rss - baseline!.rss < 300 * 2 ** 20, `rss grew by ${((end.rss - baseline!.rss) / 2 ** 20).toFixed(0)} MB`)
  })

  test('memory stays bounded when previews carry large, distinct bot definitions', async (t) => {
    // Anyone with write access may preview any bot definition up to the body limit; each distinct one
    // is compiled and cached. A user, workspace and bot of its own: the fuzzing above may have deleted or changed the
    // others, the owner's workspace included.
    const previewer = await userWithWorkspace(s, 'Previewer')
    const target = await importBot(s, previewer.token, previewer.workspaceId, bot([['g', [say('s', 'x')]]]))
    const big = (i: number) => JSON.stringify({ bot: bot([['g', [say('s', `${i} ${'z'.repeat(4 * 2 ** 20)}`), { id: 'ask', type: 'text input' }]]]) })
    const PREVIEWS = 12
    const before = await settle()
    for (let i = 0; i < PREVIEWS; i++) {
      const res = await fetch(`${s.url}/v1/bots/${target.id}/preview/startChat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${previewer.token}`, 'content-type': 'application/json' },
        body: big(i),
      })
      const text = await res.text()
      assert.equal(res.status, 200, text.slice(0, 300))
    }
    await health()
    const end = await settle()
    const grown = (end.heapUsed + end.external - before.heapUsed - before.external) / 2 ** 20
    t.diagnostic(`heap+external grew by ${grown.toFixed(0)} MB after ${PREVIEWS} previews of 4 MB bots`)
    assert.ok(
      grown < 24,
      `memory retained after ${PREVIEWS} previews of distinct 4 MB bots: ${grown.toFixed(0)} MB (cached compiled bots are bounded by count, not size)`,
    )
  })
})
