// The Typebot-compatible chat API over HTTP, as Typebot's embed client and integrations call it: paths, bodies,
// answer shapes, CORS and errors (the browser suite runs the real client on top of this: typebot-embed.test.ts).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadExample } from '../support/fixtures.js'
import { bot, say } from '../support/engine.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { importAndPublish, importBot, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const textOf = (message: any): string => {
  const walk = (nodes: any[]): string => nodes.map((n) => (typeof n.text === 'string' ? n.text : walk(n.children ?? []))).join('')
  return message.content.richText.map((p: any) => walk(p.children ?? [])).join('\n')
}

const SITE = 'https://shop.example'

describe('Typebot-compatible chat API', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let leadGen: Record<string, any>
  let llm: OpenAiServer

  before(async () => {
    ;[s, llm] = await Promise.all([
      startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' }),
      startOpenAiServer(),
    ])
    owner = await userWithWorkspace(s)
    leadGen = await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
  })
  after(() => Promise.all([s.stop(), llm.close()]))

  /** A call as the embed client makes it: no token, JSON, from the embedding site's origin. */
  const call = (path: string, body: unknown, headers: Record<string, string> = { origin: SITE }) =>
    s.call('POST', path, { token: null, body, headers })
  const start = (
    publicId: string,
    body: unknown = { isStreamEnabled: true, isOnlyRegistering: false, prefilledVariables: {} },
    headers?: Record<string, string>,
  ) => call(`/api/v1/typebots/${publicId}/startChat`, body, headers)
  const send = (sessionId: string, body: unknown, headers?: Record<string, string>) =>
    call(`/api/v1/sessions/${sessionId}/continueChat`, body, headers)

  test('startChat answers the typebot key the client reads; continueChat takes strings, objects, null and nothing', async () => {
    const first = await start(leadGen.publicId)
    assert.equal(first.status, 200, JSON.stringify(first.body))
    const { typebot, sessionId, resultId } = first.body
    assert.equal(first.body.bot, undefined)
    assert.deepEqual(Object.keys(typebot), ['id', 'version', 'theme', 'settings', 'publishedAt'])
    assert.equal(typebot.id, leadGen.id)
    assert.ok(['6', '6.1'].includes(typebot.version))
    assert.deepEqual(Object.keys(typebot.settings), ['general', 'typingEmulation'])
    assert.ok(!Number.isNaN(Date.parse(typebot.publishedAt)))
    assert.ok(sessionId && resultId)
    assert.equal(first.headers.get('access-control-allow-origin'), SITE)
    assert.match(first.headers.get('vary') ?? '', /origin/i)
    assert.equal(first.headers.get('access-control-allow-credentials'), null)

    const choice = first.body.input.items[0].content
    // 0.2.x sends a bare string; 0.3.3+ an object; a re-sent answer after a reload may come with metadata.
    const name = await send(sessionId, { message: choice })
    assert.equal(name.body.input.type, 'text input', JSON.stringify(name.body))
    const email = await send(sessionId, { message: { type: 'text', text: 'Ada', metadata: {} } })
    assert.equal(email.body.input.type, 'email input')
    const wrong = await send(sessionId, { message: { type: 'text', text: 'not an email' } })
    assert.match(textOf(wrong.body.messages[0]), /does not look like an email/)
    const nothing = await send(sessionId, { message: null })
    assert.equal(nothing.status, 200, JSON.stringify(nothing.body))
    assert.equal(nothing.body.input.type, 'email input', 'no answer: the input is asked again')
    const services = await send(sessionId, { message: { type: 'text', text: 'Ada@Example.COM' } })
    assert.equal(services.body.lastMessageNewFormat, 'ada@example.com')
  })

  test('duplicate slashes (an apiHost ending in /) route like single ones', async () => {
    const res = await s.call('POST', `//api/v1/typebots/${leadGen.publicId}/startChat`, { token: null, body: {} })
    assert.equal(res.status, 200, JSON.stringify(res.body))
  })

  test('CORS: every preflight on a browser path answers 204 with the client headers allowed; errors carry the origin too', async () => {
    const preflight = await fetch(`${s.url}/api/v1/sessions/abc/continueChat`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-typebot-iframe-referrer-origin',
      },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), SITE)
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/)
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-typebot-iframe-referrer-origin/)
    assert.equal((await fetch(`${s.url}/api/v2/sessions/abc/streamMessage`, { method: 'OPTIONS' })).status, 204, 'no request method: still 204')

    const unknown = await start('no-such-bot')
    assert.equal(unknown.status, 404)
    assert.equal(typeof unknown.body.message, 'string')
    assert.deepEqual(unknown.headers.getSetCookie(), [])
    assert.equal(unknown.headers.get('access-control-allow-origin'), SITE, 'a 404 the client must read')
    const anyOrigin = await s.call('POST', `/api/v1/typebots/${leadGen.publicId}/startChat`, { token: null, body: {} })
    assert.equal(anyOrigin.headers.get('access-control-allow-origin'), '*', 'no Origin header: *')

    const management = await fetch(`${s.url}/v1/workspaces`, { headers: { origin: SITE } })
    assert.equal(management.headers.get('access-control-allow-origin'), null, 'the management API is not opened to other sites')
  })

  test('errors the client shows: unknown bot 404, closed bot 400 with its message, clients too old 400', async () => {
    const closed = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Hi')]]], { settings: { general: { systemMessages: { botClosed: 'We are closed for the holidays.' } } } }),
    )
    const patched = await s.call('PATCH', `/v1/bots/${closed.id}`, { token: owner.token, body: { bot: { isClosed: true }, overwrite: true } })
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
    const res = await start(closed.publicId)
    assert.equal(res.status, 400)
    assert.equal(res.body.message, 'We are closed for the holidays.')
    const legacy = await call('/api/v1/sendMessage', { startParams: { typebot: leadGen.publicId } })
    assert.equal(legacy.status, 400)
    assert.match(legacy.body.message, /too old/)
  })

  test('allowed origins: the Origin header, else the iframe referrer header from a page of Parley itself; 403 with a message', async () => {
    const guarded = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Hi'), { id: 'ask', type: 'text input', options: {} }]]], { settings: { security: { allowedOrigins: [SITE] } } }),
    )
    assert.equal((await start(guarded.publicId)).status, 200)
    const evil = await start(guarded.publicId, {}, { origin: 'https://evil.example' })
    assert.equal(evil.status, 403)
    assert.match(evil.body.message, /not allowed/)
    assert.equal(evil.headers.get('access-control-allow-origin'), 'https://evil.example', 'the client can read why')
    const iframed = await start(guarded.publicId, {}, { origin: s.url, 'x-typebot-iframe-referrer-origin': SITE })
    assert.equal(iframed.status, 200, JSON.stringify(iframed.body))
    const forged = await start(guarded.publicId, {}, { origin: 'https://evil.example', 'x-typebot-iframe-referrer-origin': SITE })
    assert.equal(forged.status, 403, 'the referrer header is only believed from Parley’s own pages')
    // The session keeps the rule: continuing from elsewhere is refused too.
    const { sessionId } = (await start(guarded.publicId)).body
    assert.equal((await send(sessionId, { message: 'x' }, { origin: 'https://evil.example' })).status, 403)
    assert.equal((await send(sessionId, { message: 'x' }, { origin: s.url, 'x-typebot-iframe-referrer-origin': SITE })).status, 200)
  })

  test('client logs on the v1 and v2 paths are stored on the result, also after the last turn', async () => {
    const short = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Hi'), { id: 'ask', type: 'text input', options: {} }, say('bye', 'Bye')]]]),
    )
    const started = await start(short.publicId)
    const { sessionId, resultId } = started.body
    const v2 = await call(`/api/v2/sessions/${sessionId}/clientLogs`, {
      clientLogs: [{ status: 'error', description: 'Script failed', details: { line: 3 }, context: 'While executing script' }],
    })
    assert.deepEqual([v2.status, v2.body], [200, { message: 'Logs successfully saved.' }])
    const ended = await send(sessionId, { message: { type: 'text', text: 'done' } })
    assert.equal(ended.body.input, undefined)
    // 0.2.x posts to v1, and sends no status; a long description is cut, not refused.
    const v1 = await call(`/api/v1/sessions/${sessionId}/clientLogs`, { clientLogs: [{ description: `Failed to send message ${'x'.repeat(3000)}` }] })
    assert.equal(v1.status, 200, JSON.stringify(v1.body))
    const id = await resultIdOfKey(s.store.db, resultId)
    const logs = await s.call('GET', `/v1/bots/${short.id}/results/${id}/logs`, { token: owner.token })
    const client = logs.body.logs.filter((l: any) => l.description.startsWith('Script failed') || l.description.startsWith('Failed to send'))
    assert.deepEqual(
      client.map((l: any) => [l.status, l.description.slice(0, 22), l.details, l.context]),
      [
        ['error', 'Script failed', '{"line":3}', 'While executing script'],
        ['error', 'Failed to send message', undefined, undefined],
      ],
    )
    assert.equal((await call('/api/v2/sessions/no-such-session/clientLogs', { clientLogs: [{ description: 'x' }] })).status, 404)
  })

  test('streamMessage answers the AI SDK data-stream format; the client then continues with the full text', async () => {
    const credentials = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'openai', name: 'OpenAI', data: { apiKey: 'sk-compat', baseUrl: llm.baseUrl } },
    })
    assert.equal(credentials.status, 200, JSON.stringify(credentials.body))
    const doc = bot(
      [
        [
          'g',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'vQ' } },
            {
              id: 'ai',
              type: 'openai',
              options: {
                action: 'Create chat completion',
                credentialsId: credentials.body.credentials.id,
                model: 'gpt-4o-mini',
                messages: [{ role: 'user', content: '{{Q}}' }],
                responseMapping: [{ variableId: 'vA' }],
              },
            },
            say('show', '{{A}}'),
            say('after', 'Anything else?'),
          ],
        ],
      ],
      {
        variables: [
          { id: 'vQ', name: 'Q' },
          { id: 'vA', name: 'A' },
        ],
      },
    )
    const published = await importAndPublish(s, owner.token, owner.workspaceId, doc)
    const { sessionId } = (await start(published.publicId)).body
    const paused = await send(sessionId, { message: { type: 'text', text: 'Hello?' } })
    assert.deepEqual(
      paused.body.clientSideActions?.map((a: any) => a.type),
      ['stream'],
    )
    llm.reply({ content: 'Streaming "works" here.' })
    const res = await fetch(`${s.url}/api/v2/sessions/${sessionId}/streamMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: '{}',
    })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('access-control-allow-origin'), SITE)
    const lines = (await res.text()).split('\n')
    assert.equal(lines.at(-1), '', 'every part ends with a newline')
    assert.ok(
      lines.slice(0, -1).every((line) => line.startsWith('0:')),
      lines.join('|'),
    )
    assert.equal(
      lines
        .slice(0, -1)
        .map((line) => JSON.parse(line.slice(2)))
        .join(''),
      'Streaming "works" here.',
    )
    const resumed = await send(sessionId, { message: { type: 'text', text: 'Streaming "works" here.' } })
    assert.deepEqual(resumed.body.messages.map(textOf), ['Anything else?'])

    // A provider failure mid-way is an error part the client parses as a log.
    const again = (await start(published.publicId)).body.sessionId
    await send(again, { message: { type: 'text', text: 'Hello?' } })
    llm.reply({ status: 500, error: 'The model is overloaded' })
    const failed = await (
      await fetch(`${s.url}/api/v2/sessions/${again}/streamMessage`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    ).text()
    assert.match(failed, /^3:/)
    const log = JSON.parse(JSON.parse(failed.slice(2)))
    assert.equal(log.status, 'error')
    assert.match(log.description, /overloaded/)
    assert.equal(failed.includes('sk-compat'), false)
    // Not waiting for a stream (at the text input): a JSON error with a real status, readable cross-origin.
    const atInput = (await start(published.publicId)).body.sessionId
    const notWaiting = await call(`/api/v2/sessions/${atInput}/streamMessage`, {})
    assert.equal(notWaiting.status, 400)
    assert.match(notWaiting.body.message, /not waiting/)
    assert.equal(notWaiting.headers.get('access-control-allow-origin'), SITE)
  })

  test('preview: a signed-in member runs the bot object given as typebot; anonymous callers are refused', async () => {
    const draft = await importBot(s, owner.token, owner.workspaceId, bot([['g', [say('d', 'From the draft')]]]))
    const path = `/api/v1/typebots/${draft.id}/preview/startChat`
    const object = bot([['g', [say('o', 'From the unsaved object'), { id: 'ask', type: 'text input', options: {} }]]])
    assert.equal((await call(path, { isStreamEnabled: true, typebot: object })).status, 401)
    const res = await s.call('POST', path, { token: owner.token, body: { isStreamEnabled: true, typebot: object, prefilledVariables: {} } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.messages.map(textOf), ['From the unsaved object'])
    assert.equal(res.body.typebot.id, draft.id)
    const byId = await s.call('POST', path, { token: owner.token, body: { typebot: draft.id } })
    assert.deepEqual(byId.body.messages.map(textOf), ['From the draft'])
    const stranger = await userWithWorkspace(s, 'Stranger')
    assert.equal((await s.call('POST', path, { token: stranger.token, body: { typebot: object } })).status, 404)
  })

  test('dynamicTheme: a background bound to a variable is sent as backgroundUrl', async () => {
    const themed = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Hi'), { id: 'ask', type: 'text input', options: {} }]]], {
        variables: [{ id: 'vBg', name: 'Background', value: 'https://img.example/bg.png' }],
        theme: { general: { background: { type: 'Image', content: '{{Background}}' } } },
      }),
    )
    const res = await start(themed.publicId)
    assert.deepEqual(res.body.dynamicTheme, { backgroundUrl: 'https://img.example/bg.png' })
  })

  test('TYPEBOT_PUBLIC_CHAT=false: anonymous chats are refused on this surface', async () => {
    const closedServer = await startTestServer({ TYPEBOT_PUBLIC_CHAT: 'false', DATABASE_URL: s.database.url })
    try {
      const res = await closedServer.call('POST', `/api/v1/typebots/${leadGen.publicId}/startChat`, { token: null, body: {} })
      assert.equal(res.status, 401)
      const withToken = await closedServer.call('POST', `/api/v1/typebots/${leadGen.publicId}/startChat`, { token: owner.token, body: {} })
      assert.equal(withToken.status, 200)
    } finally {
      await closedServer.stop()
    }
  })
})
