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
  linkTokenBody,
  resetPasswordBody,
  signedInSchema,
  signInBody,
  signUpBody,
  signUpWithInvitationBody,
} from '../../contract/accountsApi.js'
import { errorSchema } from '../../contract/api.js'
import { csrfHeader } from '../auth.js'
import { defineRoute } from '../route.js'
import { clearSessionCookie, sessionCookieOf, setOidcCookie, setSessionCookie, takeOidcCookie } from '../sessionCookie.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Sign-in']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  429: { description: 'Too many attempts: try again later', schema: errorSchema },
}
const signedIn = { description: 'Signed in: the session cookie is set', schema: signedInSchema }
const sent = { description: 'The same answer whether the email has an account or not', schema: z.object({ message: z.string() }) }

// Example values: one user signing in to a fresh server.
const ada = {
  id: 'cbs5cypew43k6qf2lbfxbvb7a',
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
  createdAt: '2026-11-02T09:14:27.318Z',
  hasPassword: true,
  emailVerified: false,
  oidcConnected: false,
  language: null,
}
const exampleSession = { user: ada, csrfToken: 'v6v14i-v_PXaXOyru6Iauh4mFxZAtkPA', expiresAt: '2026-12-02T09:14:27.402Z' }
const adaSignUp = { name: 'Ada Lovelace', email: 'ada@acme.example', password: 'correct horse battery staple' }

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

/**
 * OpenID Connect answers are browser navigations: failures go to a page with a message to show, the sign-in page
 * (or, when connecting the provider to a signed-in account, the account page).
 */
const toErrorPage = (reply: FastifyReply, err: unknown, page = '/signin') => {
  if (!(err instanceof AppError)) throw err
  return reply.redirect(`${page}?error=${encodeURIComponent(err.message)}`)
}

/** Where connecting the provider to a signed-in account starts and ends. */
const ACCOUNT_PAGE = '/account'

