// Limits of the HTTP layer: id lengths the router can carry.
import assert from 'node:assert/strict'
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
    const refused = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, bot: { name: 'Long', publicId: `${publicId}x` } } })
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
