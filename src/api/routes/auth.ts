// Browser sign-in: status, first-run setup, sign-up, password, one-time links and OpenID Connect. Every route is
// `auth: 'none'` (it reads the session cookie itself where it matters). Bodies are JSON only, which a cross-site
// form cannot send without a CORS preflight these paths never grant: no sign-in CSRF.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app/index.js'
import type { OpenedSession } from '../../app/signIn.js'
import { AppError } from '../../app/errors.js'
import {
  authStatusSchema,
  emailBody,
  errorSchema,
  linkTokenBody,
  resetPasswordBody,
  signedInSchema,
  signInBody,
  signUpBody,
} from '../../contract/api.js'
import { csrfHeader } from '../auth.js'
import { defineRoute } from '../route.js'
import { clearSessionCookie, sessionCookieOf, setOidcCookie, setSessionCookie, takeOidcCookie } from '../sessionCookie.js'

const tags = ['Sign-in']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  429: { description: 'Too many attempts: try again later', schema: errorSchema },
}
const signedIn = { description: 'Signed in: the session cookie is set', schema: signedInSchema }
const sent = { description: 'The same answer whether the email has an account or not', schema: z.object({ message: z.string() }) }

/** Ends the session of the cookie the browser sent, if any: signing in again replaces it. */
const endPresentedSession = async (app: App, req: FastifyRequest) => {
  const cookie = sessionCookieOf(req)
  const found = cookie ? await app.accounts.bySession(cookie) : undefined
  if (found) await app.signIn.signOut(found.session)
}

/** Sets the session cookie; answers what the browser keeps (the CSRF token) and shows (the user). */
const answerSession = async (app: App, req: FastifyRequest, reply: FastifyReply, opened: OpenedSession) => {
  await endPresentedSession(app, req)
  setSessionCookie(req, reply, app.publicUrl(), opened)
  reply.header('cache-control', 'no-store')
  return { user: await app.accounts.me(opened.user), csrfToken: opened.csrfToken, expiresAt: opened.expiresAt }
}

/**
 * A path on this site to send the browser to, never another origin: `//host` and `/\\host` are refused, and so is
 * any control character (browsers drop tabs and newlines from URLs, so `/\t/host` would become `//host`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const localPath = (next: unknown) => (typeof next === 'string' && /^\/(?![/\\])[^\x00-\x1f\x7f]*$/.test(next) ? next : '/')

/** OpenID Connect answers are browser navigations: failures go to the sign-in page with a message to show. */
const toSignInPage = (reply: FastifyReply, err: unknown) => {
  if (!(err instanceof AppError)) throw err
  return reply.redirect(`/signin?error=${encodeURIComponent(err.message)}`)
}

