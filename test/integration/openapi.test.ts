import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startTestServer, type TestServer } from '../support/server.js'

const methods = new Set(['get', 'put', 'post', 'patch', 'delete'])
/** The document's operations, labelled `METHOD /path`. */
const operationsOf = (document: any) =>
  Object.entries(document.paths).flatMap(([path, item]: [string, any]) =>
    Object.entries(item)
      .filter(([method]) => methods.has(method))
      .map(([method, op]: [string, any]) => ({ label: `${method.toUpperCase()} ${path}`, op })),
  )

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

  test('every operation has a unique camelCase operationId, and the Typebot-compatible paths their own', async () => {
    const res = await s.call('GET', '/v1/openapi.json')
    const ids = operationsOf(res.body).map(({ label, op }) => [label, op.operationId] as const)
    assert.deepEqual(
      ids.filter(([, id]) => typeof id !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(id)),
      [],
      'camelCase operationIds',
    )
    const seen = new Map<string, string>()
    for (const [label, id] of ids) {
      assert.ok(!seen.has(id), `${id} names both ${seen.get(id)} and ${label}`)
      seen.set(id, label)
    }
    assert.equal(seen.get('startChat'), 'POST /v1/bots/{publicId}/startChat')
    assert.equal(seen.get('continueChat'), 'POST /v1/sessions/{sessionId}/continueChat')
    assert.equal(seen.get('listBots'), 'GET /v1/bots')
    assert.equal(seen.get('getBotVersion'), 'GET /v1/bots/{botId}/versions/{versionId}')
    assert.equal(seen.get('typebotStartChat'), 'POST /api/v1/typebots/{publicId}/startChat')
    assert.deepEqual(
      ids.filter(
        ([label, id]) => label.includes(' /api/') && !label.includes('/whatsapp/') && !label.includes('/telegram/') && !id.startsWith('typebot'),
      ),
      [],
    )
  })

  test('every parameter is described and its example has the JSON type of its schema', async () => {
    const res = await s.call('GET', '/v1/openapi.json')
    const parameters = operationsOf(res.body).flatMap(({ label, op }) => (op.parameters ?? []).map((p: any) => ({ label, ...p })))
    assert.ok(parameters.some((p) => p.in === 'path') && parameters.some((p) => p.in === 'query'))
    assert.deepEqual(
      parameters.filter((p) => !p.description?.trim()).map((p) => `${p.label} ${p.in} ${p.name}`),
      [],
    )
    const typeOf = (v: unknown) => (Number.isInteger(v) ? 'integer' : typeof v)
    const wrong = parameters.filter(
      (p) =>
        p.example !== undefined &&
        p.schema?.type &&
        typeOf(p.example) !== p.schema.type &&
        !(p.schema.type === 'number' && typeof p.example === 'number'),
    )
    assert.deepEqual(
      wrong.map((p) => `${p.label} ${p.name}: ${JSON.stringify(p.example)} for ${p.schema.type}`),
      [],
    )
    const limit = parameters.find((p) => p.label === 'GET /v1/bots/{botId}/results' && p.name === 'limit')
    assert.equal(limit.example, 20)
  })

  test('tags are declared with descriptions and every operation has one; every operation documents 500 and a success', async () => {
    const res = await s.call('GET', '/v1/openapi.json')
    const declared = new Map((res.body.tags as { name: string; description: string }[]).map((t) => [t.name, t.description]))
    assert.ok(declared.size > 10 && [...declared.values()].every((d) => d.length > 10))
    const operations = operationsOf(res.body)
    assert.deepEqual(
      operations.filter(({ op }) => !op.tags?.length || !op.tags.every((t: string) => declared.has(t))).map(({ label }) => label),
      [],
    )
    assert.deepEqual(
      operations
        .filter(({ op }) => op.responses['500']?.content?.['application/json']?.schema?.$ref !== '#/components/schemas/Error')
        .map(({ label }) => label),
      [],
    )
    assert.equal(
      operations.find(({ label }) => label === 'GET /v1/bots')?.op.responses['500'].content['application/json'].example.code,
      'internal_error',
    )
    // Only the calls of clients too old to serve never succeed: deprecated, they document their 400.
    assert.deepEqual(
      operations
        .filter(({ op }) => !Object.keys(op.responses).some((status) => /^[23]/.test(status)))
        .map(({ label, op }) => `${label}${op.deprecated ? ' (deprecated)' : ''}`),
      ['POST /api/v1/sendMessage (deprecated)', 'POST /api/v2/sendMessage (deprecated)'],
    )
  })

  test("servers: the builder's configured address, and the user content's for what is served there only", async () => {
    const res = await s.call('GET', '/v1/openapi.json')
    assert.deepEqual(
      res.body.servers.map((server: { url: string }) => server.url),
      [s.builderUrl],
    )
    assert.notEqual(s.contentUrl, s.builderUrl)
    const download = res.body.paths['/v1/files/{workspaceId}/{botId}/{resultId}/{fileId}/{fileName}'].get
    assert.deepEqual(
      download.servers.map((server: { url: string }) => server.url),
      [s.contentUrl],
    )
    assert.equal(res.body.paths['/v1/bots'].get.servers, undefined)
    // The docs page reads the same document.
    const docs = (await (await fetch(`${s.url}/docs/json`)).json()) as { servers: unknown }
    assert.deepEqual(docs.servers, res.body.servers)
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
