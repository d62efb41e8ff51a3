// Migration 007 on a database that already has bots: their name, icon and hashes are filled in from their documents,
// so lists show them and a published bot whose draft matches its snapshot has no unpublished changes.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, storeBefore, type TestDatabase } from '../support/database.js'

describe('migration 007_workspace_dashboard', () => {
  let database: TestDatabase
  before(async () => {
    database = await createTestDatabase()
  })
  after(() => database.drop())

  test('backfills bots made before it', async () => {
    const earlier = await storeBefore(database.url, '007_workspace_dashboard')
    const db = earlier.db as any
    const now = new Date().toISOString()
    await db.insertInto('users').values({ id: 'u', name: 'U', email: null, createdAt: now }).execute()
    const flags = { isSuspended: 0, isPastDue: 0, isVerified: 0, plan: 'FREE', settings: '{}' }
    await db
      .insertInto('workspaces')
      .values({ id: 'w', name: 'W', createdAt: now, updatedAt: now, ...flags })
      .execute()
    const doc = {
      version: '6',
      name: 'Old bot',
      icon: '🧪',
      folderId: 'typebot-folder',
      groups: [],
      events: [],
      edges: [],
      variables: [],
      theme: {},
      settings: {},
    }
    const bot = (id: string, publishedId: string | null) => ({
      id,
      workspaceId: 'w',
      publicId: id,
      isArchived: 0,
      isClosed: 0,
      publishedId: null,
      doc: JSON.stringify(doc),
      createdAt: now,
      updatedAt: now,
      ...(publishedId && { publishedId }),
    })
    await db
      .insertInto('bots')
      .values([bot('draft-only', null), bot('same', null), bot('changed', null)])
      .execute()
    const runtime = ({ version, groups, events, edges, variables, theme, settings }: typeof doc) => ({
      version,
      groups,
      events,
      edges,
      variables,
      theme,
      settings,
    })
    const snapshots = [
      { id: 's-same', botId: 'same', doc: JSON.stringify(runtime(doc)), createdAt: now, updatedAt: now },
      { id: 's-changed', botId: 'changed', doc: JSON.stringify(runtime({ ...doc, groups: [{ id: 'g' }] as any })), createdAt: now, updatedAt: now },
    ]
    await db.insertInto('publishedBots').values(snapshots).execute()
    await db.updateTable('bots').set({ publishedId: 's-same' }).where('id', '=', 'same').execute()
    await db.updateTable('bots').set({ publishedId: 's-changed' }).where('id', '=', 'changed').execute()
    await earlier.close()

    const store = await openStore(database.url)
    try {
      const list = await store.bots.summaries('w')
      const byId = Object.fromEntries(list.map((b) => [b.id, b]))
      for (const b of list) assert.deepEqual([b.name, b.icon, b.folderId], ['Old bot', '🧪', null])
      assert.deepEqual(
        ['draft-only', 'same', 'changed'].map((id) => [byId[id].publishedAt, byId[id].hasUnpublishedChanges]),
        [
          [null, false],
          [now, false],
          [now, true],
        ],
      )
      // The document's own folderId (a Typebot folder) does not show: the column does.
      assert.equal((await store.bots.get('same'))?.folderId, null)
    } finally {
      await store.close()
    }
  })
})
