// Counting attempts per key (an email, a client address, a webhook) in a fixed window. The counts live in the
// database (store/rateLimits.ts), so every process of a cluster and every node on one database counts together:
// the limit is the limit, however many processes serve it.
import type { RateLimitStore } from '../store/rateLimits.js'
import { AppError } from './errors.js'

export type RateLimitSettings = {
  /** Names what is counted; keys of different limits never meet (one address counts apart for each). */
  scope: string
  max: number
  windowMs: number
  message: string
}

export const createRateLimit = (store: RateLimitStore, { scope, max, windowMs, message }: RateLimitSettings) => {
  const scoped = (keys: string[]) => keys.map((k) => `${scope}\u0000${k}`)
  return {
    /**
     * Counts, then refuses (`too_many_requests`) when a key went over. Counting before the work (a password check)
     * makes concurrent attempts count at once, instead of all passing a check while the first ones are still
     * running; `release` undoes it on success. Refused attempts count too, which changes nothing: the window ends
     * when it ends.
     */
    async take(keys: string[]) {
      if ((await store.hit(scoped(keys), windowMs)).some((n) => n > max)) throw new AppError('too_many_requests', message)
    },
    /** Gives back an attempt taken for something that turned out not to count (a correct password). */
    async release(keys: string[]) {
      await store.giveBack(scoped(keys))
    },
  }
}

export type RateLimit = ReturnType<typeof createRateLimit>
