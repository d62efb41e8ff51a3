// The store under many concurrent turns, on the real database: the turns that arrive together are stored together
// (SQLite: one transaction; PostgreSQL: one statement for the common turns, their sessions read by one statement),
// and that changes nothing a turn can see. Every turn on its own session is stored whole; a turn that lost its
// revision check writes nothing and conflicts; a turn whose write fails fails alone; turns touching the same session
// or result in one round are stored one after the other, in the order they came.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { SessionConflictError, type TurnWrite } from '../../src/store/chats.js'
import { type Store, openStore } from '../../src/store/index.js'
import { backend, createTestDatabase, type TestDatabase } from '../support/database.js'

describe(`many concurrent turns in the store (${backend})`, () => {
  let database: TestDatabase
  let store: Store
  let botId: string
  /** Turns per group commit (a transaction, or PostgreSQL's statement), in order. */
  const batches: number[] = []

  before(async () => {
    database = await createTestDatabase()
    store = await openStore(database.url, { onGroupCommit: (turns) => batches.push(turns) })
    const user = await store.accounts.createUser('Owner')
    const workspace = await store.workspaces.create(user.id, { name: 'W' })
    const doc = { version: '6' as const, name: 'B', groups: [], events: [], edges: [], variables: [], theme: {}, settings: {} }
    botId = (await store.bots.create({ workspaceId: workspace.id, publicId: 'batch-bot', doc })).id
  })
  after(async () => {
    await store.close()
    await database.drop()
  })

  const variables = (value: string) => [{ id: 'v1', name: 'Name', value }]

  /** Chats at revision 1, each with its result, started together. */
  const start = (ids: string[]) =>
    Promise.all(
      ids.map((id) =>
        store.chats.commitTurn({
          session: { kind: 'create', id },
          state: '{"step":0}',
          newResults: [{ id: `r-${id}`, botId }],
          results: [{ resultId: `r-${id}`, hasStarted: false, isCompleted: false, variables: variables('') }],
          answers: [],
          logs: [],
        }),
      ),
    )

  const reply = (id: string, revision: number, text: string, overrides: Partial<TurnWrite> = {}): TurnWrite => ({
    session: { kind: 'update', id, revision, reply: { digest: `d-${text}`, answer: JSON.stringify({ said: text }) } },
    state: JSON.stringify({ step: revision, text }),
    newResults: [],
    results: [{ resultId: `r-${id}`, hasStarted: true, isCompleted: false, variables: variables(text) }],
    answers: [
      { resultId: `r-${id}`, blockId: 'b1', content: text, attachedFileUrls: [`https://files.test/${id}.png`] },
      { resultId: `r-${id}`, blockId: 'b2', content: `${text} again` },
    ],
    logs: [{ resultId: `r-${id}`, status: 'info', description: `got ${text}`, details: '{"n":1}' }],
    ...overrides,
  })

  const answersOf = async (id: string) => (await store.chats.result(botId, `r-${id}`))?.answers ?? []
  const logsOf = (id: string) => store.db.selectFrom('logs').select(['description', 'details']).where('resultId', '=', `r-${id}`).execute()

  test('200 turns on 200 sessions at once: every one stored whole, in fewer commits than turns', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `many-${i}`)
    await start(ids)
    batches.length = 0
    const outcomes = await Promise.allSettled(ids.map((id) => store.chats.commitTurn(reply(id, 1, `hello ${id}`))))
    assert.deepEqual(
      outcomes.filter((o) => o.status === 'rejected'),
      [],
    )
    assert.ok(batches.length < ids.length && Math.max(...batches) > 1, `turns were stored together: ${batches.join(', ')}`)
    assert.equal(
      batches.reduce((a, b) => a + b, 0),
      ids.length,
    )
    const sessions = await Promise.all(ids.map((id) => store.chats.session(id)))
    sessions.forEach((s, i) => {
      assert.equal(s?.revision, 2)
      assert.deepEqual(JSON.parse(s!.state), { step: 1, text: `hello ${ids[i]}` })
    })
    for (const id of ids) {
      assert.deepEqual(await answersOf(id), [
        { blockId: 'b1', content: `hello ${id}`, attachedFileUrls: [`https://files.test/${id}.png`] },
        { blockId: 'b2', content: `hello ${id} again`, attachedFileUrls: [] },
      ])
      assert.deepEqual(await logsOf(id), [{ description: `got hello ${id}`, details: '{"n":1}' }])
      assert.deepEqual((await store.chats.result(botId, `r-${id}`))?.variables, variables(`hello ${id}`))
      assert.equal(await store.chats.storedAnswer(id, 2, `d-hello ${id}`), JSON.stringify({ said: `hello ${id}` }))
    }
  })

  test('turns that lost their revision check in a batch write nothing; the others are stored', async () => {
    const ids = ['c-ok-1', 'c-stale', 'c-twice', 'c-ok-2', 'c-gone']
    await start(ids)
    await store.chats.commitTurn(reply('c-gone', 1, 'bye', { state: null }))
    const outcomes = await Promise.allSettled([
      store.chats.commitTurn(reply('c-ok-1', 1, 'one')),
      store.chats.commitTurn(reply('c-stale', 7, 'stale')),
      store.chats.commitTurn(reply('c-twice', 1, 'first')),
      store.chats.commitTurn(reply('c-twice', 1, 'second')),
      store.chats.commitTurn(reply('c-ok-2', 1, 'two')),
      store.chats.commitTurn(reply('c-gone', 2, 'late')),
    ])
    assert.deepEqual(
      outcomes.map((o) => (o.status === 'fulfilled' ? 'stored' : o.reason instanceof SessionConflictError ? 'conflict' : String(o.reason))),
      ['stored', 'conflict', 'stored', 'conflict', 'stored', 'conflict'],
    )
    assert.deepEqual(
      (await answersOf('c-twice')).map((a) => a.content),
      ['first', 'first again'],
    )
    assert.deepEqual(await answersOf('c-stale'), [])
    assert.equal((await store.chats.session('c-stale'))?.revision, 1)
    assert.equal((await store.chats.result(botId, 'r-c-stale'))?.hasStarted, false)
    assert.deepEqual(
      (await answersOf('c-gone')).map((a) => a.content),
      ['bye', 'bye again'],
    )
    for (const id of ['c-ok-1', 'c-ok-2']) assert.equal((await store.chats.session(id))?.revision, 2)
  })

  test('a turn whose write fails in a batch fails alone: the others are stored, it writes nothing', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `f-${i}`)
    await start(ids)
    const faulty = new Map<string, Partial<TurnWrite>>([
      // A foreign-key violation: the answer's result does not exist.
      ['f-3', { answers: [{ resultId: 'no-such-result', blockId: 'b', content: 'x' }] }],
      // A NOT NULL violation.
      ['f-11', { answers: [{ resultId: 'r-f-11', blockId: 'b', content: null as unknown as string }] }],
      // A log of a result that does not exist, in the last turn of the batch.
      ['f-19', { logs: [{ resultId: 'no-such-result', status: 'info', description: 'x' }] }],
    ])
    const outcomes = await Promise.allSettled(ids.map((id) => store.chats.commitTurn(reply(id, 1, `text ${id}`, faulty.get(id)))))
    outcomes.forEach((o, i) => {
      const id = ids[i]
      if (!faulty.has(id)) return assert.equal(o.status, 'fulfilled', `${id}: ${o.status === 'rejected' && o.reason}`)
      assert.equal(o.status, 'rejected', id)
      assert.ok(!((o as PromiseRejectedResult).reason instanceof SessionConflictError), `${id} failed on its write, not a conflict`)
    })
    for (const id of ids) {
      const ok = !faulty.has(id)
      assert.equal((await store.chats.session(id))?.revision, ok ? 2 : 1, id)
      assert.equal((await answersOf(id)).length, ok ? 2 : 0, id)
      assert.equal((await logsOf(id)).length, ok ? 1 : 0, id)
      assert.equal((await store.chats.result(botId, `r-${id}`))?.hasStarted, ok, id)
    }
  })

  test('a lone surrogate or a NUL in an answer or a log is stored as U+FFFD beside the other turns, not refused', async () => {
    // A visitor's reply is stored as sent: JSON.stringify writes a lone surrogate as an escape PostgreSQL's JSON
    // parser refuses, which failed the whole statement (and the turn, when retried alone).
    const ids = ['odd-0', 'odd-1', 'odd-2']
    await start(ids)
    const odd = reply('odd-1', 1, 'x\ud800y', { logs: [{ resultId: 'r-odd-1', status: 'info', description: 'n\u0000ul', details: 'd\udc00' }] })
    const outcomes = await Promise.allSettled([reply('odd-0', 1, 'a'), odd, reply('odd-2', 1, 'c')].map((w) => store.chats.commitTurn(w)))
    assert.deepEqual(
      outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status)),
      ['fulfilled', 'fulfilled', 'fulfilled'],
    )
    // PostgreSQL stores one U+FFFD; SQLite's driver writes the surrogate's three bytes, read back as three U+FFFD.
    const stored = (await answersOf('odd-1')).map((a) => a.content).sort()
    assert.equal(stored.length, 2)
    for (const content of stored) assert.ok(content.isWellFormed() && /^x\uFFFD+y/.test(content), content)
    if (backend === 'postgres') assert.deepEqual(stored, ['x\uFFFDy', 'x\uFFFDy again'])
    assert.equal((await logsOf('odd-1')).length, 1)
  })

  test('the last turns of chats end their sessions and complete their results, beside turns that go on', async () => {
    const ids = ['e-1', 'e-2', 'e-3', 'e-4']
    await start(ids)
    const done = (id: string) =>
      reply(id, 1, `end ${id}`, { state: null, results: [{ resultId: `r-${id}`, hasStarted: true, isCompleted: true, variables: variables('end') }] })
    await Promise.all([
      store.chats.commitTurn(done('e-1')),
      store.chats.commitTurn(reply('e-2', 1, 'on')),
      store.chats.commitTurn(done('e-3')),
      store.chats.commitTurn(reply('e-4', 1, 'on')),
    ])
    for (const id of ['e-1', 'e-3']) {
      assert.equal(await store.chats.session(id), undefined)
      assert.equal((await store.chats.result(botId, `r-${id}`))?.isCompleted, true)
    }
    for (const id of ['e-2', 'e-4']) {
      assert.equal((await store.chats.session(id))?.revision, 2)
      assert.equal((await store.chats.result(botId, `r-${id}`))?.isCompleted, false)
    }
    // A completed result stays completed when a later turn says otherwise (flags only go from false to true).
    await start(['e-5'])
    await store.chats.commitTurn(
      reply('e-5', 1, 'a', { results: [{ resultId: 'r-e-5', hasStarted: true, isCompleted: true, variables: variables('a') }] }),
    )
    await store.chats.commitTurn(reply('e-5', 2, 'b'))
    assert.equal((await store.chats.result(botId, 'r-e-5'))?.isCompleted, true)
  })

  test('two sessions updating one result in the same round: both stored, in the order they came', async () => {
    await start(['o-1', 'o-2'])
    const onResult = (id: string, text: string) =>
      reply(id, 1, text, {
        results: [{ resultId: 'r-o-1', hasStarted: true, isCompleted: false, variables: variables(text) }],
        answers: [{ resultId: 'r-o-1', blockId: 'b', content: text }],
      })
    await Promise.all([store.chats.commitTurn(onResult('o-1', 'earlier')), store.chats.commitTurn(onResult('o-2', 'later'))])
    const result = await store.chats.result(botId, 'r-o-1')
    assert.deepEqual(result?.variables, variables('later'))
    assert.equal(result?.lastChatSessionId, 'o-2')
    assert.deepEqual(
      result?.answers.map((a) => a.content),
      ['earlier', 'later'],
    )
  })

  test('sessions read at once: each caller gets its own row (or none), duplicates included', async () => {
    await start(['read-1', 'read-2'])
    await store.chats.commitTurn(reply('read-2', 1, 'moved'))
    const asked = ['read-1', 'missing', 'read-2', 'read-1', 'read-2', 'also-missing']
    const rows = await Promise.all(asked.map((id) => store.chats.session(id)))
    assert.deepEqual(
      rows.map((r) => r?.revision),
      [1, undefined, 2, 1, 2, undefined],
    )
    assert.deepEqual(JSON.parse(rows[2]!.state), { step: 1, text: 'moved' })
    assert.equal(typeof rows[0]?.updatedAt, 'string')
  })
})
