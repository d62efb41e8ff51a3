// Users and their API tokens. Tokens are stored only as SHA-256 hashes; password hashes never leave this module
// except through passwordHashOf.
import type { Kysely } from 'kysely'
import { hashToken, newId } from '../lib/ids.js'
import type { DialectAdapter } from './dialect/adapter.js'
import type { Database } from './tables.js'

/** What a preview token lets its holder run: one draft (a preview snapshot) of one bot (app/previewTokens.ts). */
export type PreviewGrant = { botId: string; snapshotId: string }

/**
 * A user as the application sees it; `scope`: the one workspace the caller's token reaches (absent: all theirs);
 * `preview`: the caller holds a preview token, which reaches no workspace, only that preview.
 */
export type User = { id: string; name: string; email: string | null; createdAt: string; scope?: string; preview?: PreviewGrant }
export type TokenInfo = {
  id: string
  name: string
  userId: string
  userName: string
  userEmail: string | null
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
  workspaceId: string | null
}
/** What a bearer token resolves to. */
export type TokenGrant = { user: User; tokenId: string; expiresAt: string | null }

const userColumns = ['users.id', 'users.name', 'users.email', 'users.createdAt'] as const

export const accounts = (db: Kysely<Database>, adapter: DialectAdapter) => ({
  /** The user owning this bearer token (with its scope), or undefined for an unknown (or revoked) token. */
  async userByToken(token: string): Promise<TokenGrant | undefined> {
    const row = await db
      .selectFrom('apiTokens')
      .innerJoin('users', 'users.id', 'apiTokens.userId')
      .select([...userColumns, 'apiTokens.id as tokenId', 'apiTokens.expiresAt', 'apiTokens.workspaceId'])
      .where('apiTokens.tokenHash', '=', hashToken(token))
      .executeTakeFirst()
    if (!row) return undefined
    const { tokenId, expiresAt, workspaceId, ...user } = row
    return { user: workspaceId ? { ...user, scope: workspaceId } : user, tokenId, expiresAt }
  },

  async userById(id: string): Promise<User | undefined> {
    return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst()
  },

  async userByEmail(email: string): Promise<User | undefined> {
    return db.selectFrom('users').select(userColumns).where('email', '=', email.toLowerCase()).executeTakeFirst()
  },

  async passwordHashOf(userId: string): Promise<string | null> {
    const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst()
    return row?.passwordHash ?? null
  },

  /** Whether any account exists, whatever it can sign in with (a token user counts): false before first-run setup. */
  async anyAccount(): Promise<boolean> {
    return Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())
  },

  async languageOf(userId: string): Promise<string | null> {
    const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst()
    return row?.language ?? null
  },

  /** `emailVerified`: the email was proven by its owner (a provider's verified email, or made by the operator). */
  async createUser(name: string, email?: string, passwordHash?: string, emailVerified = false): Promise<User> {
    const user = { id: newId(), name, email: email?.toLowerCase() ?? null, createdAt: new Date().toISOString() }
    await db
      .insertInto('users')
      .values({ ...user, passwordHash: passwordHash ?? null, emailVerifiedAt: emailVerified && user.email ? user.createdAt : null })
      .execute()
    return user
  },

  async emailVerified(userId: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('emailVerifiedAt').where('id', '=', userId).executeTakeFirst()
    return Boolean(row?.emailVerifiedAt)
  },

  /**
   * Records that the user's email was proven. When it was not before, whatever a claimant of the address may have
   * set up meanwhile stops working, in the same transaction: sessions, API tokens, one-time links, OpenID Connect
   * identities and, with `dropPassword`, the password. True when the email was unproven until now.
   */
  async confirmEmail(userId: string, options: { dropPassword: boolean }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('users')
        .set({ emailVerifiedAt: new Date().toISOString(), ...(options.dropPassword ? { passwordHash: null } : {}) })
        .where('id', '=', userId)
        .where('email', 'is not', null)
        .where('emailVerifiedAt', 'is', null)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) return false
      for (const table of ['sessions', 'apiTokens', 'oneTimeLinks', 'oidcIdentities'] as const)
        await trx.deleteFrom(table).where('userId', '=', userId).execute()
      return true
    })
  },

  /** Records that the user's email was proven by someone already holding the account (nothing to revoke). */
  async markEmailVerified(userId: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date().toISOString() })
      .where('id', '=', userId)
      .where('email', 'is not', null)
      .where('emailVerifiedAt', 'is', null)
      .execute()
  },

  async updateUser(id: string, changes: { name?: string; passwordHash?: string; language?: string | null }): Promise<void> {
    if (Object.values(changes).every((v) => v === undefined)) return
    await db.updateTable('users').set(changes).where('id', '=', id).execute()
  },

  /** Stores a token (given in clear, kept hashed) for a user; returns the token's id. */
  async addToken(
    userId: string,
    name: string,
    token: string,
    options: { expiresAt?: string | null; workspaceId?: string | null } = {},
  ): Promise<string> {
    const id = newId()
    await db
      .insertInto('apiTokens')
      .values({
        id,
        userId,
        name,
        tokenHash: hashToken(token),
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        expiresAt: options.expiresAt ?? null,
        workspaceId: options.workspaceId ?? null,
      })
      .execute()
    return id
  },

  /** Every token (for the operator's CLI); `userId`: only that user's. */
  async listTokens(userId?: string): Promise<TokenInfo[]> {
    let query = db
      .selectFrom('apiTokens')
      .innerJoin('users', 'users.id', 'apiTokens.userId')
      .select([
        'apiTokens.id',
        'apiTokens.name',
        'apiTokens.userId',
        'users.name as userName',
        'users.email as userEmail',
        'apiTokens.createdAt',
        'apiTokens.lastUsedAt',
        'apiTokens.expiresAt',
        'apiTokens.workspaceId',
      ])
      .orderBy('apiTokens.createdAt')
    if (userId) query = query.where('apiTokens.userId', '=', userId)
    return query.execute()
  },

  async touchToken(id: string, at: string): Promise<void> {
    await db.updateTable('apiTokens').set({ lastUsedAt: at }).where('id', '=', id).execute()
  },

  /** Deletes a token (only if it is that user's, when `userId` is given); false when there is no such token. */
  async revokeToken(id: string, userId?: string): Promise<boolean> {
    let query = db.deleteFrom('apiTokens').where('id', '=', id)
    if (userId) query = query.where('userId', '=', userId)
    const res = await query.executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },

  /** Makes sure an admin user owns exactly this token (idempotent; safe when processes start together). */
  async ensureAdminToken(token: string): Promise<void> {
    if (await this.userByToken(token)) return
    try {
      await db.transaction().execute(async (trx) => {
        const user = { id: newId(), name: 'admin', email: null, createdAt: new Date().toISOString(), passwordHash: null, emailVerifiedAt: null }
        await trx.insertInto('users').values(user).execute()
        await trx
          .insertInto('apiTokens')
          .values({
            id: newId(),
            userId: user.id,
            name: 'PARLEY_ADMIN_TOKEN',
            tokenHash: hashToken(token),
            createdAt: user.createdAt,
            lastUsedAt: null,
            expiresAt: null,
            workspaceId: null,
          })
          .execute()
      })
    } catch (err) {
      if (!adapter.isUniqueViolation(err)) throw err // another process created it at the same moment
    }
  },
})
