// Who the caller is (a bearer token or a browser session), their own account and their API tokens.
// Token lookups are cached briefly so a chat turn does not pay a database read for the token on every call; a
// token revoked elsewhere stops working within TOKEN_CACHE_MS on every process (at once on the one revoking it).
import { timingSafeEqual } from 'node:crypto'
import { isLanguage, type Language } from '../contract/languages.js'
import { hashToken, newToken } from '../lib/ids.js'
import type { TokenGrant, User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Session } from '../store/sessions.js'
import type { Access } from './access.js'
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { PREVIEW_TOKEN_PREFIX, type PreviewTokens } from './previewTokens.js'
import type { RateLimit } from './rateLimit.js'

const TOKEN_CACHE_MS = 10_000
/** A stored language Parley no longer speaks reads as none (the browser's). */
const pickStoredLanguage = (tag: string | null): Language | null => (isLanguage(tag) ? tag : null)
const TOKEN_CACHE_MAX = 10_000
/** lastUsedAt is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000

export type TokenView = {
  id: string
  name: string
  workspaceId: string | null
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
}

/** Account changes and token management need the user's full rights: a workspace-scoped token has only part of them. */
const unscoped = (user: User) => {
  if (user.scope) throw forbidden('A token limited to one workspace cannot manage the account or its tokens.')
}

/** Whether two secrets are equal, in time independent of where they differ. */
export const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export const createAccounts = ({
  store,
  access,
  attempts,
  previewTokens,
}: {
  store: Pick<Store, 'accounts' | 'sessions'>
  access: Access
  /** Failed password checks (sign-in and password change share it). */
  attempts: RateLimit
  previewTokens: Pick<PreviewTokens, 'verify'>
}) => {
  const cache = new Map<string, { grant: TokenGrant | undefined; expires: number }>()
  const touched = new Map<string, number>()

  /** Records the token's use without holding up the request; at most once a TOUCH_EVERY_MS per token and process. */
  const touch = (tokenId: string, now: number) => {
    if ((touched.get(tokenId) ?? 0) > now - TOUCH_EVERY_MS) return
    if (touched.size >= TOKEN_CACHE_MAX) touched.clear()
    touched.set(tokenId, now)
    store.accounts.touchToken(tokenId, new Date(now).toISOString()).catch(() => touched.delete(tokenId))
  }

  return {
    /**
     * The token's user (with the token's workspace scope, or the preview a preview token grants), or undefined when
     * the token is unknown, revoked or expired.
     */
    async userByToken(token: string): Promise<User | undefined> {
      if (token.startsWith(PREVIEW_TOKEN_PREFIX)) {
        const claim = previewTokens.verify(token)
        const user = claim && (await store.accounts.userById(claim.userId))
        return user ? { ...user, preview: { botId: claim.botId, snapshotId: claim.snapshotId } } : undefined
      }
      const key = hashToken(token)
      const now = Date.now()
      let hit = cache.get(key)
      if (!hit || hit.expires <= now) {
        const grant = token.length <= 512 ? await store.accounts.userByToken(token) : undefined
        if (cache.size >= TOKEN_CACHE_MAX) cache.clear()
        cache.set(key, (hit = { grant, expires: now + TOKEN_CACHE_MS }))
      }
      const { grant } = hit
      if (!grant || (grant.expiresAt && Date.parse(grant.expiresAt) <= now)) return undefined
      touch(grant.tokenId, now)
      return grant.user
    },

    /** The unexpired session of this cookie value, and its user. */
    async bySession(cookie: string): Promise<{ user: User; session: Session } | undefined> {
      if (cookie.length > 512) return undefined
      return store.sessions.byToken(cookie, new Date().toISOString())
    },

    /** Refuses a cookie-authenticated write whose `x-csrf-token` is not the session's. */
    checkCsrf(session: Session, header: string | undefined) {
      if (!header || !sameSecret(header, session.csrfToken))
        throw new AppError('csrf', 'This request needs the x-csrf-token header of the session (see GET /v1/auth/status).')
    },

    async me(user: User) {
      const { scope: _scope, ...me } = user
      return {
        ...me,
        hasPassword: (await store.accounts.passwordHashOf(user.id)) !== null,
        emailVerified: await store.accounts.emailVerified(user.id),
        oidcConnected: await store.sessions.hasIdentity(user.id),
        language: pickStoredLanguage(await store.accounts.languageOf(user.id)),
      }
    },

    /** Forgets the cached lookups of a user's tokens, revoked elsewhere in this process. */
    forgetTokensOf(userId: string) {
      for (const [key, hit] of cache) if (hit.grant?.user.id === userId) cache.delete(key)
    },

    /**
     * Renames the user, changes their password (the current one is needed when there is one) and/or their language
     * (null: the browser's). A new password ends the user's other sessions.
     */
    async update(
      user: User,
      input: { name?: string; currentPassword?: string; newPassword?: string; language?: Language | null },
      keepSessionId?: string,
    ) {
      unscoped(user)
      let passwordHash: string | undefined
      if (input.newPassword !== undefined) {
        const stored = await store.accounts.passwordHashOf(user.id)
        if (stored !== null) {
          const keys = [`user:${user.id}`]
          await attempts.take(keys)
          if (!(await verifyPassword(input.currentPassword ?? '', stored)))
            throw badRequest('The current password is wrong.', [{ path: 'body.currentPassword', message: 'Wrong password.' }])
          await attempts.release(keys)
        }
        passwordHash = await hashPassword(input.newPassword)
      }
      await store.accounts.updateUser(user.id, { name: input.name, passwordHash, language: input.language })
      if (passwordHash) await store.sessions.deleteOfUser(user.id, keepSessionId)
      const updated = await store.accounts.userById(user.id)
      if (!updated) throw unauthorized()
      return this.me(updated)
    },

    async tokens(user: User): Promise<TokenView[]> {
      unscoped(user)
      return (await store.accounts.listTokens(user.id)).map(({ id, name, workspaceId, createdAt, expiresAt, lastUsedAt }) => ({
        id,
        name,
        workspaceId,
        createdAt,
        expiresAt,
        lastUsedAt,
      }))
    },

    /** A new token; its secret is answered here only. */
    async createToken(user: User, input: { name: string; expiresAt?: string | null; workspaceId?: string | null }) {
      unscoped(user)
      if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now())
        throw badRequest('The expiry must be in the future.', [{ path: 'body.expiresAt', message: 'In the past.' }])
      if (input.workspaceId) await access.workspaceRole(user, input.workspaceId, 'read')
      const secret = newToken()
      const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null
      const id = await store.accounts.addToken(user.id, input.name, secret, { expiresAt, workspaceId: input.workspaceId ?? null })
      const token = (await this.tokens(user)).find((t) => t.id === id)!
      return { token, secret }
    },

    async revokeToken(user: User, tokenId: string) {
      unscoped(user)
      if (!(await store.accounts.revokeToken(tokenId, user.id))) throw notFound('Token not found.')
      for (const [key, hit] of cache) if (hit.grant?.tokenId === tokenId) cache.delete(key)
    },
  }
}

export type AccountsApp = ReturnType<typeof createAccounts>
