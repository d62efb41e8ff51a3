// A preview chat belongs to the builder who started it: anyone else holding its session id (anonymous, a coworker,
// a guest, a stranger) gets the 404 of an unknown session on every chat route.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { addMember, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const waitingBot = {
  name: 'Asks',
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  groups: [
    {
      id: 'g1',
      title: 'Ask',
      graphCoordinates: { x: 400, y: 0 },
      blocks: [{ id: 'ask', type: 'text input', options: { variableId: 'v1' } }],
    },
  ],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'answer' }],
}

describe('preview sessions belong to who started them', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  const others: Record<string, string | null> = {}
  let memberId: string
  let botId: string
  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    const created = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, bot: waitingBot } })
    assert.equal(created.status, 200, JSON.stringify(created.body))
    botId = created.body.bot.id
    for (const role of ['member', 'guest'] as const) {
      const user = await s.user(role, `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`)
      await addMember(s, owner, owner.workspaceId, user, role)
      others[role] = user.token
      if (role === 'member') memberId = user.id
    }
    others.stranger = (await userWithWorkspace(s, 'Stranger')).token
    others.anonymous = null
  })
  after(() => s.stop())

  const startPreview = async (token: string) => {
    const res = await s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token, body: {} })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.sessionId as string
  }

  test('continue, clientLogs, uploads and streams answer 404 to anyone but the builder who started it', async () => {
    const sessionId = await startPreview(owner.token)
    const routes = [
      ['/v1/sessions/{id}/continueChat', { message: 'hi' }],
      ['/api/v1/sessions/{id}/continueChat', { message: 'hi' }],
      ['/v1/sessions/{id}/clientLogs', { clientLogs: [{ status: 'error', description: 'x' }] }],
      ['/api/v2/sessions/{id}/clientLogs', { clientLogs: [{ status: 'error', description: 'x' }] }],
      ['/v1/sessions/{id}/files', { blockId: 'ask', fileName: 'a.txt', size: 1 }],
      ['/v1/sessions/{id}/streamMessage', undefined],
      ['/api/v2/sessions/{id}/streamMessage', {}],
    ] as const
    for (const [who, token] of Object.entries(others))
      for (const [path, body] of routes) {
        const res = await s.call('POST', path.replace('{id}', sessionId), { token, body })
        assert.equal(res.status, 404, `${who} ${path}: ${JSON.stringify(res.body)}`)
      }
    const upload = await s.call('POST', '/api/v3/generate-upload-url', {
      token: null,
      body: { sessionId, blockId: 'ask', fileName: 'a.txt', fileType: 'text/plain' },
    })
    assert.equal(upload.status, 404, JSON.stringify(upload.body))

    const mine = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message: 'hi' } })
    assert.equal(mine.status, 200, JSON.stringify(mine.body))
  })

  test('a coworker cannot take over the session id of a preview by starting one on it', async () => {
    const sessionId = await startPreview(owner.token)
    const taken = await s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token: others.member!, body: { sessionId } })
    assert.equal(taken.status, 409, JSON.stringify(taken.body))
    const restarted = await s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token: owner.token, body: { sessionId } })
    assert.equal(restarted.status, 200, JSON.stringify(restarted.body))
  })

  test('a builder who leaves the workspace can no longer drive their preview', async () => {
    const sessionId = await startPreview(others.member!)
    const before = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: others.member!, body: {} })
    assert.equal(before.status, 200, JSON.stringify(before.body))
    const removed = await s.call('DELETE', `/v1/workspaces/${owner.workspaceId}/members/${memberId}`, { token: owner.token })
    assert.equal(removed.status, 200, JSON.stringify(removed.body))
    const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: others.member!, body: { message: 'hi' } })
    assert.equal(res.status, 404, JSON.stringify(res.body))
  })
})
