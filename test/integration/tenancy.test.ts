import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadExample } from '../support/fixtures.js'
import { addMember, importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('tenancy', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let stranger: Awaited<ReturnType<typeof userWithWorkspace>>
  let guest: { id: string; token: string }
  let botId: string
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s, 'Owner')
    stranger = await userWithWorkspace(s, 'Stranger')
    guest = await s.user('Guest', 'guest@example.com')
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    botId = (await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))).id
  })
  after(() => s.stop())

  const endpoints = () =>
    [
      ['GET', `/v1/workspaces/${owner.workspaceId}`, undefined],
      ['GET', `/v1/workspaces/${owner.workspaceId}/members`, undefined],
      ['POST', `/v1/workspaces/${owner.workspaceId}/members`, { userId: 'someone', role: 'guest' }],
      ['DELETE', `/v1/workspaces/${owner.workspaceId}/members/${owner.id}`, undefined],
      ['GET', `/v1/bots?workspaceId=${owner.workspaceId}`, undefined],
      ['POST', '/v1/bots', { workspaceId: owner.workspaceId, bot: { name: 'x' } }],
      ['POST', '/v1/bots/import', { workspaceId: owner.workspaceId, bot: { version: '6', groups: [], events: [], edges: [], variables: [] } }],
      ['GET', `/v1/bots/${botId}`, undefined],
      ['PATCH', `/v1/bots/${botId}`, { bot: { name: 'hijack' } }],
      ['DELETE', `/v1/bots/${botId}`, undefined],
      ['POST', `/v1/bots/${botId}/publish`, undefined],
      ['POST', `/v1/bots/${botId}/unpublish`, undefined],
      ['GET', `/v1/bots/${botId}/publishedBot`, undefined],
    ] as const

  test('every endpoint called with a token of another workspace answers 404, like an unknown id', async () => {
    for (const [method, path, body] of endpoints()) {
      const res = await s.call(method, path, { token: stranger.token, body })
      assert.equal(res.status, 404, `${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`)
      assert.equal(res.body.code, 'not_found')
    }
    const bot = await s.call('GET', `/v1/bots/${botId}`, { token: owner.token })
    assert.equal(bot.status, 200, 'the bot survived the stranger')
    assert.notEqual(bot.body.bot.name, 'hijack')
    assert.equal((await s.call('GET', `/v1/bots/${botId}/publishedBot`, { token: owner.token })).status, 200)
  })

  test('a guest reads everything and every write answers 403', async () => {
    for (const [method, path, body] of endpoints()) {
      const res = await s.call(method, path, { token: guest.token, body })
      if (method === 'GET') assert.equal(res.status, 200, `${method} ${path} → ${res.status}`)
      else assert.equal(res.status, 403, `${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`)
    }
    assert.equal((await s.call('GET', `/v1/bots/${botId}`, { token: guest.token })).body.currentUserMode, 'read')
  })
})
