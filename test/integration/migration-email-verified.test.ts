// Migration 013 on a database with accounts made before it: those with an OpenID Connect identity (made or linked on
// a provider-verified email) count as proven from when it was linked; every other account is unproven.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, storeBefore, type TestDatabase } from '../support/database.js'

describe('migration 013_email_verified', () => {
  let database: TestDatabase
  before(async () => {
    database = await createTestDatabase()
  })
  after(() => database.drop())

  test('accounts with a linked identity are proven; password, token and email-less accounts are not', async () => {
    const earlier = await storeBefore(database.url, '013_email_verified')
    const db = earlier.db as any
    const user = (id: string, email: string | null, passwordHash: string | null = null) => ({
      id,
      name: id,
      email,
      passwordHash,
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    await db
      .insertInto('users')
      .values([
        user('linked', 'linked@example.com'),
        user('both', 'both@example.com', 'scrypt$hash'),
        user('password', 'password@example.com', 'scrypt$hash'),
        user('token', 'token@example.com'),
        user('no-email', null),
      ])
      .execute()
    const identity = (userId: string, subject: string, createdAt: string) => ({ issuer: 'https://id.example', subject, userId, createdAt })
    await db
      .insertInto('oidcIdentities')
      .values([
        identity('linked', 's1', '2026-02-01T00:00:00.000Z'),
        identity('both', 's2', '2026-03-01T00:00:00.000Z'),
        identity('both', 's3', '2026-02-15T00:00:00.000Z'),
        identity('no-email', 's4', '2026-02-01T00:00:00.000Z'),
      ])
      .execute()
    await earlier.close()

    const store = await openStore(database.url)
    try {
      const rows = await store.db.selectFrom('users').select(['id', 'emailVerifiedAt']).orderBy('id').execute()
      assert.deepEqual(rows, [
        { id: 'both', emailVerifiedAt: '2026-02-15T00:00:00.000Z' },
        { id: 'linked', emailVerifiedAt: '2026-02-01T00:00:00.000Z' },
        { id: 'no-email', emailVerifiedAt: null },
        { id: 'password', emailVerifiedAt: null },
        { id: 'token', emailVerifiedAt: null },
      ])
    } finally {
      await store.close()
    }
  })
})
