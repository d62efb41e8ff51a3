// Signing in from a browser: first-run setup, sign-up, email + password, one-time links (password reset, magic
// sign-in by email) and OpenID Connect. Each success opens a session: the API puts its secret in an HttpOnly cookie
// and the browser sends its CSRF token back on writes.
// Whoever signs up first may type any address, so an account's email counts as its owner's only once proven (an
// emailed link used, a provider's verified email, the operator's CLI): OpenID Connect joins only proven accounts by
// email, and the first proof by an emailed link ends whatever a claimant of the address set up before it.
import { randomBytes } from 'node:crypto'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { LinkPurpose, Session } from '../store/sessions.js'
import { AppError, badRequest, conflict, forbidden, unauthorized } from './errors.js'
import type { OidcClient, OidcProfile } from './oidc.js'
import { decoyHash, hashPassword, verifyPassword } from './passwords.js'
import type { RateLimitStore } from '../store/rateLimits.js'
import { createRateLimit, type RateLimit } from './rateLimit.js'
import type { SystemMail } from './systemMail.js'

export type SignInSettings = {
  /** Only invited emails may create an account (DISABLE_SIGNUP): by the invitation's link, or a provider's verified email. */
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
  invited,
  oidc,
  attempts,
  tokensRevoked,
  verify = verifyPassword,
}: {
  store: Pick<Store, 'accounts' | 'sessions' | 'workspaces' | 'rateLimits'>
  mail: SystemMail
  publicUrl: () => string
  settings: SignInSettings
  /** Whether an email may create an account while sign-up is closed: it holds an invitation's link, or has one pending. */
  invited: { byLink: (token: string, email: string) => Promise<boolean>; byEmail: (email: string) => Promise<boolean> }
  oidc?: OidcClient
  attempts: { byAccount: RateLimit; byAddress: RateLimit }
  /** Told when a user's API tokens were revoked here (cached lookups must forget them). */
  tokensRevoked: (userId: string) => void
  /** Checks a password against a stored hash (tests observe the work each sign-in does). */
  verify?: (password: string, stored: string) => Promise<boolean>
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

  /** A new user with a workspace of their own; `emailVerified`: a provider verified the email. */
  const register = async (input: { name: string; email: string | null; password?: string; emailVerified?: boolean }): Promise<User> => {
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password)
    let user: User
    try {
      user = await store.accounts.createUser(input.name, input.email ?? undefined, passwordHash, input.emailVerified)
    } catch (err) {
      if (input.email && (await store.accounts.userByEmail(input.email))) throw conflict('An account with this email already exists.')
      throw err
    }
    await store.workspaces.create(user.id, { name: `${input.name}'s workspace` })
    return user
  }

  const closed = () => forbidden('Sign-up is closed on this server: ask a workspace admin for an invitation.')

  /**
   * The first proof of the user's email by an emailed link: a claimant's sessions, tokens, links and identities end
   * (and the password too when the link was a magic one; a reset sets the new one anyway).
   */
  const confirmByLink = async (user: User, dropPassword: boolean) => {
    if (await store.accounts.confirmEmail(user.id, { dropPassword })) tokensRevoked(user.id)
  }

  /** Why a provider's sign-in does not join the unproven account of its email, and what to do instead. */
  const unprovenAccount = (provider: string) =>
    forbidden(
      `An account with this email exists, but its address is not confirmed, so signing in with ${provider} cannot join it. ` +
        `Sign in with its password, then connect ${provider} on the Your account page${mail.configured ? ', or ask for a sign-in link by email: using it confirms the address' : ''}.`,
    )

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
        setupNeeded: !(await store.accounts.anyAccount()),
        signupOpen: !settings.disableSignup,
        methods: { password: true, passwordResetByEmail: mail.configured, magicLink: mail.configured, oidc: oidc ? { name: oidc.name } : null },
      }
    },

    /**
     * The first account (only while there is no account at all, token users included: an operator who made one has
     * set the server up): it gets a workspace of its own and is signed in.
     */
    async setup(input: { name: string; email: string; password: string }, address: string): Promise<OpenedSession> {
      await requestsByAddress.take([address])
      if (await store.accounts.anyAccount()) throw conflict('This server is already set up: sign in instead.')
      return open(await register(input))
    },

    /** While sign-up is closed, only with the link of an invitation sent to this email (`invitation`: its token). */
    async signUp(input: { name: string; email: string; password: string; invitation?: string }, address: string): Promise<OpenedSession> {
      await requestsByAddress.take([address])
      if (settings.disableSignup && !(input.invitation && (await invited.byLink(input.invitation, input.email)))) throw closed()
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
      // The same scrypt work whether the email has an account, and a password, or not: the time does not tell.
      const matches = await verify(input.password, stored ?? (await decoyHash()))
      if (!user || stored === null || !matches) throw unauthorized('Wrong email or password.')
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

    /** Sets a new password from a reset link (which proves the email); the user's other sessions end and a new one opens. */
    async resetPassword(input: { token: string; password: string }): Promise<OpenedSession> {
      const userId = await store.sessions.consumeLink('reset', input.token, new Date().toISOString())
      const user = userId && (await store.accounts.userById(userId))
      if (!user) throw invalidLink()
      await confirmByLink(user, false)
      await store.accounts.updateUser(user.id, { passwordHash: await hashPassword(input.password) })
      await store.sessions.deleteOfUser(user.id)
      return open(user)
    },

    async requestMagicLink(email: string, address: string) {
      if (!mail.configured) throw new AppError('not_found', 'Sign-in links by email are not available on this server.')
      await sendLink(email, address, 'magic')
    },

    /** Signs in by an emailed link, which proves the email. */
    async signInWithMagicLink(token: string): Promise<OpenedSession> {
      const userId = await store.sessions.consumeLink('magic', token, new Date().toISOString())
      const user = userId && (await store.accounts.userById(userId))
      if (!user) throw invalidLink()
      await confirmByLink(user, true)
      return open(user)
    },

    /**
     * After the provider's callback: the user of that identity, else the user with that email when the provider
     * verified it and so had the account (the identity gets linked), else a new user if they may register.
     */
    async signInWithOidc(profile: OidcProfile): Promise<OpenedSession> {
      const knownId = await store.sessions.userIdByIdentity(profile.issuer, profile.subject)
      let user = knownId ? await store.accounts.userById(knownId) : undefined
      if (!user) {
        const email = profile.email && profile.emailVerified ? profile.email.toLowerCase() : null
        user = email ? await store.accounts.userByEmail(email) : undefined
        if (user && !(await store.accounts.emailVerified(user.id))) throw unprovenAccount(oidc?.name ?? 'this provider')
        if (!user) {
          if (profile.email && !profile.emailVerified && (await store.accounts.userByEmail(profile.email)))
            throw forbidden('The provider has not verified this email, and an account already uses it.')
          if (settings.disableSignup && !(email && (await invited.byEmail(email)))) throw closed()
          user = await register({ name: profile.name || email?.split('@')[0] || 'New user', email, emailVerified: email !== null })
        }
        await store.sessions.linkIdentity(profile.issuer, profile.subject, user.id)
      }
      return open(user)
    },

    /**
     * Connects the provider's identity to the signed-in user (who proved the account by signing in). A provider that
     * verified the account's own email proves it too.
     */
    async connectOidc(user: User, profile: OidcProfile) {
      const knownId = await store.sessions.userIdByIdentity(profile.issuer, profile.subject)
      if (knownId && knownId !== user.id) throw conflict(`This ${oidc?.name ?? 'provider'} account is already connected to another Parley account.`)
      if (!knownId) await store.sessions.linkIdentity(profile.issuer, profile.subject, user.id)
      if (profile.emailVerified && user.email && profile.email?.toLowerCase() === user.email) await store.accounts.markEmailVerified(user.id)
    },
  }
}

export type SignInApp = ReturnType<typeof createSignIn>
