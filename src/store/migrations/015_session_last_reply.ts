// The reply each session's last turn answered and its answer: the same reply sent at the same time through
// another process loses the revision check and gets that answer instead of a conflict (app/chats.ts).
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '015_session_last_reply',
  async up(db) {
    await db.schema.alterTable('chatSessions').addColumn('lastReply', 'text').execute()
    await db.schema.alterTable('chatSessions').addColumn('lastAnswer', 'text').execute()
  },
}
