// Migration 010 on a database that already has chat sessions: preview sessions are marked as such (so they expire
// as previews), live ones are not.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, storeBefore, type TestDatabase } from '../support/database.js'

describe('migration 010_session_lifecycle', () => {
  let database: TestDatabase
  before(async () => {
    database = await createTestDatabase()
  })
  after(() => database.drop())

  test('marks the preview sessions made before it', async () => {
    const earlier = await storeBefore(database.url, '010_session_lifecycle')
    const db = earlier.db as any
    const now = new Date().toISOString()
    const row = (id: string, state: unknown) => ({ id, revision: 1, state: JSON.stringify(state), createdAt: now, updatedAt: now })
    await db
      .insertInto('chatSessions')
      .values([row('preview', { isPreview: true, stack: [] }), row('live', { isPreview: false, stack: [], note: '"isPreview":true' })])
      .execute()
    await earlier.close()

    const store = await openStore(database.url)
    try {
      const rows = await store.db.selectFrom('chatSessions').select(['id', 'isPreview']).orderBy('id').execute()
      assert.deepEqual(rows, [
        { id: 'live', isPreview: 0 },
        { id: 'preview', isPreview: 1 },
      ])
    } finally {
      await store.close()
    }
  })
})
