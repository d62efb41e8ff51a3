// Browser sign-in state: sessions, one-time links (password reset, magic sign-in) and OpenID Connect identities.
// Secrets (cookie values, link tokens) are stored only as SHA-256 hashes.
import type { Kysely } from 'kysely'
import { hashToken, newId } from '../lib/ids.js'
import type { User } from './accounts.js'
import type { Database } from './tables.js'

export type LinkPurpose = 'reset' | 'magic'
export type Session = { id: string; userId: string; csrfToken: string; expiresAt: string }

export const sessions = (db: Kysely<Database>) => ({
  /** Opens a session; the user's expired ones go (so rows do not pile up). */
  async create(userId: string, token: string, csrfToken: string, expiresAt: string): Promise<Session> {
    const session = { id: newId(), userId, csrfToken, expiresAt }
    await db.deleteFrom('sessions').where('userId', '=', userId).where('expiresAt', '<=', new Date().toISOString()).execute()
    await db
      .insertInto('sessions')
      .values({ ...session, tokenHash: hashToken(token), createdAt: new Date().toISOString() })
      .execute()
    return session
  },

  /** The unexpired session with this cookie value, and its user. */
  async byToken(token: string, now: string): Promise<{ session: Session; user: User } | undefined> {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select(['sessions.id as sessionId', 'sessions.csrfToken', 'sessions.expiresAt', 'users.id', 'users.name', 'users.email', 'users.createdAt'])
      .where('sessions.tokenHash', '=', hashToken(token))
      .where('sessions.expiresAt', '>', now)
      .executeTakeFirst()
    if (!row) return undefined
    const { sessionId, csrfToken, expiresAt, ...user } = row
    return { session: { id: sessionId, userId: user.id, csrfToken, expiresAt }, user }
  },

  async delete(id: string): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', id).execute()
  },

  /**
   * Ends all of a user's sessions but `keepId`, and voids their one-time links: after a password change, an older
   * reset or sign-in link must not work either.
   */
  async deleteOfUser(userId: string, keepId?: string): Promise<void> {
    let query = db.deleteFrom('sessions').where('userId', '=', userId)
    if (keepId) query = query.where('id', '!=', keepId)
    await query.execute()
    await db.deleteFrom('oneTimeLinks').where('userId', '=', userId).execute()
  },

  async createLink(userId: string, purpose: LinkPurpose, token: string, expiresAt: string): Promise<void> {
    await db.deleteFrom('oneTimeLinks').where('userId', '=', userId).where('expiresAt', '<=', new Date().toISOString()).execute()
    await db
      .insertInto('oneTimeLinks')
      .values({ id: newId(), userId, purpose, tokenHash: hashToken(token), createdAt: new Date().toISOString(), expiresAt })
      .execute()
  },

  /** The user of an unexpired link, deleting it: of two concurrent uses, only the one whose delete counts wins. */
  async consumeLink(purpose: LinkPurpose, token: string, now: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('oneTimeLinks')
      .select(['id', 'userId', 'expiresAt'])
      .where('tokenHash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .executeTakeFirst()
    if (!row) return undefined
    const res = await db.deleteFrom('oneTimeLinks').where('id', '=', row.id).executeTakeFirst()
    return Number(res.numDeletedRows) === 1 && row.expiresAt > now ? row.userId : undefined
  },

  async userIdByIdentity(issuer: string, subject: string): Promise<string | undefined> {
    const row = await db.selectFrom('oidcIdentities').select('userId').where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst()
    return row?.userId
  },

  async hasIdentity(userId: string): Promise<boolean> {
    return Boolean(await db.selectFrom('oidcIdentities').select('userId').where('userId', '=', userId).limit(1).executeTakeFirst())
  },

  async linkIdentity(issuer: string, subject: string, userId: string): Promise<void> {
    await db
      .insertInto('oidcIdentities')
      .values({ issuer, subject, userId, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute()
  },
})
