// Upload URLs handed out (app/files.ts): one row per URL, claimed by the upload that uses it. The claim is one
// conditional update, so of two uploads racing on one URL exactly one gets it; it holds only while the chat's session
// is still at the revision and last write the URL was given at, so any turn (the one storing the answer included)
// ends the URL without the turn doing anything: the turn's statements are unchanged.
import { type Kysely, sql } from 'kysely'
import type { Database, FileUploadsTable } from './tables.js'

export type UploadGrantRow = Omit<FileUploadsTable, 'claimedAt'>

/** What claiming a URL found: it is the caller's now, it was used before, its chat moved on (or ended), or no such URL. */
export type UploadClaim = 'claimed' | 'used' | 'moved_on' | 'unknown'

export const fileUploads = (db: Kysely<Database>) => ({
  async record(grant: UploadGrantRow): Promise<void> {
    await db.insertInto('fileUploads').values(grant).execute()
  },

  async claim(key: string, now: Date): Promise<UploadClaim> {
    const claimed = await db
      .updateTable('fileUploads')
      .set({ claimedAt: now.toISOString() })
      .where('key', '=', key)
      .where('claimedAt', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('chatSessions')
            .select(sql.lit(1).as('one'))
            .whereRef('chatSessions.id', '=', 'fileUploads.sessionId')
            .whereRef('chatSessions.revision', '=', 'fileUploads.sessionRevision')
            // A preview that ended and was restarted under its session id starts again at revision 1.
            .whereRef('chatSessions.updatedAt', '=', 'fileUploads.sessionUpdatedAt'),
        ),
      )
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 1) return 'claimed'
    const row = await db.selectFrom('fileUploads').select('claimedAt').where('key', '=', key).executeTakeFirst()
    if (!row) return 'unknown'
    return row.claimedAt === null ? 'moved_on' : 'used'
  },

  /** Gives a claimed URL back (its file could not be stored), so that the client may try it again. */
  async release(key: string): Promise<void> {
    await db.updateTable('fileUploads').set({ claimedAt: null }).where('key', '=', key).execute()
  },

  /** Deletes up to `limit` rows of URLs expired by `now` (ms); answers how many. */
  async purge(limit: number, now: number): Promise<number> {
    const result = await db
      .deleteFrom('fileUploads')
      .where('key', 'in', (eb) => eb.selectFrom('fileUploads').select('key').where('expiresAt', '<=', now).limit(limit))
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  },
})

export type FileUploadStore = ReturnType<typeof fileUploads>
