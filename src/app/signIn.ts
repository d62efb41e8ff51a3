// Signing in from a browser: first-run setup, sign-up, email + password, one-time links (password reset, magic
// sign-in by email) and OpenID Connect. Each success opens a session: the API puts its secret in an HttpOnly cookie
// and the browser sends its CSRF token back on writes.
import { randomBytes } from 'node:crypto'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { LinkPurpose, Session } from '../store/sessions.js'
import { AppError, badRequest, conflict, forbidden, unauthorized } from './errors.js'
import type { OidcClient, OidcProfile } from './oidc.js'
import { hashPassword, verifyPassword } from './passwords.js'
import type { RateLimitStore } from '../store/rateLimits.js'
import { createRateLimit, type RateLimit } from './rateLimit.js'
import type { SystemMail } from './systemMail.js'

export type SignInSettings = {
  /** Only emails `mayRegister` accepts may create an account (DISABLE_SIGNUP). */
  disableSignup: boolean
  sessionMaxAgeMs: number
}

/** A session just opened: `cookie` is its secret (the API's cookie value), shown nowhere else. */
export type OpenedSession = { user: User; cookie: string; csrfToken: string; expiresAt: string }

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { reset: 60 * 60_000, magic: 15 * 60_000 }
const LINK_PATH: Record<LinkPurpose, string> = { reset: '/reset-password', magic: '/magic-link' }
const WINDOW_MS = 15 * 60_000
const invalidLink = () => badRequest('This link is invalid, expired or already used: ask for a new one.')

/** A one-time link for the user (password reset or magic sign-in), at the address people reach the server at. */
export const createOneTimeLink = async (store: Pick<Store, 'sessions'>, publicUrl: string, userId: string, purpose: LinkPurpose): Promise<string> => {
  const token = randomBytes(32).toString('base64url')
  await store.sessions.createLink(userId, purpose, token, new Date(Date.now() + LINK_LIFETIME_MS[purpose]).toISOString())
  return `${publicUrl.replace(/\/+$/, '')}${LINK_PATH[purpose]}?token=${token}`
}

/** Failed password checks, per email (or user) and per client address. */
export const createPasswordAttempts = (store: RateLimitStore) => ({
  byAccount: createRateLimit(store, {
    scope: 'sign-in-account',
    max: 10,
    windowMs: WINDOW_MS,
    message: 'Too many failed sign-in attempts for this account: try again in 15 minutes.',
  }),
  byAddress: createRateLimit(store, {
    scope: 'sign-in-address',
    max: 50,
    windowMs: WINDOW_MS,
    message: 'Too many failed sign-in attempts from this address: try again in 15 minutes.',
  }),
})

