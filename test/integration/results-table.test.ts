import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parseCsv } from '../support/csv.js'
import { addMember, importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const text = (id: string, said: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: said }] }] } })
const LONG = `Please tell us, in as many words as you like, ${'what you think about this product '.repeat(5)}`

/** One group of four inputs: two share a question, one has no bubble before it, one's question is long. */
const survey = (extra: Record<string, unknown>[] = []) => ({
  version: '6',
  name: 'Survey = "fun"',
  groups: [
    {
      id: 'g1',
      title: 'Profile',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        text('b1', 'What is your name?'),
        { id: 'i1', type: 'text input', options: { variableId: 'v1' } },
        text('b2', 'Hello {{Name}}!'),
        { id: 'img', type: 'image', content: { url: 'https://example.com/a.png' } },
        text('b3', 'Your email, please?'),
        { id: 'i2', type: 'email input', options: { variableId: 'v2' } },
        { id: 'i3', type: 'number input', options: { variableId: 'v3' } },
        text('b4', 'What is your name?'),
        { id: 'i4', type: 'text input', options: { variableId: 'v4' } },
        text('b5', LONG),
        { id: 'i5', type: 'text input' },
        ...extra,
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [
    { id: 'v1', name: 'Name' },
    { id: 'v2', name: 'Email' },
    { id: 'v3', name: 'Age' },
    { id: 'v4', name: 'Profile' },
  ],
  theme: {},
  settings: {},
})

/** Rows of the table, every page. */
const allRows = async (s: TestServer, token: string, botId: string, limit = 500) => {
  const rows: any[] = []
  let cursor: number | undefined
  do {
    const res = await s.call(
      'GET',
      `/v1/bots/${botId}/results/rows?timeFilter=allTime&limit=${limit}${cursor !== undefined ? `&cursor=${cursor}` : ''}`,
      {
        token,
      },
    )
    assert.equal(res.status, 200, JSON.stringify(res.body))
    rows.push(...res.body.rows)
    cursor = res.body.nextCursor
  } while (cursor !== undefined)
  return rows
}

/** A row's cells but the session's fingerprint (its own tests: results-session-column.test.ts). */
const withoutSession = ({ session, ...cells }: Record<string, string>) => {
  assert.match(session ?? '', /^[0-9a-f]{16}$/)
  return cells
}

describe('results table', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let bot: Record<string, any>
  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    bot = await importAndPublish(s, owner.token, owner.workspaceId, survey())
  })
  after(() => s.stop())

  /** A chat that gives these answers, in order, then stops; answers the result's id. */
  const chat = async (botRecord: Record<string, any>, answers: string[]) => {
    const start = await s.call('POST', `/v1/bots/${botRecord.publicId}/startChat`, { body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    for (const message of answers) {
      const res = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { body: { message } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
    }
    return (await s.call('GET', `/v1/bots/${botRecord.id}/results/${start.body.resultId}`, { token: owner.token })).body.result.id as string
  }

  test("columns by Typebot's rule: an input is labelled by the variable it saves into, else by the question before it; no column repeats an input's variable", async () => {
    const res = await s.call('GET', `/v1/bots/${bot.id}/results/columns`, { token: owner.token })
    assert.equal(res.status, 200)
    const labels = res.body.columns.map((c: any) => [c.id, c.label])
    assert.deepEqual(labels, [
      ['submittedAt', 'Submitted at'],
      ['block:i1', 'Name'],
      ['block:i2', 'Email'],
      ['block:i3', 'Age'],
      ['block:i4', 'Profile'],
      ['block:i5', `${LONG.slice(0, 79).trimEnd()}…`],
      ['session', 'Session'],
    ])
    assert.equal(res.body.columns[5].label.length, 80)
    assert.deepEqual(res.body.columns[1], {
      id: 'block:i1',
      kind: 'block',
      label: 'Name',
      blockId: 'i1',
      blockType: 'text input',
      groupId: 'g1',
      variableId: 'v1',
      blockIds: ['i1'],
    })
  })

  test('a block removed from the draft keeps its column while the published bot has it; a new draft block gets one', async () => {
    const other = await importAndPublish(s, owner.token, owner.workspaceId, survey())
    const groups = structuredClone(other.groups)
    groups[0].blocks = groups[0].blocks.filter((b: any) => b.id !== 'i3')
    groups[0].blocks.push(text('b9', 'Anything else?'), { id: 'i9', type: 'text input' })
    const patched = await s.call('PATCH', `/v1/bots/${other.id}`, { token: owner.token, body: { bot: { groups } } })
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
    const columns = (await s.call('GET', `/v1/bots/${other.id}/results/columns`, { token: owner.token })).body.columns
    const blocks = columns.filter((c: any) => c.kind === 'block').map((c: any) => c.blockId)
    assert.deepEqual(blocks, ['i1', 'i2', 'i4', 'i5', 'i9', 'i3'])
  })

  test("inputs of a bot linked with merged results get columns (its answers are on this bot's results); other workspaces' bots do not", async () => {
    const child = await importAndPublish(s, owner.token, owner.workspaceId, {
      ...survey(),
      name: 'Child',
      groups: [
        { id: 'cg', title: 'Child', graphCoordinates: { x: 0, y: 0 }, blocks: [text('cb', 'Favourite colour?'), { id: 'c1', type: 'text input' }] },
      ],
      variables: [],
      edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'cg' } }],
    })
    const stranger = await userWithWorkspace(s, 'Linker')
    const foreign = await importAndPublish(s, stranger.token, stranger.workspaceId, survey())
    const link = (id: string, typebotId: string) => ({ id, type: 'Typebot link', options: { typebotId, mergeResults: true } })
    const parent = await importAndPublish(s, owner.token, owner.workspaceId, {
      ...survey(),
      groups: [
        {
          id: 'pg',
          title: 'Parent',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [text('pb', 'Your name?'), { id: 'p1', type: 'text input' }, link('l1', child.id)],
        },
        { id: 'unused', title: 'Unused', graphCoordinates: { x: 0, y: 0 }, blocks: [link('l2', foreign.id), link('l3', 'current')] },
      ],
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
      edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'pg' } }],
      variables: [],
    })
    const columns = (await s.call('GET', `/v1/bots/${parent.id}/results/columns`, { token: owner.token })).body.columns
    assert.deepEqual(
      columns.map((c: any) => c.label),
      ['Submitted at', 'Your name?', 'Favourite colour?', 'Session'],
    )
    const id = await chat(parent, ['Ann', 'Blue'])
    const row = (await allRows(s, owner.token, parent.id)).find((r) => r.id === id)
    assert.deepEqual(withoutSession(row.cells), { submittedAt: row.createdAt, 'block:p1': 'Ann', 'block:c1': 'Blue' })
  })

  test('rows hold cells by column id, newest first, in keyset pages; the detail reads as a transcript', async () => {
    const first = await chat(bot, ['Ada', 'ada@example.com', '36', 'Countess'])
    const second = await chat(bot, ['Bob'])
    const rows = await allRows(s, owner.token, bot.id, 1)
    const ids = rows.map((r) => r.id)
    assert.deepEqual(ids.slice(0, 2), [second, first])
    assert.deepEqual(withoutSession(rows[1].cells), {
      submittedAt: rows[1].createdAt,
      'block:i1': 'Ada',
      'block:i2': 'ada@example.com',
      'block:i3': '36',
      'block:i4': 'Countess',
    })
    assert.deepEqual(withoutSession(rows[0].cells), { submittedAt: rows[0].createdAt, 'block:i1': 'Bob' })

    const detail = await s.call('GET', `/v1/bots/${bot.id}/results/${first}/detail`, { token: owner.token })
    assert.equal(detail.status, 200)
    const result = detail.body.result
    assert.deepEqual(
      result.answers.map((a: any) => [a.label, a.content]),
      [
        ['Name', 'Ada'],
        ['Email', 'ada@example.com'],
        ['Age', '36'],
        ['Profile', 'Countess'],
      ],
    )
    assert.deepEqual(result.variables[0], { id: 'v1', name: 'Name', columnId: 'variable:v1', value: 'Ada' })
    assert.equal(result.isCompleted, false)
    assert.deepEqual(result.logs, [])
  })

  test('time filters and bad parameters', async () => {
    const old = await chat(bot, ['Old'])
    await s.store.db.updateTable('results').set({ createdAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', old).execute()
    const week = await s.call('GET', `/v1/bots/${bot.id}/results/rows?timeFilter=last7Days&timeZone=Europe/Paris`, { token: owner.token })
    assert.ok(!week.body.rows.some((r: any) => r.id === old))
    assert.ok(week.body.rows.length > 0)
    assert.equal((await allRows(s, owner.token, bot.id)).at(-1).id, old)
    const today = await s.call('GET', `/v1/bots/${bot.id}/analytics?timeFilter=today`, { token: owner.token })
    const all = await s.call('GET', `/v1/bots/${bot.id}/analytics?timeFilter=allTime`, { token: owner.token })
    assert.equal(all.body.views, today.body.views + 1)
    for (const q of ['timeFilter=yesterday', 'timeZone=Mars/Olympus', 'limit=0', 'cursor=x']) {
      assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/rows?${q}`, { token: owner.token })).status, 400, q)
    }
    for (const q of ['format=xml', 'timeZone=Nowhere']) {
      assert.equal((await s.call('GET', `/v1/bots/${bot.id}/results/export?${q}`, { token: owner.token })).status, 400, q)
    }
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/analytics?timeFilter=ever`, { token: owner.token })).status, 400)
  })

  test('exports: CSV parses back to the rows with labelled headers and formula-safe cells; JSON is an array of labelled objects', async () => {
    const other = await importAndPublish(s, owner.token, owner.workspaceId, survey())
    await chat(other, ['=HYPERLINK("http://evil.example","x")', 'a@b.co', '-3', '@SUM(A1)', 'Line one\r\nline "two", end'])
    await chat(other, ['Plain'])
    const csv = await fetch(`${s.url}/v1/bots/${other.id}/results/export?format=csv&timeFilter=allTime`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    assert.equal(csv.status, 200)
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8')
    assert.match(
      csv.headers.get('content-disposition') ?? '',
      /^attachment; filename="Survey = _fun_ results.csv"; filename\*=UTF-8''Survey%20%3D%20%22fun%22%20results.csv$/,
    )
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer())
    assert.ok(body.startsWith('\uFEFF'), 'a byte-order mark')
    const table = parseCsv(body.slice(1))
    // The session column is exported only when asked for (results-session-column.test.ts).
    const columns = (await s.call('GET', `/v1/bots/${other.id}/results/columns`, { token: owner.token })).body.columns.filter(
      (c: any) => c.kind !== 'session',
    )
    assert.deepEqual(
      table[0],
      columns.map((c: any) => c.label),
    )
    const rows = await allRows(s, owner.token, other.id)
    const guard = (v: string) => (/^[=+\-@]/.test(v) ? `'${v}` : v)
    assert.deepEqual(
      table.slice(1),
      rows.map((r) => columns.map((c: any) => guard(r.cells[c.id] ?? ''))),
    )
    const dangerous = table[2]
    assert.equal(dangerous[1], `'=HYPERLINK("http://evil.example","x")`)
    assert.equal(dangerous[3], "'-3")
    assert.equal(dangerous[4], "'@SUM(A1)")
    assert.equal(dangerous[5], 'Line one\r\nline "two", end')

    const json = await fetch(`${s.url}/v1/bots/${other.id}/results/export?format=json&timeFilter=allTime`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    assert.equal(json.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.match(json.headers.get('content-disposition') ?? '', /results\.json/)
    const records = await json.json()
    assert.deepEqual(
      records,
      rows.map((r) => Object.fromEntries(columns.map((c: any) => [c.label, r.cells[c.id] ?? null]))),
    )
    assert.equal(records[1].Name, '=HYPERLINK("http://evil.example","x")')
    // An empty window: a header row only, an empty array.
    const none = await fetch(`${s.url}/v1/bots/${other.id}/results/export?format=json&timeFilter=lastMonth`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    assert.deepEqual(await none.json(), [])
  })

  test('analytics: views, starts, completions and drop-off per input after chats that stop at different inputs', async () => {
    const other = await importAndPublish(s, owner.token, owner.workspaceId, survey())
    await chat(other, [])
    await chat(other, ['A'])
    await chat(other, ['B', 'b@example.com'])
    await chat(other, ['C', 'c@example.com', '3'])
    await chat(other, ['D', 'd@example.com', '4', 'Dee', 'Nothing'])
    await chat(other, ['E', 'e@example.com', '5', 'Eve', 'All good'])
    // Two answers to one input (an invalid email is retried, not stored): counted once.
    await chat(other, ['F', 'not an email'])
    const res = await s.call('GET', `/v1/bots/${other.id}/analytics?timeFilter=today&timeZone=Asia/Tokyo`, { token: owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const { blocks, ...totals } = res.body
    assert.deepEqual(totals, { views: 7, starts: 6, completed: 2, startRate: 6 / 7, completionRate: 2 / 7 })
    assert.deepEqual(
      blocks.map((b: any) => [b.blockId, b.reached, b.answered, b.droppedOff]),
      [
        ['i1', 7, 6, 1],
        ['i2', 6, 4, 2],
        ['i3', 4, 3, 1],
        ['i4', 3, 2, 1],
        ['i5', 2, 2, 0],
      ],
    )
    assert.equal(blocks[1].dropOffRate, 2 / 6)
    assert.equal(blocks[0].label, 'Name')
    assert.equal(blocks[0].groupId, 'g1')
  })

  test('analytics count a chat whose variables hold what PostgreSQL cannot parse as JSON: a lone surrogate, a NUL from code', async () => {
    const odd = await importAndPublish(s, owner.token, owner.workspaceId, {
      ...survey(),
      groups: [
        {
          id: 'g1',
          title: 'Odd',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            {
              id: 'set',
              type: 'Set variable',
              options: { variableId: 'v4', type: 'Custom', isCode: true, expressionToEvaluate: "return 'a' + String.fromCharCode(0) + 'b'" },
            },
            { id: 'i1', type: 'text input', options: { variableId: 'v1' } },
            { id: 'i2', type: 'text input', options: { variableId: 'v2' } },
          ],
        },
      ],
    })
    // The session's state (JSON text) then holds the escapes \u0000 and \ud800.
    await chat(odd, ['\ud800 lone'])
    const res = await s.call('GET', `/v1/bots/${odd.id}/analytics?timeFilter=allTime`, { token: owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(
      res.body.blocks.map((b: any) => [b.blockId, b.reached, b.answered, b.droppedOff]),
      [
        ['i1', 1, 1, 0],
        ['i2', 1, 0, 1],
      ],
    )
  })

  test('resultsTablePreferences are saved and returned by the bot update; a bad shape is 400', async () => {
    const resultsTablePreferences = {
      columnsOrder: ['submittedAt', 'variable:v1', 'block:i1'],
      columnsVisibility: { 'block:i2': false },
      columnsWidth: { 'block:i1': 240 },
    }
    const res = await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { resultsTablePreferences } } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.bot.resultsTablePreferences, resultsTablePreferences)
    assert.deepEqual((await s.call('GET', `/v1/bots/${bot.id}`, { token: owner.token })).body.bot.resultsTablePreferences, resultsTablePreferences)
    for (const bad of [{ columnsWidth: { a: 'wide' } }, { columnsOrder: 'a,b' }, { columnsVisibility: { a: 1 } }, 'x']) {
      const refused = await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { resultsTablePreferences: bad } } })
      assert.equal(refused.status, 400, JSON.stringify(bad))
    }
  })

  test('deletes: selected ids or all, in chunks; guests are refused, other workspaces get 404', async () => {
    const other = await importAndPublish(s, owner.token, owner.workspaceId, survey())
    const keep = await chat(other, ['Keep'])
    const elsewhere = await chat(bot, ['Stays'])
    const drop = [await chat(other, ['One']), await chat(other, ['Two'])]
    const guest = await s.user('Guest', `guest-${Date.now()}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const stranger = await userWithWorkspace(s, 'Stranger')
    const del = (token: string, q: string) => s.call('DELETE', `/v1/bots/${other.id}/results?${q}`, { token })
    assert.equal((await del(guest.token, `ids=${drop[0]}`)).status, 403)
    assert.equal((await del(guest.token, 'all=true')).status, 403)
    assert.equal((await del(stranger.token, `ids=${drop[0]}`)).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${other.id}/results/export`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${other.id}/analytics`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${other.id}/results/columns`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${other.id}/results/${keep}/detail`, { token: stranger.token })).status, 404)
    // A stranger's own bot does not reach this bot's results either.
    const strangerBot = await importAndPublish(s, stranger.token, stranger.workspaceId, survey())
    assert.deepEqual((await s.call('DELETE', `/v1/bots/${strangerBot.id}/results?ids=${keep}`, { token: stranger.token })).body, { deleted: 0 })
    for (const q of ['', 'ids=', 'ids=a&all=true', 'all=false']) assert.equal((await del(owner.token, q)).status, 400, q)
    assert.equal((await s.call('GET', `/v1/bots/${other.id}/analytics`, { token: guest.token })).status, 200)

    assert.deepEqual((await del(owner.token, `ids=${drop.join(',')},unknown`)).body, { deleted: 2 })
    assert.deepEqual(
      (await allRows(s, owner.token, other.id)).map((r) => r.id),
      [keep],
    )
    assert.equal((await s.call('GET', `/v1/bots/${other.id}/results/${drop[0]}/detail`, { token: owner.token })).status, 404)
    assert.deepEqual(await s.store.db.selectFrom('answers').select('id').where('resultId', 'in', drop).execute(), [], 'answers go with them')

    const many = Array.from({ length: 1234 }, (_, i) => ({
      id: `bulk-${other.id}-${i}`,
      botId: other.id,
      createdAt: new Date(Date.now() - i * 1000).toISOString(),
      variables: '[]',
      isCompleted: 0 as const,
      hasStarted: 1 as const,
      isArchived: 0 as const,
      lastChatSessionId: null,
    }))
    for (let i = 0; i < many.length; i += 400)
      await s.store.db
        .insertInto('results')
        .values(many.slice(i, i + 400))
        .execute()
    assert.deepEqual((await del(owner.token, 'all=true')).body, { deleted: 1235 })
    assert.deepEqual(await allRows(s, owner.token, other.id), [])
    assert.ok(
      (await allRows(s, owner.token, bot.id)).some((r) => r.id === elsewhere),
      "another bot's results stay",
    )
  })
})

describe('export of a large bot', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let bot: Record<string, any>
  const COUNT = 20_000
  const filler = 'x'.repeat(400)
  const get = (path: string, signal?: AbortSignal) => fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${owner.token}` }, signal })

  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
    bot = await importAndPublish(s, owner.token, owner.workspaceId, survey())
    // Inserted directly: result i is i seconds old, so the export lists them in order.
    const now = Date.now()
    for (let i = 0; i < COUNT; i += 500) {
      const ids = Array.from({ length: Math.min(500, COUNT - i) }, (_, k) => i + k)
      await s.store.db
        .insertInto('results')
        .values(
          ids.map((n) => ({
            id: `big-${n}`,
            botId: bot.id,
            createdAt: new Date(now - n * 1000).toISOString(),
            variables: JSON.stringify([{ id: 'v1', name: 'Name', value: `name-${n}` }]),
            isCompleted: 1 as const,
            hasStarted: 1 as const,
            isArchived: 0 as const,
            lastChatSessionId: null,
          })),
        )
        .execute()
      await s.store.db
        .insertInto('answers')
        .values(
          ids.flatMap((n) => [
            { resultId: `big-${n}`, blockId: 'i1', content: `name-${n}`, attachedFileUrls: null, createdAt: new Date(now).toISOString() },
            { resultId: `big-${n}`, blockId: 'i5', content: `${n} ${filler}`, attachedFileUrls: null, createdAt: new Date(now).toISOString() },
          ]),
        )
        .execute()
    }
  })
  after(() => s.stop())

  test('CSV streams every row in order while the memory used stays far below the size of the file', async () => {
    const res = await get(`/v1/bots/${bot.id}/results/export?format=csv&timeFilter=allTime`)
    assert.equal(res.status, 200)
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    // What stays reachable, measured after a full collection now and then.
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const retained = () => {
      gc()
      return process.memoryUsage().heapUsed
    }
    const base = retained()
    let peak = 0
    let bytes = 0
    let chunks = 0
    let pending = ''
    let line = -1
    for await (const chunk of res.body!) {
      bytes += chunk.byteLength
      chunks++
      pending += decoder.decode(chunk, { stream: true })
      const lines = pending.split('\r\n')
      pending = lines.pop()!
      for (const text of lines) {
        if (line >= 0) {
          const cells = parseCsv(`${text}\r\n`)[0]
          assert.equal(cells[1], `name-${line}`)
          assert.equal(cells[5], `${line} ${filler}`)
        }
        line++
      }
      if (chunks % 25 === 0) peak = Math.max(peak, retained() - base)
    }
    assert.equal(pending, '')
    assert.equal(line, COUNT)
    assert.ok(bytes > 8_000_000, `${bytes} bytes`)
    assert.ok(chunks > 20, `${chunks} chunks`)
    // Server and test share this process: a server holding the export would keep more than the file's size.
    assert.ok(peak < bytes / 4, `${peak} bytes stayed reachable during a ${bytes}-byte export`)
  })

  test('JSON holds every row; a reader that goes away stops the export and the server goes on', async () => {
    const records = (await (await get(`/v1/bots/${bot.id}/results/export?format=json&timeFilter=allTime`)).json()) as Record<string, string>[]
    assert.equal(records.length, COUNT)
    assert.equal(records[0].Name, 'name-0')
    assert.equal(records[COUNT - 1].Name, `name-${COUNT - 1}`)

    const abort = new AbortController()
    const partial = await get(`/v1/bots/${bot.id}/results/export?format=csv&timeFilter=allTime`, abort.signal)
    const reader = partial.body!.getReader()
    await reader.read()
    abort.abort()
    await assert.rejects(reader.read())
    const analytics = await s.call('GET', `/v1/bots/${bot.id}/analytics?timeFilter=allTime`, { token: owner.token })
    assert.equal(analytics.body.views, COUNT)
    assert.equal(analytics.body.completed, COUNT)
    assert.deepEqual(analytics.body.blocks[0], {
      blockId: 'i1',
      groupId: 'g1',
      label: 'Name',
      reached: COUNT,
      answered: COUNT,
      droppedOff: 0,
      dropOffRate: 0,
    })
  })
})
