import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { addMember, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const SECRET = 'test-encryption-secret-0123456789'
const API_KEY = 'sk-very-secret-api-key-42'
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe('credentials', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let stranger: Awaited<ReturnType<typeof userWithWorkspace>>
  let guest: { id: string; token: string }
  const path = () => `/v1/workspaces/${owner.workspaceId}/credentials`
  const create = (body: unknown, token = owner.token) => s.call('POST', path(), { token, body })
  const openai = { type: 'openai', name: 'My OpenAI', data: { apiKey: API_KEY, baseUrl: 'https://api.example.com/v1' } }

  before(async () => {
    s = await startTestServer({ ENCRYPTION_SECRET: SECRET })
    owner = await userWithWorkspace(s, 'Owner')
    stranger = await userWithWorkspace(s, 'Stranger')
    guest = await s.user('Guest', 'guest-credentials@example.com')
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
  })
  after(() => s.stop())

  test('create, list and delete answer metadata only; the data never leaves the server', async () => {
    const created = await create(openai)
    assert.equal(created.status, 200, JSON.stringify(created.body))
    const c = created.body.credentials
    assert.deepEqual(Object.keys(c).sort(), ['createdAt', 'id', 'name', 'type'])
    assert.match(c.id, /^[a-z0-9]{25}$/)
    assert.match(c.createdAt, ISO)
    assert.deepEqual({ type: c.type, name: c.name }, { type: 'openai', name: 'My OpenAI' })
    const smtp = await create({
      type: 'smtp',
      name: 'Mail',
      data: { host: 'smtp.example.com', port: 465, secure: true, username: 'bot', password: 'pw-secret', from: 'Bot <bot@example.com>' },
    })
    assert.equal(smtp.status, 200)

    const listed = await s.call('GET', path(), { token: owner.token })
    assert.equal(listed.status, 200)
    const byId = (list: { id: string }[]) => [...list].sort((a, b) => a.id.localeCompare(b.id))
    assert.deepEqual(byId(listed.body.credentials), byId([smtp.body.credentials, c]))
    assert.ok(listed.body.credentials[0].createdAt >= listed.body.credentials[1].createdAt, 'newest first')
    const asGuest = await s.call('GET', path(), { token: guest.token })
    assert.equal(asGuest.status, 200)
    assert.deepEqual(asGuest.body, listed.body)

    const deleted = await s.call('DELETE', `${path()}/${c.id}`, { token: owner.token })
    assert.deepEqual(deleted.body, { id: c.id, deleted: true })
    assert.equal((await s.call('DELETE', `${path()}/${c.id}`, { token: owner.token })).status, 404)
    assert.deepEqual((await s.call('GET', path(), { token: owner.token })).body.credentials, [smtp.body.credentials])

    for (const answer of [created, smtp, listed, asGuest, deleted]) {
      const text = JSON.stringify(answer.body)
      assert.ok(!text.includes(API_KEY) && !text.includes('pw-secret') && !text.includes('"data"'), text)
    }
  })

  test('the stored column is encrypted; the store decrypts it for the own workspace only', async () => {
    const { body } = await create(openai)
    const row = await s.store.db.selectFrom('credentials').selectAll().where('id', '=', body.credentials.id).executeTakeFirstOrThrow()
    assert.equal(row.workspaceId, owner.workspaceId)
    assert.match(row.data, /^v1:[\w-]+:[\w-]+:[\w-]+$/)
    assert.ok(!row.data.includes(API_KEY) && !row.data.includes('apiKey'))

    assert.deepEqual(await s.store.credentials.get(owner.workspaceId, body.credentials.id), {
      id: body.credentials.id,
      type: 'openai',
      name: 'My OpenAI',
      data: openai.data,
    })
    assert.equal(await s.store.credentials.get(stranger.workspaceId, body.credentials.id), undefined)
    assert.equal(await s.store.credentials.get(owner.workspaceId, 'unknown'), undefined)

    // A row moved into another workspace does not decrypt there (the ciphertext is bound to its workspace).
    const moved = { ...row, id: 'movedcredentials0000000000', workspaceId: stranger.workspaceId }
    await s.store.db.insertInto('credentials').values(moved).execute()
    assert.equal(await s.store.credentials.get(stranger.workspaceId, moved.id), undefined)

    // Another ENCRYPTION_SECRET cannot read it either.
    const other = await openStore(s.database.url, { migrate: false, encryptionSecret: 'another-secret-of-enough-length' })
    try {
      assert.equal(await other.credentials.get(owner.workspaceId, body.credentials.id), undefined)
    } finally {
      await other.close()
    }
  })

  test('guests may list but not write (403); strangers get 404 everywhere, also for ids of other workspaces', async () => {
    const { body } = await create(openai)
    const id = body.credentials.id
    assert.equal((await create(openai, guest.token)).status, 403)
    assert.equal((await s.call('DELETE', `${path()}/${id}`, { token: guest.token })).status, 403)
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', openai],
    ] as const) {
      const res = await s.call(method, path(), { token: stranger.token, body })
      assert.equal(res.status, 404)
      assert.equal(res.body.code, 'not_found')
    }
    assert.equal((await s.call('DELETE', `${path()}/${id}`, { token: stranger.token })).status, 404)
    const viaOwnWorkspace = await s.call('DELETE', `/v1/workspaces/${stranger.workspaceId}/credentials/${id}`, { token: stranger.token })
    assert.equal(viaOwnWorkspace.status, 404)
    assert.ok(await s.store.credentials.get(owner.workspaceId, id), 'still there')
    assert.equal((await s.call('GET', path(), { token: null })).status, 401)
  })

  test('invalid bodies answer 400 validation_failed with issues', async () => {
    for (const body of [
      {},
      { ...openai, type: '' },
      { ...openai, type: 'x'.repeat(51) },
      { ...openai, name: '  ' },
      { ...openai, data: {} },
      { ...openai, data: { apiKey: { nested: true } } },
      { ...openai, data: ['sk'] },
      { type: 'openai', name: 'No data' },
    ]) {
      const res = await create(body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.code, 'validation_failed')
      assert.ok(res.body.issues.length > 0)
    }
    assert.equal((await create({ ...openai, type: 'my custom service' })).status, 200, 'any type name up to 50 characters')
  })
})

describe('credentials without ENCRYPTION_SECRET', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer()
  })
  after(() => s.stop())

  test('creating answers 400 encryption_not_configured; listing still works', async () => {
    const owner = await userWithWorkspace(s)
    const path = `/v1/workspaces/${owner.workspaceId}/credentials`
    const res = await s.call('POST', path, { token: owner.token, body: { type: 'openai', name: 'Key', data: { apiKey: 'sk' } } })
    assert.equal(res.status, 400)
    assert.equal(res.body.code, 'encryption_not_configured')
    assert.match(res.body.message, /ENCRYPTION_SECRET/)
    assert.deepEqual((await s.call('GET', path, { token: owner.token })).body, { credentials: [] })
  })
})
