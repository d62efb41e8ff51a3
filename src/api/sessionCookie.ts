// The browser's cookies: the session (its secret, HttpOnly) and, during an OpenID Connect sign-in, the signed
// state kept between the redirect to the provider and its callback. SameSite=Lax: sent on top-level navigations
// (the provider's redirect back), never on cross-site subrequests; writes also need the CSRF header (auth.ts).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OpenedSession } from '../app/signIn.js'

export const SESSION_COOKIE = 'parley_session'
export const OIDC_COOKIE = 'parley_oidc'
const OIDC_COOKIE_SECONDS = 600

/** Secure when the request came over HTTPS or people reach the server at an https address (behind a proxy). */
const secure = (req: FastifyRequest, publicUrl: string) => req.protocol === 'https' || publicUrl.startsWith('https:')

const options = (req: FastifyRequest, publicUrl: string) => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secure(req, publicUrl) })

export const setSessionCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string, session: OpenedSession) =>
  reply.setCookie(SESSION_COOKIE, session.cookie, { ...options(req, publicUrl), expires: new Date(session.expiresAt) })

export const clearSessionCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string) =>
  reply.clearCookie(SESSION_COOKIE, options(req, publicUrl))

export const sessionCookieOf = (req: FastifyRequest): string | undefined => req.cookies[SESSION_COOKIE] || undefined

export const setOidcCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string, value: unknown) =>
  reply.setCookie(OIDC_COOKIE, JSON.stringify(value), { ...options(req, publicUrl), maxAge: OIDC_COOKIE_SECONDS, signed: true })

/** The signed OpenID Connect state, when present and intact (it is removed either way: it serves one callback). */
export const takeOidcCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string): unknown => {
  const raw = req.cookies[OIDC_COOKIE]
  reply.clearCookie(OIDC_COOKIE, options(req, publicUrl))
  if (!raw) return undefined
  const { valid, value } = req.unsignCookie(raw)
  if (!valid || value === null) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}
