// Limits of the HTTP layer: id lengths the router can carry; request, header and keep-alive timeouts; bodies not
// read for callers without a token (and kept small for anonymous chats); open connections per client address.
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { ID_MAX_LENGTH } from '../../src/contract/api.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('id lengths', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  const definition = bot([['g', [say('hi', 'Hi'), { id: 'ask', type: 'text input' }, say('bye', 'Bye')]]])
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  test('an id the API accepts is usable in a path; one character longer is refused at creation, not later with 414', async () => {
    const main = await importAndPublish(s, owner.token, owner.workspaceId, definition)

    // A preview session id chosen by the client.
    const longest = `s${'x'.repeat(ID_MAX_LENGTH - 1)}`
    const tooLong = await s.call('POST', `/v1/bots/${main.id}/preview/startChat`, { token: owner.token, body: { sessionId: `${longest}x` } })
    assert.equal(tooLong.status, 400, JSON.stringify(tooLong.body))
    const preview = await s.call('POST', `/v1/bots/${main.id}/preview/startChat`, { token: owner.token, body: { sessionId: longest } })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    assert.equal(preview.body.sessionId, longest)
    const next = await s.call('POST', `/v1/sessions/${longest}/continueChat`, { token: owner.token, body: { message: 'hello' } })
    assert.equal(next.status, 200, JSON.stringify(next.body))

    // A custom public id.
    const publicId = `p${'-'.repeat(ID_MAX_LENGTH - 2)}p`
    const refused = await s.call('POST', '/v1/bots', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: { name: 'Long', publicId: `${publicId}x` } },
    })
    assert.equal(refused.status, 400, JSON.stringify(refused.body))
    const patched = await s.call('PATCH', `/v1/bots/${main.id}`, { token: owner.token, body: { bot: { publicId }, overwrite: true } })
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
    assert.equal((await s.call('POST', `/v1/bots/${main.id}/publish`, { token: owner.token })).status, 200)
    const live = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(live.status, 200, JSON.stringify(live.body))

    // Longer path parameters answer 414 in the common error shape.
    const long = await s.call('GET', `/v1/bots/${'b'.repeat(ID_MAX_LENGTH + 1)}`, { token: owner.token })
    assert.equal(long.status, 414)
    assert.equal(long.body.code, 'uri_too_long')
  })
})

const urlOf = (s: TestServer) => new URL(s.url)

/** A raw connection to the server; `closed` settles when the server ends it, with what it answered. */
const rawConnection = (s: TestServer, localAddress = '127.0.0.1') =>
  new Promise<{ socket: Socket; closed: Promise<{ answer: string; afterMs: number }> }>((resolve, reject) => {
    const { hostname, port } = urlOf(s)
    const started = performance.now()
    const socket = connect({ host: hostname, port: Number(port), localAddress })
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (d) => (answer += d))
    const closed = new Promise<{ answer: string; afterMs: number }>((done) =>
      socket.on('close', () => done({ answer, afterMs: performance.now() - started })),
    )
    socket.once('connect', () => resolve({ socket, closed }))
    socket.once('error', (err) => (socket.connecting ? reject(err) : undefined))
  })

/** How long a connection may take to be closed before the test gives up: a safety net, not a measure. */
const SAFETY_MS = 30_000

