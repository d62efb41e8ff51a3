// Analytics count every result of a bot in a time window, and deleting all of them walks the same rows.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '008_results_table',
  async up(db) {
    await db.schema.createIndex('results_bot_created').on('results').columns(['botId', 'createdAt']).execute()
  },
}
