// Workspace administration: rename, delete (with everything in it, on both backends), leave, credentials rename.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { addMember, importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const SECRET = 'a-test-encryption-secret-of-some-length'

const askName = {
  version: '6',
  name: 'Ask',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e1', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'G',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 'hi', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Name?' }] }] } },
        { id: 'name', type: 'text input', options: { variableId: 'v1' } },
        { id: 'bye', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Bye {{Name}}' }] }] } },
      ],
    },
  ],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
  theme: {},
  settings: {},
}

describe('workspace administration', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer({ ENCRYPTION_SECRET: SECRET })
  })
  after(() => s.stop())

  /** A workspace with an admin, a member, a guest and an outsider. */
  const team = async () => {
    const admin = await userWithWorkspace(s, 'Admin')
    const [member, guest, outsider] = await Promise.all(['Member', 'Guest', 'Outsider'].map((n) => userWithWorkspace(s, n)))
    for (const [u, role] of [
      [member, 'member'],
      [guest, 'guest'],
    ] as const)
      await addMember(s, admin, admin.workspaceId, u, role)
    return { admin, member, guest, outsider, id: admin.workspaceId }
  }

  test('rename: admins only; members and guests 403, outsiders 404; validation', async () => {
    const { admin, member, guest, outsider, id } = await team()
    const res = await s.call('PATCH', `/v1/workspaces/${id}`, { token: admin.token, body: { name: 'Renamed', icon: '🎯' } })
    assert.equal(res.status, 200)
    assert.equal(res.body.workspace.name, 'Renamed')
    assert.equal(res.body.workspace.icon, '🎯')
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: member.token })).body.workspace.name, 'Renamed')
    assert.equal((await s.call('PATCH', `/v1/workspaces/${id}`, { token: member.token, body: { name: 'X' } })).status, 403)
    assert.equal((await s.call('PATCH', `/v1/workspaces/${id}`, { token: guest.token, body: { name: 'X' } })).status, 403)
    assert.equal((await s.call('PATCH', `/v1/workspaces/${id}`, { token: outsider.token, body: { name: 'X' } })).status, 404)
    for (const body of [{}, { name: '' }, { name: 5 }]) {
      assert.equal((await s.call('PATCH', `/v1/workspaces/${id}`, { token: admin.token, body })).status, 400, JSON.stringify(body))
    }
  })

  test('leave: a member and a guest leave; the last admin cannot, until another admin exists', async () => {
    const { admin, member, guest, outsider, id } = await team()
    assert.equal((await s.call('POST', `/v1/workspaces/${id}/leave`, { token: outsider.token })).status, 404)
    const left = await s.call('POST', `/v1/workspaces/${id}/leave`, { token: guest.token })
    assert.deepEqual(left.body, { id, left: true })
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: guest.token })).status, 404)
    assert.equal((await s.call('POST', `/v1/workspaces/${id}/leave`, { token: member.token })).status, 200)
    const last = await s.call('POST', `/v1/workspaces/${id}/leave`, { token: admin.token })
    assert.equal(last.status, 409)
    assert.equal(last.body.code, 'conflict')
    await addMember(s, admin, id, outsider, 'admin')
    assert.equal((await s.call('POST', `/v1/workspaces/${id}/leave`, { token: admin.token })).status, 200)
    const members = await s.call('GET', `/v1/workspaces/${id}/members`, { token: outsider.token })
    assert.deepEqual(
      members.body.members.map((m: any) => [m.userId, m.role]),
      [[outsider.id, 'admin']],
    )
  })

  test('credentials rename: members rename, guests 403, outsiders and other workspaces 404, the secret stays', async () => {
    const { admin, member, guest, outsider, id } = await team()
    const created = await s.call('POST', `/v1/workspaces/${id}/credentials`, {
      token: admin.token,
      body: { type: 'openai', name: 'Key', data: { apiKey: 'sk-secret-1234' } },
    })
    const credId = created.body.credentials.id
    const path = `/v1/workspaces/${id}/credentials/${credId}`
    const res = await s.call('PATCH', path, { token: member.token, body: { name: 'Production key' } })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.credentials, { ...created.body.credentials, name: 'Production key' })
    assert.ok(!JSON.stringify(res.body).includes('sk-secret'))
    assert.equal((await s.store.credentials.get(id, credId))?.data.apiKey, 'sk-secret-1234')
    assert.equal((await s.call('PATCH', path, { token: guest.token, body: { name: 'X' } })).status, 403)
    assert.equal((await s.call('PATCH', path, { token: outsider.token, body: { name: 'X' } })).status, 404)
    const otherPath = `/v1/workspaces/${outsider.workspaceId}/credentials/${credId}`
    assert.equal((await s.call('PATCH', otherPath, { token: outsider.token, body: { name: 'X' } })).status, 404)
    assert.equal((await s.call('PATCH', path, { token: admin.token, body: { name: '' } })).status, 400)
  })

  test('delete: admins only; removes bots, snapshots, results and answers, sessions, credentials, folders, invitations', async () => {
    const { admin, member, guest, outsider, id } = await team()
    const other = await userWithWorkspace(s, 'Other')
    const bots = await Promise.all([id, other.workspaceId].map((w, i) => importAndPublish(s, i ? other.token : admin.token, w, askName)))
    // A chat left half-way in each workspace (its session stays), and one finished.
    for (const [bot, token] of [
      [bots[0], admin.token],
      [bots[1], other.token],
    ] as const) {
      const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token, body: {} })
      assert.equal(start.status, 200, JSON.stringify(start.body))
      const done = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token, body: {} })
      await s.call('POST', `/v1/sessions/${done.body.sessionId}/continueChat`, { token, body: { message: 'Ada' } })
    }
    await s.call('POST', `/v1/workspaces/${id}/folders`, { token: admin.token, body: { name: 'F' } })
    await s.call('POST', `/v1/workspaces/${id}/invitations`, { token: admin.token, body: { email: 'someone@example.com', role: 'member' } })
    await s.call('POST', `/v1/workspaces/${id}/credentials`, { token: admin.token, body: { type: 'openai', name: 'K', data: { apiKey: 'x' } } })

    const db = s.store.db
    const counts = async () => {
      const n = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
      const ofBots = (table: 'publishedBots' | 'results') => n(db.selectFrom(table).where('botId', '=', bots[0].id))
      const ofResults = (table: 'answers' | 'logs') =>
        n(db.selectFrom(table).where('resultId', 'in', db.selectFrom('results').select('id').where('botId', '=', bots[0].id)))
      return {
        bots: await n(db.selectFrom('bots').where('workspaceId', '=', id)),
        publishedBots: await ofBots('publishedBots'),
        results: await ofBots('results'),
        answers: await ofResults('answers'),
        members: await n(db.selectFrom('members').where('workspaceId', '=', id)),
        credentials: await n(db.selectFrom('credentials').where('workspaceId', '=', id)),
        folders: await n(db.selectFrom('folders').where('workspaceId', '=', id)),
        invitations: await n(db.selectFrom('invitations').where('workspaceId', '=', id)),
        sessions: await n(db.selectFrom('chatSessions')),
      }
    }
    const before = await counts()
    assert.ok(
      Object.entries(before).every(([, v]) => v > 0),
      JSON.stringify(before),
    )
    assert.equal(before.sessions, 2, 'one unfinished chat per workspace')

    for (const u of [member, guest]) assert.equal((await s.call('DELETE', `/v1/workspaces/${id}`, { token: u.token })).status, 403)
    assert.equal((await s.call('DELETE', `/v1/workspaces/${id}`, { token: outsider.token })).status, 404)
    const res = await s.call('DELETE', `/v1/workspaces/${id}`, { token: admin.token })
    assert.deepEqual(res.body, { id, deleted: true })
    assert.deepEqual(await counts(), {
      bots: 0,
      publishedBots: 0,
      results: 0,
      answers: 0,
      members: 0,
      credentials: 0,
      folders: 0,
      invitations: 0,
      sessions: 1,
    })
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: admin.token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${bots[0].id}`, { token: admin.token })).status, 404)
    // The other workspace is untouched: its bot still chats.
    const still = await s.call('POST', `/v1/bots/${bots[1].publicId}/startChat`, { token: other.token, body: {} })
    assert.equal(still.status, 200)
    assert.equal((await s.call('DELETE', `/v1/workspaces/${id}`, { token: admin.token })).status, 404)
  })
})
