// Attempts counted per key in a fixed window, for app/rateLimit.ts. In the database, so that the processes of a
// cluster and the nodes on one PostgreSQL database count together (a limit held in each process's memory would be
// multiplied by their number, and a full table in memory could be flushed by a flood of new keys). Keys are stored
// as SHA-256 digests, not in plain text (a digest of a known email or address can be recomputed: pseudonymous, not
// secret; rows live for one window).
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from './tables.js'

const digest = (key: string) => createHash('sha256').update(key).digest('base64url')

export const rateLimits = (db: Kysely<Database>) => ({
  /** Counts one attempt for each key (a window that has ended starts again); answers each key's count after it. */
  async hit(keys: string[], windowMs: number, now = Date.now()): Promise<number[]> {
    const counts: number[] = []
    for (const key of keys) {
      const ended = sql<boolean>`${sql.ref('rateLimits.resetAt')} <= ${now}`
      const row = await db
        .insertInto('rateLimits')
        .values({ key: digest(key), hits: 1, resetAt: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${ended} then 1 else ${sql.ref('rateLimits.hits')} + 1 end`,
            resetAt: sql<number>`case when ${ended} then ${now + windowMs} else ${sql.ref('rateLimits.resetAt')} end`,
          }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow()
      counts.push(Number(row.hits))
    }
    return counts
  },

  /** Takes back one attempt of each key's current window. */
  async giveBack(keys: string[], now = Date.now()): Promise<void> {
    await db
      .updateTable('rateLimits')
      .set({ hits: sql<number>`${sql.ref('hits')} - 1` })
      .where('key', 'in', keys.map(digest))
      .where('resetAt', '>', now)
      .where('hits', '>', 0)
      .execute()
  },

  /** Deletes up to `limit` rows of ended windows; answers how many. */
  async purge(limit: number, now = Date.now()): Promise<number> {
    const result = await db
      .deleteFrom('rateLimits')
      .where('key', 'in', (eb) => eb.selectFrom('rateLimits').select('key').where('resetAt', '<=', now).limit(limit))
      // Again on the row itself: PostgreSQL re-checks it after waiting for an attempt that just started a new window.
      .where('resetAt', '<=', now)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  },
})

export type RateLimitStore = ReturnType<typeof rateLimits>