export const createSignIn = ({
  store,
  mail,
  publicUrl,
  settings,
  mayRegister,
  oidc,
  attempts,
}: {
  store: Pick<Store, 'accounts' | 'sessions' | 'workspaces' | 'rateLimits'>
  mail: SystemMail
  publicUrl: () => string
  settings: SignInSettings
  /** Whether this email may create an account while sign-up is closed (e.g. it has a pending invitation). */
  mayRegister: (email: string) => Promise<boolean>
  oidc?: OidcClient
  attempts: { byAccount: RateLimit; byAddress: RateLimit }
}) => {
  // Requests that create accounts or send emails, counted whatever their outcome.
  const requestsByEmail = createRateLimit(store.rateLimits, {
    scope: 'requests-email',
    max: 5,
    windowMs: WINDOW_MS,
    message: 'Too many requests for this email: try again in 15 minutes.',
  })
  const requestsByAddress = createRateLimit(store.rateLimits, {
    scope: 'requests-address',
    max: 30,
    windowMs: WINDOW_MS,
    message: 'Too many requests from this address: try again in 15 minutes.',
  })

  const open = async (user: User): Promise<OpenedSession> => {
    const cookie = randomBytes(32).toString('base64url')
    const csrfToken = randomBytes(24).toString('base64url')
    const expiresAt = new Date(Date.now() + settings.sessionMaxAgeMs).toISOString()
    await store.sessions.create(user.id, cookie, csrfToken, expiresAt)
    return { user, cookie, csrfToken, expiresAt }
  }

  /** A new user with a workspace of their own. */
  const register = async (input: { name: string; email: string | null; password?: string }): Promise<User> => {
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password)
    let user: User
    try {
      user = await store.accounts.createUser(input.name, input.email ?? undefined, passwordHash)
    } catch (err) {
      if (input.email && (await store.accounts.userByEmail(input.email))) throw conflict('An account with this email already exists.')
      throw err
    }
    await store.workspaces.create(user.id, { name: `${input.name}'s workspace` })
    return user
  }

  const checkMayRegister = async (email: string | null) => {
    if (settings.disableSignup && !(email && (await mayRegister(email))))
      throw forbidden('Sign-up is closed on this server: ask a workspace admin for an invitation.')
  }

  const sendLink = async (email: string, address: string, purpose: LinkPurpose) => {
    await requestsByAddress.take([address])
    await requestsByEmail.take([email])
    const user = await store.accounts.userByEmail(email)
    if (!user) return
    const link = await createOneTimeLink(store, publicUrl(), user.id, purpose)
    const [subject, text] =
      purpose === 'reset'
        ? [
            'Reset your Parley password',
            `Someone asked to reset the password of your Parley account. To choose a new one, open:\n\n${link}\n\nThe link works once, within an hour. If you did not ask for it, ignore this email.`,
          ]
        : [
            'Your Parley sign-in link',
            `To sign in to Parley, open:\n\n${link}\n\nThe link works once, within 15 minutes. If you did not ask for it, ignore this email.`,
          ]
    // Not awaited: the answer takes as long whether the email has an account or not.
    void mail.send({ to: email, subject, text }).catch(() => undefined)
  }

  return {
    async status() {
      return {
        setupNeeded: !(await store.accounts.anyoneCanSignIn()),
        signupOpen: !settings.disableSignup,
        methods: { password: true, passwordResetByEmail: mail.configured, magicLink: mail.configured, oidc: oidc ? { name: oidc.name } : null },
      }
    },

    /** The first account (only while nobody can sign in): it gets a workspace of its own and is signed in. */
    async setup(input: { name: string; email: string; password: string }, address: string): Promise<OpenedSession> {
      await requestsByAddress.take([address])
      if (await store.accounts.anyoneCanSignIn()) throw conflict('This server is already set up: sign in instead.')
      return open(await register(input))
    },

    async signUp(input: { name: string; email: string; password: string }, address: string): Promise<OpenedSession> {
      await requestsByAddress.take([address])
      await checkMayRegister(input.email)
      if (await store.accounts.userByEmail(input.email)) throw conflict('An account with this email already exists: sign in or reset the password.')
      return open(await register(input))
    },

    async signInWithPassword(input: { email: string; password: string }, address: string): Promise<OpenedSession> {
      const account = [`email:${input.email}`]
      // Counted before the password is checked, each in one statement: a burst of concurrent guesses cannot all
      // pass a count read before any of them was added. A refusal by address gives the account's attempt back.
      await attempts.byAccount.take(account)
      try {
        await attempts.byAddress.take([address])
      } catch (err) {
        await attempts.byAccount.release(account)
        throw err
      }
      const user = await store.accounts.userByEmail(input.email)
      const stored = user ? await store.accounts.passwordHashOf(user.id) : null
      if (!user || !(await verifyPassword(input.password, stored))) throw unauthorized('Wrong email or password.')
      await attempts.byAccount.release(account)
      await attempts.byAddress.release([address])
      return open(user)
    },

    async signOut(session: Session) {
      await store.sessions.delete(session.id)
    },

    /** Emails a reset link when the email has an account; the same answer either way. */
    async requestPasswordReset(email: string, address: string) {
      if (!mail.configured) throw badRequest('This server cannot send emails: ask its operator for a reset link (parley user reset-link).')
      await sendLink(email, address, 'reset')
    },

    /** Sets a new password from a reset link; the user's other sessions end and a new one opens. */
    async resetPassword(input: { token: string; password: string }): Promise<OpenedSession> {
      const userId = await store.sessions.consumeLink('reset', input.token, new Date().toISOString())
      const user = userId && (await store.accounts.userById(userId))
      if (!user) throw invalidLink()
      await store.accounts.updateUser(user.id, { passwordHash: await hashPassword(input.password) })
      await store.sessions.deleteOfUser(user.id)
      return open(user)
    },

    async requestMagicLink(email: string, address: string) {
      if (!mail.configured) throw new AppError('not_found', 'Sign-in links by email are not available on this server.')
      await sendLink(email, address, 'magic')
    },

    async signInWithMagicLink(token: string): Promise<OpenedSession> {
      const userId = await store.sessions.consumeLink('magic', token, new Date().toISOString())
      const user = userId && (await store.accounts.userById(userId))
      if (!user) throw invalidLink()
      return open(user)
    },

    /**
     * After the provider's callback: the user of that identity, else the user with that email when the provider
     * verified it (the identity gets linked), else a new user if they may register.
     */
    async signInWithOidc(profile: OidcProfile): Promise<OpenedSession> {
      const knownId = await store.sessions.userIdByIdentity(profile.issuer, profile.subject)
      let user = knownId ? await store.accounts.userById(knownId) : undefined
      if (!user) {
        const email = profile.email && profile.emailVerified ? profile.email.toLowerCase() : null
        user = email ? await store.accounts.userByEmail(email) : undefined
        if (!user) {
          if (profile.email && !profile.emailVerified && (await store.accounts.userByEmail(profile.email)))
            throw forbidden('The provider has not verified this email, and an account already uses it.')
          await checkMayRegister(email)
          user = await register({ name: profile.name || email?.split('@')[0] || 'New user', email })
        }
        await store.sessions.linkIdentity(profile.issuer, profile.subject, user.id)
      }
      return open(user)
    },
  }
}

export type SignInApp = ReturnType<typeof createSignIn>
