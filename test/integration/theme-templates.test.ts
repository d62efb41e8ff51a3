// Theme templates over the API: the built-in gallery for every member, a workspace's own saved, listed and deleted
// by its writers only, never seen from another workspace; bad themes refused.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { builtInThemeTemplates } from '../../src/contract/bot/themeTemplates.js'
import { addMember, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('theme templates', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer()
  })
  after(() => s.stop())

  test('built-in templates for all; saved ones per workspace, listed by name, deleted by writers; guests read only', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const guest = await s.user('Guest', 'guest-themes@example.com')
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const path = `/v1/workspaces/${owner.workspaceId}/themeTemplates`
    const first = await s.call('GET', path, { token: guest.token })
    assert.equal(first.status, 200)
    assert.ok(builtInThemeTemplates.length >= 8)
    assert.deepEqual(
      first.body.templates.map((t: any) => [t.id, t.builtIn]),
      builtInThemeTemplates.map((t) => [t.id, true]),
    )
    for (const t of first.body.templates) assert.equal(t.theme.general.background.type, 'Color', `${t.name} has a typed background`)

    const theme = {
      general: { background: { type: 'Color', content: '#fff4e0' } },
      chat: { guestBubbles: { backgroundColor: '#9c4a1a', color: '#fff' } },
    }
    const saved = await s.call('POST', path, { token: owner.token, body: { name: ' Acme brand ', theme } })
    assert.equal(saved.status, 200, JSON.stringify(saved.body))
    assert.equal(saved.body.template.name, 'Acme brand')
    assert.equal(saved.body.template.builtIn, false)
    assert.deepEqual(saved.body.template.theme, theme)
    await s.call('POST', path, { token: owner.token, body: { name: 'Aardvark', theme: {} } })
    const listed = await s.call('GET', path, { token: guest.token })
    assert.deepEqual(
      listed.body.templates.filter((t: any) => !t.builtIn).map((t: any) => t.name),
      ['Aardvark', 'Acme brand'],
    )

    // Guests may not write; another workspace sees none of them; bad bodies are 400.
    assert.equal((await s.call('POST', path, { token: guest.token, body: { name: 'Mine', theme: {} } })).status, 403)
    assert.equal((await s.call('DELETE', `${path}/${saved.body.template.id}`, { token: guest.token })).status, 403)
    const stranger = await userWithWorkspace(s, 'Stranger')
    assert.equal((await s.call('GET', path, { token: stranger.token })).status, 404)
    const theirs = await s.call('GET', `/v1/workspaces/${stranger.workspaceId}/themeTemplates`, { token: stranger.token })
    assert.equal(theirs.body.templates.filter((t: any) => !t.builtIn).length, 0)
    assert.equal(
      (await s.call('DELETE', `/v1/workspaces/${stranger.workspaceId}/themeTemplates/${saved.body.template.id}`, { token: stranger.token })).status,
      404,
    )
    assert.equal((await s.call('POST', path, { token: owner.token, body: { name: '', theme: {} } })).status, 400)
    assert.equal((await s.call('POST', path, { token: owner.token, body: { name: 'X', theme: { general: { background: 'red' } } } })).status, 400)
    assert.equal((await s.call('POST', path, { token: owner.token, body: { name: 'X' } })).status, 400)

    const deleted = await s.call('DELETE', `${path}/${saved.body.template.id}`, { token: owner.token })
    assert.deepEqual(deleted.body, { id: saved.body.template.id, deleted: true })
    assert.equal((await s.call('DELETE', `${path}/${saved.body.template.id}`, { token: owner.token })).status, 404)
    assert.equal((await s.call('DELETE', `${path}/${builtInThemeTemplates[0]!.id}`, { token: owner.token })).status, 404)
  })
})