/** Resolves with the promise's value, or rejects when it takes longer than `ms`. */
const within = <T>(ms: number, promise: Promise<T>, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still open after ${ms} ms`)), ms).unref())])

/**
 * Announces a large body, sends only its first bytes and waits for the answer: it arrives only when the server
 * answers without reading the rest (otherwise the request fails after `waitMs`).
 */
const postPartly = (url: string, headers: Record<string, string | number>, prefix: string, waitMs = SAFETY_MS) =>
  new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection })
        req.destroy()
      })
    })
    req.setTimeout(waitMs, () => req.destroy(new Error('no answer before the upload was over: the server waits for the body')))
    req.on('error', reject)
    req.write(prefix)
  })

describe('timeouts and bodies read only for callers who may send them', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let publicId: string
  const REQUEST_MS = 1500
  const HEADERS_MS = 1000
  before(async () => {
    s = await startTestServer({ PARLEY_REQUEST_TIMEOUT_MS: String(REQUEST_MS), PARLEY_HEADERS_TIMEOUT_MS: String(HEADERS_MS), PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    publicId = (
      await importAndPublish(
        s,
        owner.token,
        owner.workspaceId,
        bot([['g', [say('hi', 'Hi {{Big}}'), { id: 'ask', type: 'text input' }]]], { variables: [{ id: 'vBig', name: 'Big' }] }),
      )
    ).publicId
  })
  after(() => s.stop())

  test('a body trickled slower than the request timeout gets 408 and its connection closed', async () => {
    const { socket, closed } = await rawConnection(s)
    socket.write(
      `POST /v1/workspaces HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${owner.token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"`,
    )
    const trickle = setInterval(() => socket.writable && socket.write('a'), 200)
    try {
      const { answer, afterMs } = await within(SAFETY_MS, closed, 'a trickled body')
      assert.match(answer, /^HTTP\/1\.1 408 /)
      assert.ok(afterMs >= REQUEST_MS - 100, `closed after ${Math.round(afterMs)} ms`)
    } finally {
      clearInterval(trickle)
      socket.destroy()
    }
  })

  test('headers never finished, or no request at all, get the connection closed after the headers timeout', async () => {
    const partial = await rawConnection(s)
    partial.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n')
    const silent = await rawConnection(s)
    try {
      await within(SAFETY_MS, partial.closed, 'unfinished headers')
      await within(SAFETY_MS, silent.closed, 'a connection that sends nothing')
    } finally {
      partial.socket.destroy()
      silent.socket.destroy()
    }
  })

  test('a 9 MB body without a token is refused with 401 before it is read', async () => {
    const declared = 9 * 2 ** 20
    const prefix = `{"name":"${'n'.repeat(65536)}`
    for (const headers of [{}, { authorization: 'Bearer pk_unknown_token' }] as Record<string, string>[]) {
      const res = await postPartly(`${s.url}/v1/workspaces`, { ...headers, 'content-length': declared }, prefix)
      assert.equal(res.status, 401, res.text)
      assert.equal(JSON.parse(res.text).code, 'unauthorized')
      // The rest is not wanted: the server closes the connection instead of draining it.
      assert.equal(res.connection, 'close')
    }
    // Same on a chat route that requires a token, with public chats on.
    const { id } = await importAndPublish(s, owner.token, owner.workspaceId, bot([['g', [say('hi', 'Hi')]]]))
    const preview = await postPartly(`${s.url}/v1/bots/${id}/preview/startChat`, { 'content-length': declared }, '{"bot":{"groups":[')
    assert.equal(preview.status, 401, preview.text)
  })

  test('anonymous chat bodies stop at the anonymous limit (announced or streamed); a token keeps the global one', async () => {
    const path = `/v1/bots/${publicId}/startChat`
    const url = s.url + path
    const announced = await postPartly(url, { 'content-length': 9 * 2 ** 20 }, '{"prefilledVariables":{"Big":"')
    assert.equal(announced.status, 413, announced.text)
    assert.equal(JSON.parse(announced.text).code, 'payload_too_large')
    // Chunked, without a length: refused once past the limit, long before the end.
    const streamed = await postPartly(url, { 'transfer-encoding': 'chunked' }, `{"prefilledVariables":{"Big":"${'b'.repeat(2 ** 20 + 1024)}`)
    assert.equal(streamed.status, 413, streamed.text)

    const small = await s.call('POST', path, { token: null, body: { prefilledVariables: { Big: 'small' } } })
    assert.equal(small.status, 200, JSON.stringify(small.body))
    const big = 'b'.repeat(2 * 2 ** 20)
    const withToken = await s.call('POST', path, { token: owner.token, body: { prefilledVariables: { Big: big } } })
    assert.equal(withToken.status, 200, JSON.stringify(withToken.body).slice(0, 300))
    assert.equal((await s.call('POST', path, { token: null, body: { prefilledVariables: { Big: big } } })).status, 413)
  })
})

describe('open connections per client address', () => {
  let s: TestServer
  const MAX = 6
  before(async () => {
    s = await startTestServer({ PARLEY_MAX_CONNECTIONS_PER_IP: String(MAX) })
  })
  after(() => s.stop())

  const health = (localAddress: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${s.url}/health`, { agent: false, localAddress }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.setTimeout(SAFETY_MS, () => req.destroy(new Error('no answer')))
      req.on('error', reject)
      req.end()
    })

  test('connections beyond the cap from one address are closed at once; other addresses, and the held ones, still work', async () => {
    const held = await Promise.all(Array.from({ length: MAX }, () => rawConnection(s)))
    try {
      let heldClosed = 0
      for (const { closed } of held) void closed.then(() => heldClosed++)
      const extra = await Promise.all(Array.from({ length: 3 }, () => rawConnection(s)))
      for (const { closed } of extra) {
        const { answer } = await within(SAFETY_MS, closed, 'a connection over the cap')
        assert.equal(answer, '')
      }
      // At once: before the held connections, opened earlier, reach any timeout.
      assert.equal(heldClosed, 0)
      // Another client address (all of 127/8 is loopback) is not affected.
      assert.equal(await health('127.0.0.2'), 200)
      // The held connections serve requests.
      held[0].socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      const { answer } = await within(SAFETY_MS, held[0].closed, 'a held connection')
      assert.match(answer, /^HTTP\/1\.1 200 /)
      // Its slot is free again once it closed.
      assert.equal(await health('127.0.0.1'), 200)
    } finally {
      for (const { socket } of held) socket.destroy()
    }
  })
})
