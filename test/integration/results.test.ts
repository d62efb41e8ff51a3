import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { addMember, importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const oneQuestion = (progress = false) => ({
  version: '6',
  groups: [
    {
      id: 'g1',
      title: 'Q',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 'q1', type: 'text input', options: { variableId: 'v1' } },
        { id: 'q2', type: 'number input', options: { variableId: 'v2', min: 1, max: 10 } },
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [
    { id: 'v1', name: 'Word' },
    { id: 'v2', name: 'Count' },
  ],
  theme: progress ? { general: { progressBar: { isEnabled: true } } } : {},
  settings: {},
})

describe('results listing', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let bot: Record<string, any>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
    bot = await importAndPublish(s, owner.token, owner.workspaceId, oneQuestion())
  })
  after(() => s.stop())

  const chat = async (word: string | undefined) => {
    const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
    if (word !== undefined) await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: word } })
    // startChat answers the result's client key; listings show the result's id.
    return (await s.call('GET', `/v1/bots/${bot.id}/results/${start.body.resultId}`, { token: owner.token })).body.result.id as string
  }

  test("the cursor belongs to the bot: results of one millisecond page correctly, other bots' results change nothing", async () => {
    const other = await importAndPublish(s, owner.token, owner.workspaceId, oneQuestion())
    const same = '2026-01-02T03:04:05.678Z'
    const rows = (botId: string, prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `${prefix}${i}`,
        botId,
        createdAt: same,
        variables: '[]',
        isCompleted: 0 as const,
        hasStarted: 1 as const,
        isArchived: 0 as const,
        lastChatSessionId: null,
      }))
    await s.store.db
      .insertInto('results')
      .values(rows(bot.id, 'same-', 5))
      .execute()
    const list = async (cursor?: number) =>
      (
        await s.call('GET', `/v1/bots/${bot.id}/results?limit=2&timeFilter=allTime${cursor !== undefined ? `&cursor=${cursor}` : ''}`, {
          token: owner.token,
        })
      ).body
    const collect = async () => {
      const seen: string[] = []
      const cursors: number[] = []
      let page = await list()
      for (;;) {
        seen.push(...page.results.map((r: any) => r.id).filter((id: string) => id.startsWith('same-')))
        if (page.nextCursor === undefined) break
        cursors.push(page.nextCursor)
        page = await list(page.nextCursor)
      }
      return { seen, cursors }
    }
    const before = await collect()
    assert.deepEqual(before.seen, ['same-4', 'same-3', 'same-2', 'same-1', 'same-0'])
    // Thousands of results elsewhere (another bot) leave this bot's cursors as they were.
    await s.store.db
      .insertInto('results')
      .values(rows(other.id, 'other-', 50))
      .execute()
    assert.deepEqual((await collect()).cursors, before.cursors)
    await s.store.db.deleteFrom('results').where('id', 'like', 'same-%').execute()
  })

  test('pages through started results newest first, with a numeric cursor', async () => {
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push(await chat(`w${i}`))
    await chat(undefined) // started a chat but never answered: not listed
    const seen: string[] = []
    let cursor: number | undefined
    let pages = 0
    do {
      const res = await s.call('GET', `/v1/bots/${bot.id}/results?limit=3${cursor !== undefined ? `&cursor=${cursor}` : ''}`, { token: owner.token })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.ok(res.body.results.length <= 3)
      seen.push(...res.body.results.map((r: any) => r.id))
      cursor = res.body.nextCursor
      if (cursor !== undefined) assert.equal(typeof cursor, 'number')
      pages++
    } while (cursor !== undefined)
    assert.equal(pages, 3)
    assert.deepEqual(seen, ids.reverse())
    const first = (await s.call('GET', `/v1/bots/${bot.id}/results?limit=1`, { token: owner.token })).body.results[0]
    assert.deepEqual(
      first.answers.map((a: any) => a.content),
      ['w6'],
    )
    assert.equal(first.hasStarted, true)
    assert.equal(first.isCompleted, false)
  })

  test('time filters and time zones', async () => {
    for (const filter of ['today', 'last7Days', 'last30Days', 'monthToDate', 'yearToDate', 'allTime']) {
      const res = await s.call('GET', `/v1/bots/${bot.id}/results?timeFilter=${filter}&timeZone=Pacific/Kiritimati&limit=500`, { token: owner.token })
      assert.equal(res.status, 200)
      assert.ok(res.body.results.length >= 7, filter)
    }
    const lastMonth = await s.call('GET', `/v1/bots/${bot.id}/results?timeFilter=lastMonth`, { token: owner.token })
    assert.deepEqual(lastMonth.body.results, [])
    // results older than the window are not listed: backdate one
    const old = await chat('old')
    await s.store.db.updateTable('results').set({ createdAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', old).execute()
    const week = await s.call('GET', `/v1/bots/${bot.id}/results?limit=500`, { token: owner.token })
    assert.ok(!week.body.results.some((r: any) => r.id === old))
    const all = await s.call('GET', `/v1/bots/${bot.id}/results?limit=500&timeFilter=allTime`, { token: owner.token })
    assert.equal(all.body.results.at(-1).id, old)
  })

  test('bad parameters are 400; guests read; strangers get 404', async () => {
    for (const q of ['limit=0', 'limit=501', 'limit=x', 'timeFilter=yesterday', 'timeZone=Mars/Olympus', 'cursor=-1']) {
      assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results?${q}`, { token: owner.token })).status, 400, q)
    }
    const guest = await s.user('Guest', 'results-guest@example.com')
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results`, { token: guest.token })).status, 200)
    const stranger = await s.user('Stranger')
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results`, { token: stranger.token })).status, 404)
    const some = (await s.call('GET', `/v1/bots/${bot.id}/results`, { token: owner.token })).body.results[0].id
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/${some}`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/unknown`, { token: owner.token })).status, 404)
  })

  test('progress follows the answers when the progress bar is enabled', async () => {
    const withBar = await importAndPublish(s, owner.token, owner.workspaceId, oneQuestion(true))
    const start = await s.call('POST', `/v1/bots/${withBar.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(typeof start.body.progress, 'number')
    const p0 = start.body.progress
    const next = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'hi' } })
    assert.ok(next.body.progress > p0, `${next.body.progress} > ${p0}`)
    const done = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: '3' } })
    assert.equal(done.body.progress, 100)
    const noBar = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(noBar.body.progress, undefined)
  })

  test('a preview asks for the progress bar (or hides it) whatever the theme says', async () => {
    const preview = (botId: string, isProgressBarEnabled?: boolean) =>
      s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token: owner.token, body: { isProgressBarEnabled } })
    const shown = await preview(bot.id, true)
    assert.equal(shown.status, 200)
    assert.equal(typeof shown.body.progress, 'number')
    const next = await s.call('POST', `/v1/sessions/${shown.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'hi' } })
    assert.ok(next.body.progress > shown.body.progress)
    assert.equal((await preview(bot.id)).body.progress, undefined)
    const withBar = await importAndPublish(s, owner.token, owner.workspaceId, oneQuestion(true))
    assert.equal((await preview(withBar.id, false)).body.progress, undefined)
    assert.equal(typeof (await preview(withBar.id)).body.progress, 'number')
  })
})

describe('result logs', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let bot: Record<string, any>
  // One question, then an HTTP request that cannot be sent (its log is stored on the result) and the end.
  const withFailingRequest = {
    ...oneQuestion(),
    groups: [
      {
        id: 'g1',
        title: 'Q',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: 'q1', type: 'text input', options: { variableId: 'v1' } },
          { id: 'h1', type: 'Webhook', options: { webhook: { url: 'not a url', method: 'GET' } } },
        ],
      },
    ],
  }
  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    bot = await importAndPublish(s, owner.token, owner.workspaceId, withFailingRequest)
  })
  after(() => s.stop())

  const report = (sessionId: string, clientLogs: unknown[]) => s.call('POST', `/v1/sessions/${sessionId}/clientLogs`, { body: { clientLogs } })

  test("client logs are stored on the chat's result, also after its last turn, and read back with the blocks' logs", async () => {
    const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { body: {} })
    const { sessionId, resultId } = start.body
    const during = await report(sessionId, [
      { status: 'error', description: 'Script failed', details: { line: 3 }, context: 'While executing script' },
    ])
    assert.deepEqual(during.body, { stored: 1 })
    const end = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { body: { message: 'hello' } })
    assert.equal(end.body.input, undefined, 'the chat has ended')
    assert.deepEqual((await report(sessionId, [{ status: 'info', description: 'Redirected' }])).body, { stored: 1 })

    const logs = await s.call('GET', `/v1/bots/${bot.id}/results/${resultId}/logs`, { token: owner.token })
    assert.equal(logs.status, 200)
    const descriptions = logs.body.logs.map((l: any) => l.description)
    assert.equal(descriptions[0], 'Script failed')
    assert.ok(
      descriptions.some((d: string) => d.startsWith('Security validation failed')),
      descriptions.join(' | '),
    )
    assert.equal(descriptions.at(-1), 'Redirected')
    assert.deepEqual(logs.body.logs[0], {
      status: 'error',
      description: 'Script failed',
      details: '{"line":3}',
      context: 'While executing script',
      createdAt: logs.body.logs[0].createdAt,
    })
    // By the result's id too.
    const id = (await s.call('GET', `/v1/bots/${bot.id}/results/${resultId}`, { token: owner.token })).body.result.id
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/${id}/logs`, { token: owner.token })).body.logs.length, descriptions.length)
  })

  test('bad reports are 400, unknown sessions 404, previews store nothing; strangers cannot read logs', async () => {
    const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { body: {} })
    assert.equal((await report(start.body.sessionId, [{ status: 'error' }])).status, 400)
    assert.equal(
      (
        await report(
          start.body.sessionId,
          Array.from({ length: 21 }, () => ({ status: 'info', description: 'x' })),
        )
      ).status,
      400,
    )
    assert.equal((await s.call('POST', `/v1/sessions/${start.body.sessionId}/clientLogs`, { body: { clientLogs: 'no' } })).status, 400)
    assert.equal((await report('unknown-session', [{ status: 'info', description: 'x' }])).status, 404)
    const preview = await s.call('POST', `/v1/bots/${bot.id}/preview/startChat`, { token: owner.token, body: {} })
    const previewLog = { body: { clientLogs: [{ status: 'info', description: 'x' }] } }
    const previewLogs = `/v1/sessions/${preview.body.sessionId}/clientLogs`
    assert.deepEqual((await s.call('POST', previewLogs, { token: owner.token, ...previewLog })).body, { stored: 0 })
    // A preview belongs to its starter: anyone else gets the 404 of an unknown session.
    assert.equal((await s.call('POST', previewLogs, previewLog)).status, 404)
    const stranger = await s.user('Log stranger')
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/${start.body.resultId}/logs`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/unknown/logs`, { token: owner.token })).status, 404)
  })

  test("a chat whose result was deleted answers 404 to its client's logs (it was a 500); odd text is stored", async () => {
    const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { body: {} })
    const { sessionId, resultId } = start.body
    // Lone surrogates (no UTF-8 spelling) and a surrogate pair cut by the 5000-character limit of details.
    const odd = { status: '\ud800', description: 'a\udc00b', details: '💥'.repeat(3000), context: '\udfff' }
    assert.deepEqual((await report(sessionId, [odd])).body, { stored: 1 })
    const id = (await s.call('GET', `/v1/bots/${bot.id}/results/${resultId}`, { token: owner.token })).body.result.id
    assert.equal((await s.call('DELETE', `/v1/bots/${bot.id}/results/${id}`, { token: owner.token })).status, 200)
    // The session lives on (sessions have no foreign key to results), so its client may still report.
    for (const path of [
      `/v1/sessions/${sessionId}/clientLogs`,
      `/api/v1/sessions/${sessionId}/clientLogs`,
      `/api/v2/sessions/${sessionId}/clientLogs`,
    ]) {
      const res = await s.call('POST', path, { body: { clientLogs: [{ status: 'error', description: 'x' }] } })
      assert.equal(res.status, 404, path)
      assert.deepEqual(res.body, { code: 'not_found', message: "This chat's bot or result was deleted: its logs cannot be stored." })
    }
  })
})
