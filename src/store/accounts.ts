// Users and their API tokens. Tokens are stored only as SHA-256 hashes.
import type { Kysely } from 'kysely'
import { hashToken, newId } from '../lib/ids.js'
import type { DialectAdapter } from './dialect/adapter.js'
import type { Database } from './tables.js'

export type User = { id: string; name: string; email: string | null; createdAt: string }
export type TokenInfo = {
  id: string
  name: string
  userId: string
  userName: string
  userEmail: string | null
  createdAt: string
  lastUsedAt: string | null
}

export const accounts = (db: Kysely<Database>, adapter: DialectAdapter) => ({
  /** The user owning this bearer token, or undefined for an unknown (or revoked) token. */
  async userByToken(token: string): Promise<User | undefined> {
    return db
      .selectFrom('apiTokens')
      .innerJoin('users', 'users.id', 'apiTokens.userId')
      .select(['users.id', 'users.name', 'users.email', 'users.createdAt'])
      .where('apiTokens.tokenHash', '=', hashToken(token))
      .executeTakeFirst()
  },

  async userById(id: string): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  },

  async userByEmail(email: string): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()
  },

  async createUser(name: string, email?: string): Promise<User> {
    const user = { id: newId(), name, email: email?.toLowerCase() ?? null, createdAt: new Date().toISOString() }
    await db.insertInto('users').values(user).execute()
    return user
  },

  /** Stores a token (given in clear, kept hashed) for a user; returns the token's id. */
  async addToken(userId: string, name: string, token: string): Promise<string> {
    const id = newId()
    await db
      .insertInto('apiTokens')
      .values({ id, userId, name, tokenHash: hashToken(token), createdAt: new Date().toISOString(), lastUsedAt: null })
      .execute()
    return id
  },

  async listTokens(): Promise<TokenInfo[]> {
    return db
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
      ])
      .orderBy('apiTokens.createdAt')
      .execute()
  },

  /** Deletes a token; false when no token has that id. */
  async revokeToken(id: string): Promise<boolean> {
    const res = await db.deleteFrom('apiTokens').where('id', '=', id).executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },

  /** Makes sure an admin user owns exactly this token (idempotent; safe when processes start together). */
  async ensureAdminToken(token: string): Promise<void> {
    if (await this.userByToken(token)) return
    try {
      await db.transaction().execute(async (trx) => {
        const user = { id: newId(), name: 'admin', email: null, createdAt: new Date().toISOString() }
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
          })
          .execute()
      })
    } catch (err) {
      if (!adapter.isUniqueViolation(err)) throw err // another process created it at the same moment
    }
  },
})
