// Attempts counted per key in a fixed window, for app/rateLimit.ts. In the database, so that the processes of a
// cluster and the nodes on one PostgreSQL database count together (a limit held in each process's memory would be
// multiplied by their number, and a full table in memory could be flushed by a flood of new keys). Keys are stored
// as digests, not in plain text: an HMAC keyed by ENCRYPTION_SECRET (the same on every node) when there is one, so
// a copy of the table tells nothing of the emails and addresses it counts; else a plain SHA-256. Rows live one window.
import { createHash, createHmac } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from './tables.js'

export const rateLimits = (db: Kysely<Database>, secret?: string) => {
  // Its own key, not the secret itself: the secret also keys the credentials' encryption.
  const hmacKey = secret === undefined ? undefined : createHmac('sha256', secret).update('parley rate-limit keys').digest()
  const digest = (name: string) => (hmacKey ? createHmac('sha256', hmacKey) : createHash('sha256')).update(name).digest('base64url')
  return {
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
  }
}

export type RateLimitStore = ReturnType<typeof rateLimits>
