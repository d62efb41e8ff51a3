// Client logs may arrive after a chat's last turn, when its session is gone: the result is found by session id.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '005_results_by_session',
  async up(db) {
    await db.schema.createIndex('results_last_session').on('results').column('lastChatSessionId').execute()
  },
}
