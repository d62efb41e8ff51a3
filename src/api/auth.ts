// Bearer-token authentication as a hook of each API plugin. A route says what it needs (`auth` of its definition,
// kept in the Fastify route config): `required`, `optional` (anonymous callers only where the plugin allows them,
// see PUBLIC_CHAT) or `none`. The caller lands in `req.user`.
import type { FastifyRequest } from 'fastify'
import type { AccountsApp } from '../app/accounts.js'
import { unauthorized } from '../app/errors.js'
import type { User } from '../app/index.js'

export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
  }
  interface FastifyContextConfig {
    auth?: AuthMode
  }
}

export const bearerToken = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

/** A `preHandler` hook (after body parsing, so malformed bodies still answer 400 first, as before hooks). */
export const authenticate =
  (accounts: AccountsApp, options: { anonymous: boolean }) =>
  async (req: FastifyRequest): Promise<void> => {
    const mode = req.routeOptions.config.auth ?? 'required'
    if (mode === 'none') return
    const token = bearerToken(req)
    const user = token ? await accounts.userByToken(token) : undefined
    // A given but unknown token is refused even where anonymous callers are welcome.
    if (token && !user) throw unauthorized('Unknown or revoked token.')
    if (!user && (mode === 'required' || !options.anonymous)) throw unauthorized()
    req.user = user ?? null
  }
