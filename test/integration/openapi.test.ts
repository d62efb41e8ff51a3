import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startTestServer, type TestServer } from '../support/server.js'

describe('OpenAPI and health', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer()
  })
  after(() => s.stop())

  test('GET /v1/openapi.json is an OpenAPI 3.1 document covering every operation', async () => {
    const res = await s.call('GET', '/v1/openapi.json')
    assert.equal(res.status, 200)
    assert.equal(res.body.openapi, '3.1.0')
    const ops = Object.entries(res.body.paths).flatMap(([path, item]: [string, any]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    for (const op of [
      'POST /v1/bots',
      'GET /v1/bots/{botId}',
      'PATCH /v1/bots/{botId}',
      'POST /v1/bots/import',
      'GET /v1/bots/{botId}/publishedBot',
      'POST /v1/workspaces',
      'GET /v1/workspaces/{workspaceId}',
      'GET /v1/workspaces',
      'POST /v1/bots/{botId}/publish',
    ])
      assert.ok(ops.includes(op), `${op} documented`)
    const create = res.body.paths['/v1/bots'].post
    assert.ok(create.requestBody.content['application/json'].schema)
    assert.ok(create.responses['200'] && create.responses['401'])
  })

  test('every operation documents the answers Fastify gives before its handler: 413 and 415 with a body, 414 with path parameters', async () => {
    const res = await s.call('GET', '/v1/openapi.json')
    const missing: string[] = []
    for (const [path, item] of Object.entries(res.body.paths) as [string, Record<string, any>][]) {
      for (const [method, op] of Object.entries(item)) {
        const expected = [...(op.requestBody ? ['413', '415'] : []), ...(path.includes('{') ? ['414'] : [])]
        for (const status of expected) {
          if (!op.responses[status]?.content?.['application/json']) missing.push(`${method.toUpperCase()} ${path} ${status}`)
        }
      }
    }
    assert.deepEqual(missing, [])
    assert.ok(res.body.paths['/v1/bots/{botId}'].get.responses['414'])
    assert.ok(res.body.paths['/v1/workspaces'].post.responses['413'])
  })

  test('GET /docs renders the API page', async () => {
    const res = await fetch(`${s.url}/docs/`, { redirect: 'follow' })
    assert.equal(res.status, 200)
    assert.match(await res.text(), /swagger/i)
  })

  test('GET /health answers without a token', async () => {
    const res = await s.call('GET', '/health')
    const { instance, ...rest } = res.body
    assert.deepEqual(rest, { status: 'ok', database: 'up', api: 'all', publicUrl: s.builderUrl, chatUrl: s.contentUrl })
    assert.match(instance, /^[0-9a-f]{16}$/, "a hash of the database's random id")
  })
})
