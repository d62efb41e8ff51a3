// The builder's home: folders of bots, invitations to workspaces, and what bot lists show without each bot's
// document (its name and icon, and hashes telling whether the draft differs from the published snapshot).
import { runtimeHash } from '../botHash.js'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '007_workspace_dashboard',
  async up(db) {
    await db.schema
      .createTable('folders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('folders_workspace').on('folders').columns(['workspaceId', 'name']).execute()
    await db.schema
      .alterTable('bots')
      .addColumn('folderId', 'text', (c) => c.references('folders.id').onDelete('set null'))
      .execute()
    await db.schema.createIndex('bots_folder').on('bots').column('folderId').execute()
    await db.schema
      .alterTable('bots')
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.alterTable('bots').addColumn('icon', 'text').execute()
    await db.schema
      .alterTable('bots')
      .addColumn('draftHash', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.alterTable('bots').addColumn('publishedHash', 'text').execute()
    // Existing bots: the name and hashes from their documents (a published bot is taken as up to date with its draft
    // when its snapshot holds the same runtime fields).
    const rows = await db.selectFrom('bots').select(['id', 'doc', 'publishedId']).execute()
    for (const row of rows) {
      const doc = JSON.parse(row.doc)
      const draftHash = runtimeHash(doc)
      const snapshot = row.publishedId
        ? await db.selectFrom('publishedBots').select('doc').where('id', '=', row.publishedId).executeTakeFirst()
        : undefined
      const publishedHash = snapshot ? runtimeHash(JSON.parse(snapshot.doc)) : null
      await db
        .updateTable('bots')
        .set({ name: typeof doc.name === 'string' ? doc.name : '', icon: typeof doc.icon === 'string' ? doc.icon : null, draftHash, publishedHash })
        .where('id', '=', row.id)
        .execute()
    }
    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('invitedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('invitations_workspace_email', ['workspaceId', 'email'])
      .execute()
    await db.schema.createIndex('invitations_email').on('invitations').column('email').execute()
  },
}
