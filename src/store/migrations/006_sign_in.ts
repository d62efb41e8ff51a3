// Browser sign-in: passwords, sessions, one-time links, OpenID Connect identities; tokens expire and may be scoped.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '006_sign_in',
  async up(db) {
    await db.schema.alterTable('users').addColumn('passwordHash', 'text').execute()
    await db.schema.alterTable('apiTokens').addColumn('expiresAt', 'text').execute()
    await db.schema
      .alterTable('apiTokens')
      .addColumn('workspaceId', 'text', (c) => c.references('workspaces.id').onDelete('cascade'))
      .execute()
    await db.schema.createIndex('api_tokens_user').on('apiTokens').column('userId').execute()
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('csrfToken', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sessions_user').on('sessions').column('userId').execute()
    await db.schema
      .createTable('oneTimeLinks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('one_time_links_user').on('oneTimeLinks').column('userId').execute()
    await db.schema
      .createTable('oidcIdentities')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
      .execute()
  },
}