/** The signed state of an OpenID Connect sign-in; `connectTo`: the signed-in user it links the identity to. */
type Pending = { state: string; nonce: string; verifier: string; next?: unknown; connectTo?: unknown }
const isPending = (v: unknown): v is Pending =>
  typeof v === 'object' && v !== null && ['state', 'nonce', 'verifier'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string')

/** The user of the browser's session, when it has a valid one. */
const sessionUser = async (app: App, req: FastifyRequest) => {
  const cookie = sessionCookieOf(req)
  return cookie ? (await app.accounts.bySession(cookie))?.user : undefined
}

const noOidc = () => new AppError('not_found', 'Sign-in with an OpenID Connect provider is not configured on this server.')

export const authRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/auth/status',
    operationId: 'getAuthStatus',
    auth: 'none',
    tags,
    summary: 'Read the sign-in options, whether setup is needed, and who is signed in',
    description:
      'What a browser calls first: whether the server still needs its first account (`setupNeeded`), whether sign-up is open, which sign-in methods work, and the user of the session cookie sent (null when none is valid). ' +
      'For a signed-in browser it also answers the `csrfToken` to send as `x-csrf-token` on every POST, PUT, PATCH and DELETE made with the cookie. ' +
      "No sign-in needed; API clients with a bearer token do not need this. Served on the builder's origin only (PARLEY_PUBLIC_URL), like every sign-in route. `chatUrl`: the user-content origin, where bot pages, the preview frame and stored files are served (PARLEY_CHAT_URL).",
    example: {
      response: {
        status: 200,
        body: {
          setupNeeded: false,
          signupOpen: true,
          methods: { password: true, passwordResetByEmail: true, magicLink: true, oidc: null },
          user: ada,
          csrfToken: exampleSession.csrfToken,
          chatUrl: 'https://chat.example.com',
        },
      },
    },
    responses: { 200: { description: 'The status', schema: authStatusSchema } },
    async handler({ app, sites, req, reply }) {
      const cookie = sessionCookieOf(req)
      const found = cookie ? await app.accounts.bySession(cookie) : undefined
      // It carries the CSRF token: no cache may keep it.
      reply.header('cache-control', 'no-store')
      return {
        ...(await app.signIn.status()),
        user: found ? await app.accounts.me(found.user) : null,
        csrfToken: found?.session.csrfToken ?? null,
        chatUrl: sites.contentUrl(),
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/setup',
    operationId: 'setUpFirstAccount',
    auth: 'none',
    tags,
    summary: 'Create the first account of a new server and sign in',
    description:
      'First-run setup from the browser: allowed only while the server has no account at all (one made by `PARLEY_ADMIN_TOKEN` or `parley token create --email` counts), and answers 409 afterwards. ' +
      'The account gets a workspace of its own (named after it) and the answer sets the `parley_session` cookie; send the `csrfToken` it answers as `x-csrf-token` on writes.',
    example: { body: adaSignUp, response: { status: 200, body: exampleSession } },
    body: signUpBody,
    responses: { 200: signedIn, ...errors, 409: { description: 'Already set up', schema: errorSchema } },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.setup(body, req.ip))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/signup',
    operationId: 'signUp',
    auth: 'none',
    tags,
    summary: 'Create an account with a workspace of its own, and sign in',
    description:
      'Sign-up from the browser: the account gets a workspace named after it and the answer sets the `parley_session` cookie. ' +
      'When the operator closed sign-up (`DISABLE_SIGNUP`), only the holder of an invitation link may sign up: `invitation` is the token of a pending invitation sent to `email` (403 otherwise). ' +
      'An email that has an account answers 409. The address is not confirmed by signing up (`emailVerified` false): an emailed link or the OpenID Connect provider confirms it later. ' +
      'Passwords need at least 8 characters.',
    example: { body: adaSignUp, response: { status: 200, body: exampleSession } },
    body: signUpWithInvitationBody,
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
    operationId: 'signIn',
    auth: 'none',
    tags,
    summary: 'Sign in with email and password',
    description:
      'Opens a browser session: the answer sets the `parley_session` cookie (HttpOnly) and carries the `csrfToken` to send as `x-csrf-token` on writes; a session the browser already had ends. ' +
      'A wrong email or password answers 401 without saying which; after 10 failures for one account (or 50 from one address) within 15 minutes, 429 until the window passes.',
    example: { body: { email: 'ada@acme.example', password: 'correct horse battery staple' }, response: { status: 200, body: exampleSession } },
    body: signInBody,
    responses: { 200: signedIn, ...errors, 401: { description: 'Wrong email or password', schema: errorSchema } },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.signInWithPassword(body, req.ip))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/signout',
    operationId: 'signOut',
    auth: 'none',
    tags,
    summary: 'Sign out: end the browser session',
    description:
      'Ends the session of the `parley_session` cookie and clears the cookie. ' +
      'A valid session needs its `x-csrf-token` header (403 without it, so another site cannot sign the user out); without a valid session it just clears the cookie.',
    example: { response: { status: 204 } },
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
    operationId: 'requestPasswordReset',
    auth: 'none',
    tags,
    summary: 'Email a link to reset a password',
    description:
      'Sends a one-time link (valid for an hour) to the email when it has an account, and answers the same either way so that emails cannot be probed. ' +
      'Needs SMTP: a server that cannot send emails answers 400 (the operator can make a link with `parley user reset-link`). ' +
      'At most 5 requests per email and 30 per address in 15 minutes (429).',
    example: {
      body: { email: 'ada@acme.example' },
      response: { status: 200, body: { message: 'If an account uses this email, a link to reset its password is on its way.' } },
    },
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
    operationId: 'confirmPasswordReset',
    auth: 'none',
    tags,
    summary: "Set a new password with a reset link's token, and sign in",
    description:
      'Takes the `token` of the link emailed by POST /v1/auth/password-reset (or made by `parley user reset-link`): the link works once, within an hour, and an invalid, expired or used one answers 400. ' +
      'Every other session of the user ends; the answer opens a new one and sets the `parley_session` cookie.',
    example: {
      body: { token: 'DewxE0lFrUoRt8K10rnMbdWtXnZKANgb_mPW4rnshLI', password: 'a new and longer passphrase' },
      response: { status: 200, body: exampleSession },
    },
    body: resetPasswordBody,
    responses: { 200: signedIn, ...errors },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.resetPassword(body))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/auth/magic-link',
    operationId: 'sendMagicLink',
    auth: 'none',
    tags,
    summary: 'Email a sign-in link (passwordless sign-in)',
    description:
      'Sends a one-time sign-in link (valid 15 minutes) to the email when it has an account, and answers the same either way so that emails cannot be probed. ' +
      'A server that cannot send emails answers 404 (`methods.magicLink` of GET /v1/auth/status is false then); at most 5 requests per email and 30 per address in 15 minutes (429).',
    example: {
      body: { email: 'ada@acme.example' },
      response: { status: 200, body: { message: 'If an account uses this email, a sign-in link is on its way.' } },
    },
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
    operationId: 'consumeMagicLink',
    auth: 'none',
    tags,
    summary: "Sign in with an emailed sign-in link's token",
    description:
      'Takes the `token` of the link emailed by POST /v1/auth/magic-link; it works once, within 15 minutes, and an invalid, expired or used one answers 400. ' +
      'Opens a browser session like password sign-in: the answer sets the `parley_session` cookie and carries the `csrfToken`.',
    example: { body: { token: 'H7s_AdtFqzwkGArPAxr4k64ZI7bEmiXZQ6sPH90Nbwg' }, response: { status: 200, body: exampleSession } },
    body: linkTokenBody,
    responses: { 200: signedIn, ...errors },
    async handler({ app, req, reply, body }) {
      return answerSession(app, req, reply, await app.signIn.signInWithMagicLink(body.token))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/auth/oidc/start',
    operationId: 'startOidcSignIn',
    auth: 'none',
    tags,
    summary: 'Start signing in with the OpenID Connect provider, or connecting it to the signed-in account',
    description:
      "A browser navigation (a link or `location.href`, not a fetch): redirects to the provider configured by the operator, with a short-lived cookie that ties the provider's answer to this browser. " +
      'Answers 404 when no provider is configured (`methods.oidc` of GET /v1/auth/status is null); `next` is a path of this site to land on once signed in (other origins are ignored). ' +
      "With `connect=true` a signed-in browser connects the provider's identity to its account instead (the signed cookie names the account; the callback links the identity to it and lands on `next`, default /account); without a session it lands on /signin?error=….",
    example: { query: { next: '/workspaces/ejmq7yuri0oiduza71azcjp44' }, response: { status: 302 } },
    query: z.object({
      next: z.string().max(1000).optional().meta({ description: 'A path of this site to land on once signed in (default `/`).' }),
      connect: z.enum(['true', 'false']).optional().meta({ description: '`true`: connect the provider to the signed-in account.' }),
    }),
    responses: {
      302: { description: 'To the provider (or back to /signin?error=… when it cannot be reached)' },
      404: { description: 'Not configured', schema: errorSchema },
    },
    async handler({ app, req, reply, query }) {
      if (!app.oidc) throw noOidc()
      try {
        const connectTo = query.connect === 'true' ? (await sessionUser(app, req))?.id : undefined
        if (query.connect === 'true' && !connectTo) throw new AppError('unauthorized', 'Sign in first, then connect the provider from Your account.')
        const { url, pending } = await app.oidc.start()
        const next = localPath(query.next ?? (connectTo ? ACCOUNT_PAGE : '/'))
        setOidcCookie(req, reply, app.publicUrl(), { ...pending, next, ...(connectTo ? { connectTo } : {}) })
        return reply.redirect(url)
      } catch (err) {
        return toErrorPage(reply, err)
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/auth/oidc/callback',
    operationId: 'finishOidcSignIn',
    auth: 'none',
    tags,
    summary: 'Finish signing in with the OpenID Connect provider (its redirect back)',
    description:
      'The provider sends the browser here; register this URL as the redirect URI at the provider, never call it yourself. ' +
      "It signs in the user of that identity, else links the identity to the account with the same provider-verified email when that account's email was confirmed (an account whose address is unconfirmed is neither joined nor signed in: the browser lands on /signin?error=… saying to sign in with its password and connect the provider from the account page, or to use an emailed link), else creates an account (if sign-up is open, or the provider-verified email is invited), then redirects to `next`. " +
      "When the sign-in began with `connect=true`, it links the identity to that signed-in account instead (refused when the identity belongs to another account) and redirects to `next`; a provider-verified email equal to the account's confirms it. " +
      'Every failure redirects to `/signin?error=…` (to `/account?error=…` when connecting) with the reason.',
    example: { response: { status: 302 } },
    responses: {
      302: { description: 'To the page the sign-in began for (`next`, default /) signed in, or to /signin?error=… with the reason' },
      404: { description: 'Not configured', schema: errorSchema },
    },
    async handler({ app, req, reply }) {
      if (!app.oidc) throw noOidc()
      const pending = takeOidcCookie(req, reply, app.publicUrl())
      const connecting = isPending(pending) && typeof pending.connectTo === 'string'
      try {
        if (!isPending(pending)) throw new AppError('bad_request', 'The sign-in took too long or began in another browser: try again.')
        const profile = await app.oidc.finish(req.url.split('?')[1] ?? '', pending)
        if (connecting) {
          // Only for the account that began it, still signed in here.
          const user = await sessionUser(app, req)
          if (!user || user.id !== pending.connectTo)
            throw new AppError('unauthorized', 'You were signed out meanwhile: sign in, then connect again.')
          await app.signIn.connectOidc(user, profile)
        } else {
          const opened = await app.signIn.signInWithOidc(profile)
          await endPresentedSession(app, req)
          setSessionCookie(req, reply, app.publicUrl(), opened)
        }
        return reply.redirect(localPath(pending.next))
      } catch (err) {
        return toErrorPage(reply, err, connecting ? ACCOUNT_PAGE : '/signin')
      }
    },
  }),
]
