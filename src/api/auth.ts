// Authentication as a hook of each API plugin: a bearer token first, else — for the management API on the builder's
// origin only — the browser's session cookie. The chat APIs never take the cookie: the builder's pages do not chat
// (its preview runs on the user-content origin with a preview token), and a page of any origin may call them. A
// route says what it needs (`auth` of its definition, kept in the Fastify route config): `required`, `optional`
// (anonymous callers only where the plugin allows them, see PUBLIC_CHAT) or `none`. The caller lands in
// `req.user`, and the session (for cookie-authenticated callers) in `req.authSession`.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AccountsApp } from '../app/accounts.js'
import { AppError, unauthorized } from '../app/errors.js'
import { PREVIEW_TOKEN_PREFIX } from '../app/previewTokens.js'
import type { Session, User } from '../app/index.js'
import { hasPendingBody } from './limits.js'
import { sessionCookieOf } from './sessionCookie.js'

export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
    /** The browser session the caller was authenticated by (null: a bearer token or anonymous). */
    authSession: Session | null
  }
  interface FastifyContextConfig {
    auth?: AuthMode
    previewToken?: true
  }
}

export const bearerToken = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

export const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const csrfHeader = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-csrf-token']
  return typeof header === 'string' ? header : undefined
}

/**
 * A browser write to the builder must come from the builder's own pages: a request another origin's page made
 * carries that origin (browsers always send `Origin` on cross-origin writes). Clients that are not browsers send none.
 */
export const checkWriteOrigin = (req: FastifyRequest, builderUrl: string) => {
  const origin = req.headers.origin
  if (unsafeMethods.has(req.method) && origin !== undefined && origin !== new URL(builderUrl).origin)
    throw new AppError('csrf', "This request came from another site's page: the builder only takes writes from its own pages.")
}

/** The caller by session cookie; a write needs the session's CSRF token (checked here, by `accounts.checkCsrf`). */
const bySession = async (accounts: AccountsApp, req: FastifyRequest, cookie: string, builderUrl: string) => {
  const found = await accounts.bySession(cookie)
  if (found && unsafeMethods.has(req.method)) {
    checkWriteOrigin(req, builderUrl)
    accounts.checkCsrf(found.session, csrfHeader(req))
  }
  return found
}

/**
 * An `onRequest` hook: it runs before the body is read, so a caller without a valid token never gets a body
 * received, buffered or parsed on their behalf (anonymous callers where allowed: see limitAnonymousBody).
 * `cookies`: the builder's address when the browser session counts (the management API), else undefined.
 */
export const authenticate =
  (accounts: AccountsApp, options: { anonymous: boolean; cookies?: () => string }) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const mode = req.routeOptions.config.auth ?? 'required'
    if (mode === 'none') return
    try {
      const token = bearerToken(req)
      const cookie = options.cookies && sessionCookieOf(req)
      // Most chat turns carry neither: no lookup, no extra await for them.
      if (token?.startsWith(PREVIEW_TOKEN_PREFIX) && !req.routeOptions.config.previewToken)
        throw unauthorized('A preview token only runs the preview it was made for.')
      const found = token
        ? { user: await accounts.userByToken(token), session: null }
        : cookie
          ? await bySession(accounts, req, cookie, options.cookies!())
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