const isPending = (v: unknown): v is { state: string; nonce: string; verifier: string } =>
  typeof v === 'object' && v !== null && ['state', 'nonce', 'verifier'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string')

const noOidc = () => new AppError('not_found', 'Sign-in with an OpenID Connect provider is not configured on this server.')

export const authRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/auth/status',
    auth: 'none',
    tags,
    summary: 'Whether setup is needed, how one may sign in, and who is signed in (with the CSRF token)',
    responses: { 200: { description: 'The status', schema: authStatusSchema } },
    async handler({ app, config, req, reply }) {
      const cookie = sessionCookieOf(req)
      const found = cookie ? await app.accounts.bySession(cookie) : undefined
      // It carries the CSRF token: no cache may keep it.
      reply.header('cache-control', 'no-store')
      return {
        ...(await app.signIn.status()),
        user: found ? await app.accounts.me(found.user) : null,
        csrfToken: found?.session.csrfToken ?? null,
        chatUrl: config.hostedPage.chatUrl ?? null,
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/setup',
    auth: 'none',
    tags,
    summary: 'Create the first account (only while nobody can sign in); it gets a workspace and is signed in',
    body: signUpBody,
    responses: { 200: signedIn, ...errors, 409: { description: 'Already set up', schema: errorSchema } },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.setup(body, req.ip))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/signup',
    auth: 'none',
    tags,
    summary: 'Create an account with a workspace of its own, and sign in',
    body: signUpBody,
    responses: {
      200: signedIn,
      ...errors,
      403: { description: 'Sign-up is closed to this email', schema: errorSchema },
      409: { description: 'The email has an account', schema: errorSchema },
    },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.signUp(body, req.ip))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/signin',
    auth: 'none',
    tags,
    summary: 'Sign in with email and password',
    body: signInBody,
    responses: { 200: signedIn, ...errors, 401: { description: 'Wrong email or password', schema: errorSchema } },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.signInWithPassword(body, req.ip))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/signout',
    auth: 'none',
    tags,
    summary: 'End the browser session (needs x-csrf-token when the session is valid)',
    responses: {
      204: { description: 'Signed out; the cookie is cleared' },
      403: { description: 'Missing or wrong CSRF token', schema: errorSchema },
    },
    async handler({ app, req, reply }) {
      const cookie = sessionCookieOf(req)
      const found = cookie ? await app.accounts.bySession(cookie) : undefined
      if (found) {
        app.accounts.checkCsrf(found.session, csrfHeader(req))
        await app.signIn.signOut(found.session)
      }
      clearSessionCookie(req, reply, app.publicUrl())
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/password-reset',
    auth: 'none',
    tags,
    summary: 'Email a password reset link (only when the server can send emails)',
    body: emailBody,
    responses: { 200: sent, ...errors },
    async handler({ app, req, body }) {
      await app.signIn.requestPasswordReset(body.email, req.ip)
      return { message: 'If an account uses this email, a link to reset its password is on its way.' }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/password-reset/confirm',
    auth: 'none',
    tags,
    summary: "Set a new password from a reset link's token; the user's other sessions end",
    body: resetPasswordBody,
    responses: { 200: signedIn, ...errors },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.resetPassword(body))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/magic-link',
    auth: 'none',
    tags,
    summary: 'Email a sign-in link (only when the server can send emails)',
    body: emailBody,
    responses: { 200: sent, ...errors, 404: { description: 'The server cannot send emails', schema: errorSchema } },
    async handler({ app, req, body }) {
      await app.signIn.requestMagicLink(body.email, req.ip)
      return { message: 'If an account uses this email, a sign-in link is on its way.' }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/magic-link/consume',
    auth: 'none',
    tags,
    summary: "Sign in with a sign-in link's token",
    body: linkTokenBody,
    responses: { 200: signedIn, ...errors },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.signInWithMagicLink(body.token))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/auth/oidc/start',
    auth: 'none',
    tags,
    summary: 'Go to the OpenID Connect provider to sign in (a browser navigation)',
    query: z.object({ next: z.string().max(1000).optional().meta({ description: 'A path of this site to land on once signed in (default `/`).' }) }),
    responses: {
      302: { description: 'To the provider (or back to /signin?error=… when it cannot be reached)' },
      404: { description: 'Not configured', schema: errorSchema },
    },
    async handler({ app, req, reply, query }) {
      if (!app.oidc) throw noOidc()
      try {
        const { url, pending } = await app.oidc.start()
        setOidcCookie(req, reply, app.publicUrl(), { ...pending, next: localPath(query.next) })
        return reply.redirect(url)
      } catch (err) {
        return toSignInPage(reply, err)
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/auth/oidc/callback',
    auth: 'none',
    tags,
    summary: "The OpenID Connect provider's redirect back: signs in (linking or creating the account) and goes back",
    responses: {
      302: { description: 'To the page the sign-in began for (`next`, default /) signed in, or to /signin?error=… with the reason' },
      404: { description: 'Not configured', schema: errorSchema },
    },
    async handler({ app, req, reply }) {
      if (!app.oidc) throw noOidc()
      try {
        const pending = takeOidcCookie(req, reply, app.publicUrl())
        if (!isPending(pending)) throw new AppError('bad_request', 'The sign-in took too long or began in another browser: try again.')
        const profile = await app.oidc.finish(req.url.split('?')[1] ?? '', pending)
        const opened = await app.signIn.signInWithOidc(profile)
        await endPresentedSession(app, req)
        setSessionCookie(req, reply, app.publicUrl(), opened)
        return reply.redirect(localPath((pending as { next?: unknown }).next))
      } catch (err) {
        return toSignInPage(reply, err)
      }
    },
  }),
]
