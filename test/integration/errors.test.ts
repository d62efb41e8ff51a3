import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('error answers', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer({ BODY_LIMIT_BYTES: '2048' })
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  const shape = (body: any) => {
    assert.equal(typeof body.code, 'string')
    assert.equal(typeof body.message, 'string')
  }

  test('401 without a token, with an unknown token and with a malformed header', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
    ]) {
      const res = await s.call('GET', '/v1/workspaces', { token: null, headers })
      assert.equal(res.status, 401, JSON.stringify(headers))
      assert.equal(res.body.code, 'unauthorized')
      shape(res.body)
    }
  })

  test('400 on malformed JSON, with the common shape', async () => {
    const res = await s.call('POST', '/v1/workspaces', { token: owner.token, raw: '{"name": ', headers: { 'content-type': 'application/json' } })
    assert.equal(res.status, 400)
    assert.equal(res.body.code, 'bad_request')
    shape(res.body)
    const proto = await s.call('POST', '/v1/workspaces', {
      token: owner.token,
      raw: '{"__proto__": {"x": 1}, "name": "p"}',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(proto.status, 400)
  })

  test('413 over BODY_LIMIT_BYTES', async () => {
    const res = await s.call('POST', '/v1/workspaces', { token: owner.token, body: { name: 'x'.repeat(5000) } })
    assert.equal(res.status, 413)
    assert.equal(res.body.code, 'payload_too_large')
  })

  test('415 when the body is not JSON', async () => {
    const res = await s.call('POST', '/v1/workspaces', {
      token: owner.token,
      raw: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(res.status, 415)
    assert.equal(res.body.code, 'unsupported_media_type')
  })

  test('404 for unknown routes and ids, 400 for bad query values', async () => {
    const route = await s.call('GET', '/v1/nothing-here', { token: owner.token })
    assert.equal(route.status, 404)
    shape(route.body)
    assert.equal((await s.call('GET', '/v1/bots/unknownid', { token: owner.token })).status, 404)
    assert.equal((await s.call('GET', '/v1/workspaces/unknownid', { token: owner.token })).status, 404)
    assert.equal((await s.call('GET', '/v1/bots/x?migrateToLatestVersion=maybe', { token: owner.token })).status, 400)
  })

  test('junk on every endpoint never answers 5xx and the server keeps serving', async () => {
    const junk: unknown[] = [
      null,
      1,
      'str',
      [],
      [1, 2],
      { a: { b: { c: [] } } },
      { workspaceId: 5, bot: 'x' },
      { bot: { groups: 'no' } },
      { name: null },
    ]
    const paths = [
      ['POST', '/v1/bots'],
      ['POST', '/v1/bots/import'],
      ['PATCH', '/v1/bots/xyz'],
      ['POST', '/v1/workspaces'],
      ['POST', `/v1/workspaces/${owner.workspaceId}/members`],
      ['POST', '/v1/bots/xyz/publish'],
    ]
    for (const [method, path] of paths) {
      for (const body of junk) {
        const res = await s.call(method, path, { token: owner.token, raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
        assert.ok(res.status >= 400 && res.status < 500, `${method} ${path} ${JSON.stringify(body)} → ${res.status}`)
        shape(res.body)
      }
    }
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const res = await s.call('POST', '/v1/workspaces', {
      token: owner.token,
      raw: deep.slice(0, 2000),
      headers: { 'content-type': 'application/json' },
    })
    assert.ok(res.status < 500)
    assert.equal((await s.call('GET', '/health')).status, 200)
  })
})

describe('health when the database is gone', () => {
  test('/health answers 503 with database "down", so a status-code health check notices', async () => {
    const s = await startTestServer()
    try {
      assert.equal((await s.call('GET', '/health')).status, 200)
      await s.store.db.destroy()
      const res = await s.call('GET', '/health')
      assert.equal(res.status, 503)
      assert.deepEqual(res.body, { status: 'degraded', database: 'down', api: 'all', publicUrl: s.builderUrl, chatUrl: s.contentUrl })
    } finally {
      // The pool is gone; the bus's own connection (PostgreSQL's LISTEN) is not, and would keep the process alive.
      await s.app.close()
      await s.store.bus.close()
      await s.database.drop()
    }
  })
})
