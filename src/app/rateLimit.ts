// Counting attempts per key (an email, a client address) in a fixed window. In-process only: with several
// processes each counts on its own, so the effective limit is the limit times the number of processes; that still
// stops password guessing at scale, and needs no shared store.
import { AppError } from './errors.js'

const MAX_KEYS = 100_000

export const createRateLimit = ({ max, windowMs, message }: { max: number; windowMs: number; message: string }) => {
  const counts = new Map<string, { n: number; resetAt: number }>()
  const live = (key: string, now: number) => {
    const entry = counts.get(key)
    return entry && entry.resetAt > now ? entry : undefined
  }
  return {
    /** Throws `too_many_requests` when any key has used up its attempts. */
    check(keys: string[]) {
      const now = Date.now()
      if (keys.some((k) => (live(k, now)?.n ?? 0) >= max)) throw new AppError('too_many_requests', message)
    },
    /** Counts one attempt for every key. */
    count(keys: string[]) {
      const now = Date.now()
      if (counts.size >= MAX_KEYS) for (const [k, e] of counts) if (e.resetAt <= now) counts.delete(k)
      if (counts.size >= MAX_KEYS) counts.clear()
      for (const key of keys) {
        const entry = live(key, now)
        if (entry) entry.n++
        else counts.set(key, { n: 1, resetAt: now + windowMs })
      }
    },
    /**
     * Checks, then counts. Counting before the work (a password check) makes concurrent attempts count at once,
     * instead of all passing the check while the first ones are still running; `release` undoes it on success.
     */
    take(keys: string[]) {
      this.check(keys)
      this.count(keys)
    },
    /** Gives back an attempt taken for something that turned out not to count (a correct password). */
    release(keys: string[]) {
      const now = Date.now()
      for (const key of keys) {
        const entry = live(key, now)
        if (entry && --entry.n <= 0) counts.delete(key)
      }
    },
  }
}

export type RateLimit = ReturnType<typeof createRateLimit>
