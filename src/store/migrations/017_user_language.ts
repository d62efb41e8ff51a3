// The language a user chose for the web app (null: their browser's).
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '017_user_language',
  async up(db) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute()
  },
}
