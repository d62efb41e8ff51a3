// When each account's email was proven by its owner (an emailed link used, a provider that verified it, or the
// operator's CLI); null: not proven, so OpenID Connect never joins that account by email. Accounts that already
// have an OpenID Connect identity count as proven when it was linked: such accounts were made with a
// provider-verified email only, and identities were linked to accounts only on a provider-verified email.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '013_email_verified',
  async up(db) {
    await db.schema.alterTable('users').addColumn('emailVerifiedAt', 'text').execute()
    await db
      .updateTable('users')
      .set((eb) => ({
        emailVerifiedAt: eb.selectFrom('oidcIdentities').select(eb.fn.min('createdAt').as('at')).whereRef('oidcIdentities.userId', '=', 'users.id'),
      }))
      .where('email', 'is not', null)
      .where('id', 'in', db.selectFrom('oidcIdentities').select('userId'))
      .execute()
  },
}
