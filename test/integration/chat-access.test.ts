// Who may chat: anonymous chats with PUBLIC_CHAT, allowed origins, and processes serving one API only.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadExample } from '../support/fixtures.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('PUBLIC_CHAT and allowed origins', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let open: Record<string, any>
  let guarded: Record<string, any>
  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    open = await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
    const bot = loadExample('lead-capture.json')
    guarded = await importAndPublish(s, owner.token, owner.workspaceId, { ...bot, settings: { ...bot.settings, security: { allowedOrigins: ['https://shop.example.com'] } } })
  })
  after(() => s.stop())

  test('anonymous clients chat with published bots; the session id is the credential', async () => {
    const start = await s.call('POST', `/v1/bots/${open.publicId}/startChat`, { token: null, body: {} })
    assert.equal(start.status, 200)
    const next = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: null, body: { message: start.body.input.items[0].content } })
    assert.equal(next.status, 200)
    assert.equal((await s.call('POST', `/v1/sessions/not-a-session/continueChat`, { token: null, body: { message: 'x' } })).status, 404)
    // a given but unknown token is still refused, and management stays closed
    assert.equal((await s.call('POST', `/v1/bots/${open.publicId}/startChat`, { token: 'bogus', body: {} })).status, 401)
    assert.equal((await s.call('GET', `/v1/bots/${open.id}`, { token: null })).status, 401)
    assert.equal((await s.call('POST', `/v1/bots/${open.id}/preview/startChat`, { token: null, body: {} })).status, 401)
  })

  test('allowedOrigins is enforced against the Origin header on start and continue', async () => {
    const refused = await s.call('POST', `/v1/bots/${guarded.publicId}/startChat`, { token: null, body: {}, headers: { origin: 'https://evil.example.com' } })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.code, 'origin_not_allowed')
    const ok = await s.call('POST', `/v1/bots/${guarded.publicId}/startChat`, { token: null, body: {}, headers: { origin: 'https://shop.example.com' } })
    assert.equal(ok.status, 200)
    const sid = ok.body.sessionId
    const evil = await s.call('POST', `/v1/sessions/${sid}/continueChat`, { token: null, body: { message: 'x' }, headers: { origin: 'https://evil.example.com' } })
    assert.equal(evil.status, 403)
    const good = await s.call('POST', `/v1/sessions/${sid}/continueChat`, { token: null, body: { message: ok.body.input.items[0].content }, headers: { origin: 'https://shop.example.com' } })
    assert.equal(good.status, 200)
  })
})

describe('PARLEY_API splits the chat and management APIs', () => {
  test('a chat-only process serves chats, a management-only process the rest', async () => {
    const management = await startTestServer({ PARLEY_API: 'management' })
    try {
      const owner = await userWithWorkspace(management)
      const bot = await importAndPublish(management, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
      assert.equal((await management.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })).status, 404)
      const chat = await startTestServer({ PARLEY_API: 'chat', DATABASE_URL: management.database.url })
      try {
        const start = await chat.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
        assert.equal(start.status, 200)
        assert.equal((await chat.call('GET', `/v1/bots/${bot.id}`, { token: owner.token })).status, 404)
        assert.equal((await chat.call('GET', '/health')).body.api, 'chat')
      } finally {
        await chat.stop()
      }
    } finally {
      await management.stop()
    }
  })
})
