// Authentication as a hook of each API plugin: a bearer token first, else the browser's session cookie. A route
// says what it needs (`auth` of its definition, kept in the Fastify route config): `required`, `optional`
// (anonymous callers only where the plugin allows them, see PUBLIC_CHAT) or `none`. The caller lands in
// `req.user`, and the session (for cookie-authenticated callers) in `req.authSession`.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AccountsApp } from '../app/accounts.js'
import { unauthorized } from '../app/errors.js'
import type { Session, User } from '../app/index.js'
import { hasPendingBody } from './limits.js'
import { sessionCookieOf } from './sessionCookie.js'

export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
    /** The browser session the caller was authenticated by (null: a bearer token or anonymous). */
    authSession: Session | null
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

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const csrfHeader = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-csrf-token']
  return typeof header === 'string' ? header : undefined
}

/** The caller by session cookie; a write needs the session's CSRF token (checked here, by `accounts.checkCsrf`). */
const bySession = async (accounts: AccountsApp, req: FastifyRequest, mode: AuthMode) => {
  const cookie = sessionCookieOf(req)
  const write = unsafeMethods.has(req.method)
  // Where anonymous callers are welcome (chat APIs), a write without the header is taken as anonymous: pages of this
  // origin (hosted bots) chat with the browser's cookies attached but should not act as the signed-in builder.
  if (!cookie || (write && mode === 'optional' && csrfHeader(req) === undefined)) return undefined
  const found = await accounts.bySession(cookie)
  if (found && write) accounts.checkCsrf(found.session, csrfHeader(req))
  return found
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
    try {
      const token = bearerToken(req)
      // Most chat turns carry neither: no lookup, no extra await for them.
      const found = token
        ? { user: await accounts.userByToken(token), session: null }
        : sessionCookieOf(req)
          ? await bySession(accounts, req, mode)
          : undefined
      const user = found?.user
      // A given but unknown token is refused even where anonymous callers are welcome.
      if (token && !user) throw unauthorized('Unknown, revoked or expired token.')
      if (!user && (mode === 'required' || !options.anonymous)) throw unauthorized()
      req.user = user ?? null
      req.authSession = found?.session ?? null
    } catch (err) {
      // The body is left unread: closing the connection after the answer spares receiving the rest of it.
      if (hasPendingBody(req)) reply.header('connection', 'close')
      throw err
    }
  }
