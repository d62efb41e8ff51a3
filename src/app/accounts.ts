// Who a token belongs to. Lookups are cached briefly so a chat turn does not pay a database read for the token
// on every call; a revoked token stops working within TOKEN_CACHE_MS on every process.
import { hashToken } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'

const TOKEN_CACHE_MS = 10_000
const TOKEN_CACHE_MAX = 10_000

export const createAccounts = ({ store }: { store: Pick<Store, 'accounts'> }) => {
  const cache = new Map<string, { user: User | undefined; expires: number }>()
  return {
    /** The token's user, or undefined when the token is unknown or revoked. */
    async userByToken(token: string): Promise<User | undefined> {
      const key = hashToken(token)
      const hit = cache.get(key)
      if (hit && hit.expires > Date.now()) return hit.user
      const user = token.length <= 512 ? await store.accounts.userByToken(token) : undefined
      if (cache.size >= TOKEN_CACHE_MAX) cache.clear()
      cache.set(key, { user, expires: Date.now() + TOKEN_CACHE_MS })
      return user
    },
  }
}

export type AccountsApp = ReturnType<typeof createAccounts>
