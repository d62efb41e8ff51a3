// Bearer-token authentication. Token lookups are cached briefly so a chat turn does not pay a database read
// for the token on every call; a revoked token stops working within TOKEN_CACHE_MS on every process.
import type { FastifyRequest } from 'fastify'
import { hashToken } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import { unauthorized } from './errors.js'

const TOKEN_CACHE_MS = 10_000
const TOKEN_CACHE_MAX = 10_000

export const bearerToken = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

export const createAuthenticator = (store: Store) => {
  const cache = new Map<string, { user: User | undefined; expires: number }>()

  const lookup = async (token: string): Promise<User | undefined> => {
    const key = hashToken(token)
    const hit = cache.get(key)
    if (hit && hit.expires > Date.now()) return hit.user
    const user = token.length <= 512 ? await store.accounts.userByToken(token) : undefined
    if (cache.size >= TOKEN_CACHE_MAX) cache.clear()
    cache.set(key, { user, expires: Date.now() + TOKEN_CACHE_MS })
    return user
  }

  return {
    /** The caller, or a 401 when the token is missing or unknown. */
    async require(req: FastifyRequest): Promise<User> {
      const token = bearerToken(req)
      const user = token ? await lookup(token) : undefined
      if (!user) throw unauthorized(token ? 'Unknown or revoked token.' : undefined)
      return user
    },
    /** The caller when a token is given (a given but unknown token is still a 401). */
    async optional(req: FastifyRequest): Promise<User | undefined> {
      return bearerToken(req) ? this.require(req) : undefined
    },
    forget: () => cache.clear(),
  }
}

export type Authenticator = ReturnType<typeof createAuthenticator>
