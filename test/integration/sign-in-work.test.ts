// A password sign-in does the same work whatever the email: an unknown email, an account without a password and a
// wrong password each check the password against a real scrypt hash (observed through the verifier the sign-in is
// given), and answer alike. Nothing here reads the clock: the work is shown, not timed.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { AppError } from '../../src/app/errors.js'
import { hashPassword, verifyPassword } from '../../src/app/passwords.js'
import { createPasswordAttempts, createSignIn } from '../../src/app/signIn.js'
import { openStore, type Store } from '../../src/store/index.js'
import { createTestDatabase, type TestDatabase } from '../support/database.js'
import { startTestServer } from '../support/server.js'

/** A stored scrypt hash with the parameters new passwords get (see app/passwords.ts). */
const SCRYPT_HASH = /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/

describe('password sign-in does the same work for every email', () => {
  let database: TestDatabase
  let store: Store
  before(async () => {
    database = await createTestDatabase()
    store = await openStore(database.url)
  })
  after(async () => {
    await store.close()
    await database.drop()
  })

  test('unknown email, account without a password, wrong password: each verified against a real hash, refused alike', async () => {
    const checked: string[] = []
    const signIn = createSignIn({
      store,
      mail: { configured: false, send: async () => ({ ok: false }) },
      publicUrl: () => 'http://127.0.0.1',
      settings: { disableSignup: false, sessionMaxAgeMs: 60_000 },
      invited: { byLink: async () => false, byEmail: async () => false },
      attempts: createPasswordAttempts(store.rateLimits),
      tokensRevoked: () => {},
      verify: async (password, stored) => {
        checked.push(stored)
        return verifyPassword(password, stored)
      },
    })
    await store.accounts.createUser('No password', 'nopassword@example.com')
    await store.accounts.createUser('Has one', 'hasone@example.com', await hashPassword('the right password'))
    const refusals: unknown[] = []
    for (const email of ['unknown@example.com', 'nopassword@example.com', 'hasone@example.com']) {
      const err = await signIn.signInWithPassword({ email, password: 'a wrong password' }, '127.0.0.1').catch((e: unknown) => e)
      assert.ok(err instanceof AppError, email)
      refusals.push({ code: err.code, message: err.message })
      assert.equal(checked.length, refusals.length, `${email}: the password was checked`)
      assert.match(checked.at(-1)!, SCRYPT_HASH, email)
    }
    assert.deepEqual(refusals, Array(3).fill({ code: 'unauthorized', message: 'Wrong email or password.' }))
    const opened = await signIn.signInWithPassword({ email: 'hasone@example.com', password: 'the right password' }, '127.0.0.1')
    assert.equal(opened.user.email, 'hasone@example.com')
    assert.equal(checked.length, 4)
  })

  test('over HTTP the three answer the same status and body', async () => {
    const s = await startTestServer()
    try {
      await s.store.accounts.createUser('No password', 'nopassword@example.com')
      await s.store.accounts.createUser('Has one', 'hasone@example.com', await hashPassword('the right password'))
      const answers = []
      for (const email of ['unknown@example.com', 'nopassword@example.com', 'hasone@example.com']) {
        const res = await s.call('POST', '/v1/auth/signin', { base: s.builderUrl, token: null, body: { email, password: 'a wrong password' } })
        answers.push({ status: res.status, body: res.body })
      }
      assert.deepEqual(answers, Array(3).fill({ status: 401, body: { code: 'unauthorized', message: 'Wrong email or password.' } }))
    } finally {
      await s.stop()
    }
  })
})
