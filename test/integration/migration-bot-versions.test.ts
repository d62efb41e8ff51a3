// Migration 019 on a database with bots published before it: each bot's published snapshots become its versions,
// numbered in publishing order from 1; preview snapshots stay unnumbered (not versions); the live one is marked live.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, storeBefore, type TestDatabase } from '../support/database.js'

describe('migration 019_bot_versions', () => {
  let database: TestDatabase
  before(async () => {
    database = await createTestDatabase()
  })
  after(() => database.drop())

  test('numbers the published snapshots of each bot in publishing order; previews are not versions', async () => {
    const earlier = await storeBefore(database.url, '019_bot_versions')
    const db = earlier.db as any
    const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`
    await db
      .insertInto('users')
      .values({ id: 'u', name: 'U', email: null, createdAt: at(0) })
      .execute()
    await db
      .insertInto('workspaces')
      .values({ id: 'w', name: 'W', createdAt: at(0), updatedAt: at(0), isSuspended: 0, isPastDue: 0, isVerified: 0, plan: 'FREE', settings: '{}' })
      .execute()
    const doc = JSON.stringify({ version: '6', groups: [], events: [], edges: [], variables: [], theme: {}, settings: {} })
    const bot = (id: string) => ({
      id,
      workspaceId: 'w',
      publicId: id,
      isArchived: 0,
      isClosed: 0,
      publishedId: null,
      doc,
      name: id,
      icon: null,
      draftHash: 'h',
      publishedHash: null,
      createdAt: at(0),
      updatedAt: at(0),
    })
    await db
      .insertInto('bots')
      .values([bot('a'), bot('b')])
      .execute()
    // Publishing kept the first publish's createdAt on every snapshot: the order is the updatedAt.
    const snapshot = (id: string, botId: string, minute: number) => ({ id, botId, doc, createdAt: at(1), updatedAt: at(minute) })
    await db
      .insertInto('publishedBots')
      .values([
        snapshot('a-third', 'a', 30),
        snapshot('a-first', 'a', 10),
        snapshot('preview-0123456789abcdef0123456789abcdef01234567', 'a', 15),
        snapshot('a-second', 'a', 20),
        snapshot('b-only', 'b', 5),
      ])
      .execute()
    await db.updateTable('bots').set({ publishedId: 'a-third' }).where('id', '=', 'a').execute()
    await db.updateTable('bots').set({ publishedId: 'b-only' }).where('id', '=', 'b').execute()
    await earlier.close()

    const store = await openStore(database.url)
    try {
      const rows = await store.db.selectFrom('publishedBots').select(['id', 'number', 'publishedBy', 'note']).orderBy('id').execute()
      assert.deepEqual(
        rows.map((r) => [r.id, r.number === null ? null : Number(r.number), r.publishedBy, r.note]),
        [
          ['a-first', 1, null, null],
          ['a-second', 2, null, null],
          ['a-third', 3, null, null],
          ['b-only', 1, null, null],
          ['preview-0123456789abcdef0123456789abcdef01234567', null, null, null],
        ],
      )
      const listed = await store.botVersions.list('a', { limit: 10 })
      assert.deepEqual(
        listed.map((v) => [v.number, v.publishedAt, v.publishedBy]),
        [
          [3, at(30), null],
          [2, at(20), null],
          [1, at(10), null],
        ],
      )
      // The next publish continues the numbering.
      const next = await store.bots.publish('a', { userId: 'u', note: 'After the upgrade' })
      assert.equal((await store.botVersions.get('a', next!.id))?.number, 4)
    } finally {
      await store.close()
    }
  })
})
