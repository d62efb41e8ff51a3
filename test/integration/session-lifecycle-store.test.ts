// The purge rules on the real database with an injected clock (no sleeping): which sessions, snapshots and files
// go and which stay, deletes in chunks, the lease between nodes, and two purgers racing on one database.
import assert from 'node:assert/strict'
import { mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { createFiles, type FilesApp } from '../../src/app/files.js'
import { createLifecycle, type LifecycleSettings } from '../../src/app/lifecycle.js'
import { newFileKey } from '../../src/lib/files.js'
import { localFileStorage } from '../../src/runtime/files/local.js'
import { type Store, openStore } from '../../src/store/index.js'
import { createTestDatabase, type TestDatabase } from '../support/database.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.parse('2030-01-15T12:00:00.000Z')
const PUBLIC_URL = 'http://parley.test'
const settings: LifecycleSettings = { sessionExpiryMs: 30 * DAY, previewExpiryMs: 24 * HOUR, intervalMs: 10 * 60_000, chunkSize: 500 }
const silent = { info: () => {}, error: () => {} }

let database: TestDatabase
let store: Store
let filesDir: string
let files: FilesApp
let workspaceId: string
let botId: string

before(async () => {
  database = await createTestDatabase()
  store = await openStore(database.url)
  filesDir = await mkdtemp(join(tmpdir(), 'parley-lifecycle-'))
  files = createFiles({
    storage: localFileStorage(filesDir),
    settings: { publicUrl: () => PUBLIC_URL, maxBytes: 1_000_000 },
    uploads: store.fileUploads,
  })
  const user = await store.accounts.createUser('Owner')
  workspaceId = (await store.workspaces.create(user.id, { name: 'W' })).id
  botId = (
    await store.bots.create({
      workspaceId,
      publicId: 'lifecycle-bot',
      doc: { version: '6', name: 'B', groups: [], events: [], edges: [], variables: [], theme: {}, settings: {} },
    })
  ).id
})
after(async () => {
  await store.close()
  await database.drop()
  await rm(filesDir, { recursive: true, force: true })
})

const lifecycleOf = (
  overrides: Partial<LifecycleSettings> = {},
  options: { now?: number; store?: Pick<Store, 'lifecycle' | 'rateLimits' | 'fileUploads' | 'channels'> } = {},
) => createLifecycle({ store: options.store ?? store, files, settings: { ...settings, ...overrides }, log: silent, now: () => options.now ?? NOW })

const ago = (ms: number) => new Date(NOW - ms).toISOString()

/**
 * A session last written `idle` before NOW and created `age` before it (default: then too); a live one with its
 * result (and an answer, a log, variables).
 */
const session = async (
  id: string,
  idle: number,
  options: { age?: number; preview?: boolean; state?: string; answerFiles?: string[]; answerText?: string; variables?: string } = {},
) => {
  const resultId = `r-${id}`
  await store.chats.commitTurn({
    session: { kind: 'create', id, isPreview: options.preview },
    state: options.state ?? '{"stack":[]}',
    newResults: options.preview ? [] : [{ id: resultId, botId }],
    results: options.preview
      ? []
      : [{ resultId, hasStarted: true, isCompleted: false, variables: [{ id: 'v', name: 'V', value: options.variables ?? '' }] }],
    answers: options.preview ? [] : [{ resultId, blockId: 'b', content: options.answerText ?? 'hi', attachedFileUrls: options.answerFiles }],
    logs: options.preview ? [] : [{ resultId, status: 'info', description: 'said hi' }],
  })
  await store.db
    .updateTable('chatSessions')
    .set({ updatedAt: ago(idle), createdAt: ago(options.age ?? idle) })
    .where('id', '=', id)
    .execute()
  return resultId
}

const sessionIds = async () => (await store.db.selectFrom('chatSessions').select('id').orderBy('id').execute()).map((r) => r.id)

/** A stored file of the bot (of a result, or of previews), stored `age` before NOW. */
const storedFile = async (age: number, resultId?: string) => {
  const key = newFileKey({ workspaceId, botId, resultId }, 'f.txt')
  await localFileStorage(filesDir).put(key, Buffer.from('x'), { name: 'f.txt', contentType: 'text/plain' })
  const at = new Date(NOW - age)
  await utimes(join(filesDir, ...key.split('/')), at, at)
  return key
}
const exists = async (key: string) => !!(await localFileStorage(filesDir).get(key))

test('sessions idle beyond their expiry go (previews sooner), old ones still in use stay; results, answers and logs stay', async () => {
  const oldResult = await session('live-old', 31 * DAY)
  await session('live-recent', 29 * DAY)
  await session('live-long', HOUR, { age: 40 * DAY })
  await session('preview-old', 25 * HOUR, { preview: true })
  await session('preview-recent', 23 * HOUR, { preview: true })
  const removed = await lifecycleOf().purgeNow()
  assert.deepEqual(removed, { sessions: 2, snapshots: 0, files: 0 })
  assert.deepEqual(await sessionIds(), ['live-long', 'live-recent', 'preview-recent'])
  const result = await store.chats.result(botId, oldResult)
  assert.deepEqual(
    result?.answers.map((a) => a.content),
    ['hi'],
  )
  assert.equal((await store.chats.resultLogs(oldResult)).length, 1)
  await store.db.deleteFrom('chatSessions').execute()
})

test('preview snapshots: unused and stale ones go (their old preview files once no preview of the bot runs); in use, reused or published ones stay', async () => {
  const published = (await store.bots.publish(botId, { userId: null }))!
  const superseded = (await store.bots.publish(botId, { userId: null }))!
  const snapshot = async (name: string) => (await store.bots.previewSnapshot(botId, { version: '6', name } as any)).id
  const [inUse, stale, reused, fresh] = [await snapshot('in use'), await snapshot('stale'), await snapshot('reused'), await snapshot('fresh')]
  await store.db
    .updateTable('publishedBots')
    .set({ updatedAt: ago(40 * DAY) })
    .where('id', 'in', [published.id, superseded.id, inUse, stale, reused])
    .execute()
  await store.db
    .updateTable('publishedBots')
    .set({ updatedAt: ago(HOUR) })
    .where('id', '=', fresh)
    .execute()
  // Previewing an unchanged draft again marks its snapshot used now.
  assert.equal(await snapshot('reused'), reused)
  await store.db
    .updateTable('publishedBots')
    .set({ updatedAt: ago(HOUR) })
    .where('id', '=', reused)
    .execute()
  await session('preview-on-it', HOUR, { preview: true, state: JSON.stringify({ stack: [{ botId, snapshotId: inUse }] }) })
  const oldPreviewFile = await storedFile(25 * HOUR)
  const newPreviewFile = await storedFile(HOUR)

  const removed = await lifecycleOf().purgeNow()
  // The preview running on `inUse` may have sent the old file: the bot's preview files wait.
  assert.deepEqual(removed, { sessions: 0, snapshots: 1, files: 0 })
  const left = (await store.db.selectFrom('publishedBots').select('id').execute()).map((r) => r.id).sort()
  assert.deepEqual(left, [published.id, superseded.id, inUse, reused, fresh].sort())
  assert.equal(await exists(oldPreviewFile), true)

  // Once that preview is over (and its snapshot stale), they go.
  await store.db.deleteFrom('chatSessions').execute()
  const later = await lifecycleOf().purgeNow()
  assert.deepEqual(later, { sessions: 0, snapshots: 1, files: 1 })
  assert.equal(await exists(oldPreviewFile), false)
  assert.equal(await exists(newPreviewFile), true)
  await store.db.deleteFrom('publishedBots').where('id', 'like', 'preview-%').execute()
})

test("an expired chat's uploads that no answer or variable holds go; newer ones and answered ones stay", async () => {
  const resultId = 'r-files'
  const answered = await storedFile(31 * DAY, resultId)
  const inVariable = await storedFile(31 * DAY, resultId)
  const unanswered = await storedFile(31 * DAY, resultId)
  const recent = await storedFile(HOUR, resultId)
  await session('files', 31 * DAY, {
    answerFiles: [`${PUBLIC_URL}/v1/files/${answered}`],
    variables: `https://elsewhere.example/v1/files/${inVariable}`,
  })
  const removed = await lifecycleOf().purgeNow()
  assert.deepEqual(removed, { sessions: 1, snapshots: 0, files: 1 })
  assert.deepEqual(await Promise.all([answered, inVariable, unanswered, recent].map(exists)), [true, true, false, true])
})

test('a file an answer names only in its text (a voice clip, a file reply sent as text) stays', async () => {
  const resultId = 'r-voice'
  const clip = await storedFile(31 * DAY, resultId)
  const unanswered = await storedFile(31 * DAY, resultId)
  await session('voice', 31 * DAY, { answerText: `${PUBLIC_URL}/v1/files/${clip}` })
  const removed = await lifecycleOf().purgeNow()
  assert.deepEqual(removed, { sessions: 1, snapshots: 0, files: 1 })
  assert.deepEqual(await Promise.all([clip, unanswered].map(exists)), [true, false])
})

test('sessions are deleted a chunk at a time', async () => {
  for (let i = 0; i < 10; i++) await session(`chunk-${i}`, 31 * DAY)
  const chunks: number[] = []
  const counting: Pick<Store, 'lifecycle' | 'rateLimits' | 'fileUploads' | 'channels'> = {
    rateLimits: store.rateLimits,
    fileUploads: store.fileUploads,
    channels: store.channels,
    lifecycle: {
      ...store.lifecycle,
      deleteIdleSessions: async (...args) => {
        const ids = await store.lifecycle.deleteIdleSessions(...args)
        if (args[0] === 'live') chunks.push(ids.length)
        return ids
      },
    },
  }
  const removed = await lifecycleOf({ chunkSize: 3 }, { store: counting }).purgeNow()
  assert.equal(removed.sessions, 10)
  assert.deepEqual(chunks, [3, 3, 3, 1])
  assert.deepEqual(await sessionIds(), [])
})

test('one node at a time holds the lease; it passes on when released or expired', async () => {
  const a = lifecycleOf()
  const b = lifecycleOf()
  assert.ok(await a.purge())
  assert.equal(await b.purge(), undefined)
  assert.ok(await a.purge(), 'the holder runs again')
  await a.stop()
  assert.ok(await b.purge(), 'released on stop')
  const c = lifecycleOf({}, { now: NOW + settings.intervalMs + 1 })
  assert.ok(await c.purge(), "b's lease expired after one interval")
  await store.db.deleteFrom('parleyLeases').execute()
})

test('two purgers on one database at once delete every expired session exactly once', async () => {
  const other = await openStore(database.url, { migrate: false })
  try {
    for (let i = 0; i < 40; i++) await session(`race-${String(i).padStart(2, '0')}`, 31 * DAY)
    const [x, y] = await Promise.all([lifecycleOf({ chunkSize: 5 }).purgeNow(), lifecycleOf({ chunkSize: 5 }, { store: other }).purgeNow()])
    assert.equal(x.sessions + y.sessions, 40)
    assert.deepEqual(await sessionIds(), [])
    const [p, q] = await Promise.all([lifecycleOf().purge(), lifecycleOf({}, { store: other }).purge()])
    assert.equal([p, q].filter(Boolean).length, 1, 'only one of them got the lease')
  } finally {
    await other.close()
  }
})

test('rate-limit counts of ended windows are deleted, a chunk at a time; counts of running windows stay', async () => {
  for (let i = 0; i < 7; i++) await store.rateLimits.hit([`ended-${i}`], 60_000, NOW - 120_000)
  await store.rateLimits.hit(['running'], 60_000, NOW - 30_000)
  await lifecycleOf({ chunkSize: 3 }).purgeNow()
  const rows = await store.db.selectFrom('rateLimits').select('hits').execute()
  assert.deepEqual(rows, [{ hits: 1 }], "the running window's row alone")
})

test('records of expired upload URLs are deleted, a chunk at a time; those of URLs still valid stay', async () => {
  const grant = (key: string, expiresAt: number) =>
    store.fileUploads.record({ key, sessionId: 's', sessionRevision: 1, sessionUpdatedAt: ago(0), expiresAt })
  for (let i = 0; i < 7; i++) await grant(`expired-${i}`, NOW - 1)
  await grant('valid', NOW + 60_000)
  await lifecycleOf({ chunkSize: 3 }).purgeNow()
  assert.deepEqual(await store.db.selectFrom('fileUploads').select('key').execute(), [{ key: 'valid' }])
})

test('a file storage out of reach is logged and the sessions are purged all the same', async () => {
  await session('storage-down', 31 * DAY)
  const errors: string[] = []
  const lifecycle = createLifecycle({
    store,
    files: {
      pruneOwned: async () => {
        throw new Error('bucket unreachable')
      },
    },
    settings,
    log: { info: () => {}, error: (_details, message) => errors.push(message) },
    now: () => NOW,
  })
  assert.deepEqual(await lifecycle.purgeNow(), { sessions: 1, snapshots: 0, files: 0 })
  assert.deepEqual(errors, ['Removing the stored files of expired sessions failed'])
  assert.deepEqual(await sessionIds(), [])
})

test('stale preview snapshots are read a page at a time, past the ones still in use', async () => {
  const ids: string[] = []
  for (let i = 0; i < 5; i++) {
    const id = (await store.bots.previewSnapshot(botId, { version: '6', name: `page ${i}` } as any)).id
    await store.db
      .updateTable('publishedBots')
      .set({ updatedAt: ago(40 * DAY - i * HOUR) })
      .where('id', '=', id)
      .execute()
    ids.push(id)
  }
  // The two oldest fill the first page and stay: the next pages must still be reached.
  await session('on-old-snapshots', HOUR, { preview: true, state: JSON.stringify({ stack: [{ snapshotId: ids[0] }, { snapshotId: ids[1] }] }) })
  const removed = await lifecycleOf({ chunkSize: 2 }).purgeNow()
  assert.equal(removed.snapshots, 3)
  const left = await store.db.selectFrom('publishedBots').select('id').where('id', 'like', 'preview-%').execute()
  assert.deepEqual(left.map((r) => r.id).sort(), [ids[0], ids[1]].sort())
  await store.db.deleteFrom('chatSessions').execute()
})
