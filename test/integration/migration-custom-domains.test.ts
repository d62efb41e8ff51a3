// Migration 020 on a database with bots that named a custom domain before it: each valid domain is claimed by the
// oldest bot naming it (in its stored spelling); the others, and invalid values, claim nothing.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, storeBefore, type TestDatabase } from '../support/database.js'

describe('migration 020_custom_domains', () => {
  let database: TestDatabase
  before(async () => {
    database = await createTestDatabase()
  })
  after(() => database.drop())

  test('the oldest bot naming a domain gets it; invalid and repeated domains are not claimed', async () => {
    const earlier = await storeBefore(database.url, '020_custom_domains')
    const user = await earlier.accounts.createUser('Old', 'old@example.com')
    const workspace = await earlier.workspaces.create(user.id, { name: 'Old' })
    const bot = async (name: string, customDomain: unknown) => {
      const created = await earlier.bots.create({ workspaceId: workspace.id, publicId: name, doc: { name, customDomain } as any })
      // Created in this order, a millisecond apart at least.
      await new Promise((resolve) => setTimeout(resolve, 2))
      return created.id
    }
    const first = await bot('first', 'Chat.Example.org')
    await bot('second', 'chat.example.org')
    const third = await bot('third', 'https://help.example.org/')
    await bot('fourth', 'localhost')
    await bot('fifth', null)
    await earlier.close()

    const store = await openStore(database.url)
    try {
      const rows = await store.db.selectFrom('customDomains').select(['domain', 'botId', 'verifiedAt']).orderBy('domain').execute()
      assert.deepEqual(rows, [
        { domain: 'chat.example.org', botId: first, verifiedAt: null },
        { domain: 'help.example.org', botId: third, verifiedAt: null },
      ])
    } finally {
      await store.close()
    }
  })
})
