// Bearer-token authentication as a hook of each API plugin. A route says what it needs (`auth` of its definition,
// kept in the Fastify route config): `required`, `optional` (anonymous callers only where the plugin allows them,
// see PUBLIC_CHAT) or `none`. The caller lands in `req.user`.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AccountsApp } from '../app/accounts.js'
import { unauthorized } from '../app/errors.js'
import type { User } from '../app/index.js'
import { hasPendingBody } from './limits.js'

export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
    /** When the request arrived (`performance.now()`), set by the chat plugin. */
    arrivedAt: number
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

/**
 * An `onRequest` hook: it runs before the body is read, so a caller without a valid token never gets a body
 * received, buffered or parsed on their behalf (anonymous callers where allowed: see limitAnonymousBody).
 */
export const authenticate =
  (accounts: AccountsApp, options: { anonymous: boolean }) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const mode = req.routeOptions.config.auth ?? 'required'
    if (mode === 'none') return
    const token = bearerToken(req)
    const user = token ? await accounts.userByToken(token) : undefined
    // A given but unknown token is refused even where anonymous callers are welcome.
    const refused =
      token && !user ? unauthorized('Unknown or revoked token.') : !user && (mode === 'required' || !options.anonymous) ? unauthorized() : undefined
    if (refused) {
      // The body is left unread: closing the connection after the answer spares receiving the rest of it.
      if (hasPendingBody(req)) reply.header('connection', 'close')
      throw refused
    }
    req.user = user ?? null
  }
