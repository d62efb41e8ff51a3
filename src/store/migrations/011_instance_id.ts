// A random identity per database, so that `parley doctor` can tell whether PARLEY_PUBLIC_URL reaches a server on
// this database (its /health answers a hash of it) or another Parley.
import { randomBytes } from 'node:crypto'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '011_instance_id',
  async up(db) {
    await db.schema
      .createTable('parleyInstance')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db
      .insertInto('parleyInstance')
      .values({ id: randomBytes(24).toString('base64url'), createdAt: new Date().toISOString() })
      .execute()
  },
}
