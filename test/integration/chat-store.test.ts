// The store's turn writes on the real database: a turn is stored whole or not at all, concurrent turns on one
// session conflict, and a faulty turn stored together with others (group commit) fails alone.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { type Store, openStore } from '../../src/store/index.js'
import { SessionConflictError, type TurnWrite } from '../../src/store/chats.js'
import { createTestDatabase, type TestDatabase } from '../support/database.js'

let database: TestDatabase
let store: Store
let botId: string

before(async () => {
  database = await createTestDatabase()
  store = await openStore(database.url)
  const user = await store.accounts.createUser('Owner')
  const workspace = await store.workspaces.create(user.id, { name: 'W' })
  botId = (
    await store.bots.create({
      workspaceId: workspace.id,
      publicId: 'store-bot',
      doc: { version: '6', name: 'B', groups: [], events: [], edges: [], variables: [], theme: {}, settings: {} },
    })
  ).id
})
after(async () => {
  await store.close()
  await database.drop()
})

const variables = (value: string) => [{ id: 'v1', name: 'Name', value }]

/** Starts a chat: a session at revision 1 and its result. */
const start = async (id: string) => {
  await store.chats.commitTurn({
    session: { kind: 'create', id },
    state: '{"step":0}',
    newResults: [{ id: `r-${id}`, botId }],
    results: [{ resultId: `r-${id}`, hasStarted: false, isCompleted: false, variables: variables('') }],
    answers: [],
    logs: [],
  })
}

const reply = (id: string, revision: number, text: string, overrides: Partial<TurnWrite> = {}): TurnWrite => ({
  session: { kind: 'update', id, revision },
  state: JSON.stringify({ step: revision, text }),
  newResults: [],
  results: [{ resultId: `r-${id}`, hasStarted: true, isCompleted: false, variables: variables(text) }],
  answers: [{ resultId: `r-${id}`, blockId: 'input', content: text }],
  logs: [{ resultId: `r-${id}`, status: 'info', description: `got ${text}` }],
  ...overrides,
})

test('a turn stores the session, the result, its answers and logs', async () => {
  await start('s1')
  await store.chats.commitTurn(reply('s1', 1, 'Ada'))
  const session = await store.chats.session('s1')
  assert.equal(session?.revision, 2)
  assert.deepEqual(JSON.parse(session!.state), { step: 1, text: 'Ada' })
  const result = await store.chats.result(botId, 'r-s1')
  assert.equal(result?.hasStarted, true)
  assert.deepEqual(result?.variables, variables('Ada'))
  assert.deepEqual(
    result?.answers.map((a) => a.content),
    ['Ada'],
  )
  const logs = await store.db.selectFrom('logs').select(['description', 'details']).where('resultId', '=', 'r-s1').execute()
  assert.deepEqual(logs, [{ description: 'got Ada', details: null }])
})

test('concurrent turns on one session: one is stored, the others conflict and write nothing', async () => {
  await start('s2')
  const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.chats.commitTurn(reply('s2', 1, `t${i}`))))
  const stored = outcomes.filter((o) => o.status === 'fulfilled')
  assert.equal(stored.length, 1)
  for (const o of outcomes) if (o.status === 'rejected') assert.ok(o.reason instanceof SessionConflictError)
  const result = await store.chats.result(botId, 'r-s2')
  assert.equal(result?.answers.length, 1)
  assert.equal((await store.chats.session('s2'))?.revision, 2)
  const logs = await store.db.selectFrom('logs').select('id').where('resultId', '=', 'r-s2').execute()
  assert.equal(logs.length, 1)
})

