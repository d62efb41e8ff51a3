// The results table's session column (Typebot issue 2014): a fingerprint of each result's last chat session, so an
// operator can match a result with request logs and API calls without the table ever showing a session id (which
// would let a reader drive the visitor's chat). Hidden by default; exported only when asked for.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { parseCsv } from '../support/csv.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const fingerprint = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex').slice(0, 16)

describe('results table: the session column', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  test('columns, rows and exports carry the fingerprint of the last session, never the session id', async () => {
    const imported = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['g', [say('hi', 'Your name?'), { id: 'name', type: 'text input', options: { variableId: 'vName' } }, say('bye', 'Bye.')]]], {
        variables: [{ id: 'vName', name: 'Name' }],
        settings: { typingEmulation: { enabled: false } },
      }),
    )
    const start = await s.call('POST', `/api/v1/typebots/${imported.publicId}/startChat`, { body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    await s.call('POST', `/api/v1/sessions/${start.body.sessionId}/continueChat`, { body: { message: { type: 'text', text: 'Ada' } } })

    const columns = (await s.call('GET', `/v1/bots/${imported.id}/results/columns`, { token: owner.token })).body.columns
    assert.deepEqual(columns.at(-1), { id: 'session', kind: 'session', label: 'Session', isHiddenByDefault: true })
    const rows = (await s.call('GET', `/v1/bots/${imported.id}/results/rows?timeFilter=allTime`, { token: owner.token })).body.rows
    assert.equal(rows.length, 1)
    assert.equal(rows[0].cells.session, fingerprint(start.body.sessionId))
    assert.ok(!JSON.stringify(rows).includes(start.body.sessionId), 'the session id itself is never shown')
    // The same value as the result's `lastChatSessionId`.
    const result = (await s.call('GET', `/v1/bots/${imported.id}/results/${rows[0].id}`, { token: owner.token })).body.result
    assert.equal(result.lastChatSessionId, rows[0].cells.session)

    // A resumed result (remember user) shows its new session.
    const resumed = await s.call('POST', `/api/v1/typebots/${imported.publicId}/startChat`, { body: { resultId: start.body.resultId } })
    const again = (await s.call('GET', `/v1/bots/${imported.id}/results/rows?timeFilter=allTime`, { token: owner.token })).body.rows
    assert.equal(again[0].cells.session, fingerprint(resumed.body.sessionId))

    const exported = async (query: string) => {
      const res = await fetch(`${s.url}/v1/bots/${imported.id}/results/export?timeFilter=allTime${query}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      })
      assert.equal(res.status, 200)
      return parseCsv((await res.text()).replace(/^\uFEFF/, ''))
    }
    const plain = await exported('')
    assert.deepEqual(plain[0], ['Submitted at', 'Name'])
    const withSession = await exported('&sessionColumn=true')
    assert.deepEqual(withSession[0], ['Submitted at', 'Name', 'Session'])
    assert.deepEqual(withSession[1].slice(1), ['Ada', fingerprint(resumed.body.sessionId)])
    const json = await fetch(`${s.url}/v1/bots/${imported.id}/results/export?format=json&timeFilter=allTime&sessionColumn=1`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    assert.equal(((await json.json()) as any)[0].Session, fingerprint(resumed.body.sessionId))
    assert.equal((await s.call('GET', `/v1/bots/${imported.id}/results/export?sessionColumn=yes`, { token: owner.token })).status, 400)
  })
})
