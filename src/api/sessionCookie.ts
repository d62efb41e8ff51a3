// The browser's cookies, on the builder's origin only (sites.ts): the session (its secret, HttpOnly) and, during an
// OpenID Connect sign-in, the signed state kept between the redirect to the provider and its callback. On https their
// names carry the `__Host-` prefix, which browsers refuse to set from anywhere but this very host (no Domain, path
// `/`, Secure): a page on a sibling host name cannot plant one. The session is SameSite=Strict (the web app's own
// requests carry it; no request another site starts does); the OIDC state is Lax, since the provider's redirect back
// is a cross-site navigation. Writes also need the CSRF header (auth.ts).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OpenedSession } from '../app/signIn.js'

const OIDC_COOKIE_SECONDS = 600

const isHttps = (publicUrl: string) => publicUrl.startsWith('https:')

/** The session cookie's name on a builder at `publicUrl`. */
export const sessionCookieName = (publicUrl: string) => (isHttps(publicUrl) ? '__Host-parley_session' : 'parley_session')
const oidcCookieName = (publicUrl: string) => (isHttps(publicUrl) ? '__Host-parley_oidc' : 'parley_oidc')

/** Secure when people reach the builder at an https address (behind a proxy) or this request came over TLS. */
const options = (req: FastifyRequest, publicUrl: string, sameSite: 'strict' | 'lax') => ({
  httpOnly: true,
  sameSite,
  path: '/',
  secure: isHttps(publicUrl) || req.protocol === 'https',
})

export const setSessionCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string, session: OpenedSession) =>
  reply.setCookie(sessionCookieName(publicUrl), session.cookie, { ...options(req, publicUrl, 'strict'), expires: new Date(session.expiresAt) })

export const clearSessionCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string) =>
  reply.clearCookie(sessionCookieName(publicUrl), options(req, publicUrl, 'strict'))

/** The session cookie of a request to the builder's origin (read once per request: see readSessionCookie). */
export const sessionCookieOf = (req: FastifyRequest): string | undefined => req.sessionCookie ?? undefined

/** The values a `Cookie` header gives `name`, in the order sent. */
const cookieValues = (header: string | undefined, name: string) => {
  const values: string[] = []
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim())
  }
  return values
}

/**
 * The session cookie a request to the builder carries. Two or more are refused: the browser sends the one with the
 * longest path first, so a cookie planted with a longer path (by a page on a sibling host name, over http) would
 * otherwise outrank the session the user signed in with. They are all cleared, at every path the request's could
 * match, and the user signs in again.
 */
export const readSessionCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string): string | undefined => {
  const name = sessionCookieName(publicUrl)
  const values = cookieValues(req.headers.cookie, name).filter(Boolean)
  if (values.length <= 1) return values[0]
  const segments = (req.url.split('?')[0] ?? '/').split('/').filter(Boolean)
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)]
  for (const path of paths) reply.clearCookie(name, { ...options(req, publicUrl, 'strict'), path })
  return undefined
}

export const setOidcCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string, value: unknown) =>
  reply.setCookie(oidcCookieName(publicUrl), JSON.stringify(value), { ...options(req, publicUrl, 'lax'), maxAge: OIDC_COOKIE_SECONDS, signed: true })

/** The signed OpenID Connect state, when present and intact (it is removed either way: it serves one callback). */
export const takeOidcCookie = (req: FastifyRequest, reply: FastifyReply, publicUrl: string): unknown => {
  const name = oidcCookieName(publicUrl)
  const raw = req.site === 'builder' ? req.cookies[name] : undefined
  reply.clearCookie(name, options(req, publicUrl, 'lax'))
  if (!raw) return undefined
  const { valid, value } = req.unsignCookie(raw)
  if (!valid || value === null) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}