test('a faulty turn among concurrent ones fails alone', async () => {
  for (const id of ['s3', 's4', 's5']) await start(id)
  const outcomes = await Promise.allSettled([
    store.chats.commitTurn(reply('s3', 1, 'ok 3')),
    // Its answer points at a result that does not exist: a foreign-key violation.
    store.chats.commitTurn(reply('s4', 1, 'bad', { answers: [{ resultId: 'missing', blockId: 'input', content: 'x' }] })),
    store.chats.commitTurn(reply('s5', 1, 'ok 5')),
  ])
  assert.deepEqual(
    outcomes.map((o) => o.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  )
  assert.equal((await store.chats.session('s4'))?.revision, 1, 'the faulty turn left its session as it was')
  assert.equal((await store.chats.result(botId, 'r-s4'))?.hasStarted, false)
  for (const id of ['s3', 's5']) {
    assert.equal((await store.chats.session(id))?.revision, 2)
    assert.equal((await store.chats.result(botId, `r-${id}`))?.answers.length, 1)
  }
})

test('the last turn deletes the session and completes the result; flags never go back', async () => {
  await start('s6')
  await store.chats.commitTurn(
    reply('s6', 1, 'done', { state: null, results: [{ resultId: 'r-s6', hasStarted: true, isCompleted: true, variables: variables('done') }] }),
  )
  assert.equal(await store.chats.session('s6'), undefined)
  assert.equal((await store.chats.result(botId, 'r-s6'))?.isCompleted, true)
  await assert.rejects(store.chats.commitTurn(reply('s6', 1, 'late')), SessionConflictError)
  await start('s7')
  await store.chats.commitTurn(
    reply('s7', 1, 'a', { results: [{ resultId: 'r-s7', hasStarted: true, isCompleted: true, variables: variables('a') }] }),
  )
  await store.chats.commitTurn(reply('s7', 2, 'b'))
  assert.equal((await store.chats.result(botId, 'r-s7'))?.isCompleted, true)
})

test('several answers and logs in one turn keep their order and optional fields', async () => {
  await start('s8')
  await store.chats.commitTurn(
    reply('s8', 1, 'x', {
      answers: [
        { resultId: 'r-s8', blockId: 'b1', content: 'first', attachedFileUrls: ['https://files.test/a.png'] },
        { resultId: 'r-s8', blockId: 'b2', content: 'second' },
      ],
      logs: [
        { resultId: 'r-s8', status: 'error', description: 'one', details: '{"a":1}', context: 'Webhook' },
        { resultId: 'r-s8', status: 'info', description: 'two' },
      ],
    }),
  )
  const result = await store.chats.result(botId, 'r-s8')
  assert.deepEqual(result?.answers, [
    { blockId: 'b1', content: 'first', attachedFileUrls: ['https://files.test/a.png'] },
    { blockId: 'b2', content: 'second', attachedFileUrls: [] },
  ])
  const logs = await store.db
    .selectFrom('logs')
    .select(['status', 'description', 'details', 'context'])
    .where('resultId', '=', 'r-s8')
    .orderBy('id')
    .execute()
  assert.deepEqual(logs, [
    { status: 'error', description: 'one', details: '{"a":1}', context: 'Webhook' },
    { status: 'info', description: 'two', details: null, context: null },
  ])
})

test('a preview restarted under the same session id keeps counting revisions: a late turn of the old chat conflicts', async () => {
  const write = (state: string): TurnWrite => ({
    session: { kind: 'replace', id: 'preview-1' },
    state,
    newResults: [],
    results: [],
    answers: [],
    logs: [],
  })
  await store.chats.commitTurn(write('{"chat":"first"}'))
  assert.equal((await store.chats.session('preview-1'))?.revision, 1)
  await store.chats.commitTurn(write('{"chat":"second"}'))
  const replaced = await store.chats.session('preview-1')
  assert.equal(replaced?.revision, 2)
  // The first chat's client answers late, to the revision it saw.
  const late = {
    session: { kind: 'update' as const, id: 'preview-1', revision: 1 },
    state: '{"chat":"first, later"}',
    newResults: [],
    results: [],
    answers: [],
    logs: [],
  }
  await assert.rejects(store.chats.commitTurn(late), SessionConflictError)
  assert.equal((await store.chats.session('preview-1'))?.state, '{"chat":"second"}')
})
