// Invitations to workspaces. Only the hash of an invitation's token is stored; emails are kept lower-cased.
import type { Kysely } from 'kysely'
import { newId } from '../lib/ids.js'
import type { Role } from './workspaces.js'
import type { Database } from './tables.js'

export type Invitation = {
  id: string
  workspaceId: string
  email: string
  role: Role
  invitedBy: string | null
  createdAt: string
  expiresAt: string
}

/** An invitation with what its page shows: the workspace's and the inviter's names. */
export type InvitationDetails = Invitation & { workspaceName: string; inviterName: string | null }

const details = (db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .innerJoin('workspaces', 'workspaces.id', 'invitations.workspaceId')
    .leftJoin('users', 'users.id', 'invitations.invitedBy')
    .select([
      'invitations.id',
      'invitations.workspaceId',
      'invitations.email',
      'invitations.role',
      'invitations.invitedBy',
      'invitations.createdAt',
      'invitations.expiresAt',
      'workspaces.name as workspaceName',
      'users.name as inviterName',
    ])

const typed = <T extends { role: string }>(row: T) => ({ ...row, role: row.role as Role })

export const invitations = (db: Kysely<Database>) => ({
  /** Creates the invitation, or renews the pending one for the same workspace and email (new token, role and expiry). */
  async upsert(input: {
    workspaceId: string
    email: string
    role: Role
    tokenHash: string
    invitedBy: string
    expiresAt: string
  }): Promise<Invitation> {
    const row = { id: newId(), ...input, email: input.email.toLowerCase(), createdAt: new Date().toISOString() }
    await db
      .insertInto('invitations')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['workspaceId', 'email'])
          .doUpdateSet({ role: row.role, tokenHash: row.tokenHash, invitedBy: row.invitedBy, createdAt: row.createdAt, expiresAt: row.expiresAt }),
      )
      .execute()
    const stored = await db
      .selectFrom('invitations')
      .select(['id', 'workspaceId', 'email', 'role', 'invitedBy', 'createdAt', 'expiresAt'])
      .where('workspaceId', '=', row.workspaceId)
      .where('email', '=', row.email)
      .executeTakeFirstOrThrow()
    return typed(stored)
  },

  /** Unexpired invitations of a workspace, newest first. */
  async pendingForWorkspace(workspaceId: string, now: string): Promise<InvitationDetails[]> {
    const rows = await details(db)
      .where('invitations.workspaceId', '=', workspaceId)
      .where('invitations.expiresAt', '>', now)
      .orderBy('invitations.createdAt', 'desc')
      .orderBy('invitations.id')
      .execute()
    return rows.map(typed)
  },

  /** Unexpired invitations sent to this email, newest first. */
  async byTokenHash(tokenHash: string): Promise<InvitationDetails | undefined> {
    const row = await details(db).where('invitations.tokenHash', '=', tokenHash).executeTakeFirst()
    return row && typed(row)
  },

  async byId(id: string): Promise<InvitationDetails | undefined> {
    const row = await details(db).where('invitations.id', '=', id).executeTakeFirst()
    return row && typed(row)
  },

  /** Deletes an invitation (of this workspace, when given); false when there was none. */
  async delete(id: string, workspaceId?: string): Promise<boolean> {
    let query = db.deleteFrom('invitations').where('id', '=', id)
    if (workspaceId !== undefined) query = query.where('workspaceId', '=', workspaceId)
    return Number((await query.executeTakeFirst()).numDeletedRows) > 0
  },

  /**
   * Makes the user a member with the invitation's role and deletes the invitation, in one transaction; someone
   * already a member keeps their role (accepting never demotes). False when the invitation was gone meanwhile.
   */
  async accept(id: string, userId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const invitation = await trx.selectFrom('invitations').select(['workspaceId', 'role']).where('id', '=', id).executeTakeFirst()
      if (!invitation) return false
      await trx.deleteFrom('invitations').where('id', '=', id).execute()
      await trx
        .insertInto('members')
        .values({ workspaceId: invitation.workspaceId, userId, role: invitation.role, createdAt: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['workspaceId', 'userId']).doNothing())
        .execute()
      return true
    })
  },

  /** Whether an unexpired invitation was sent to this email. */
  async existsForEmail(email: string, now: string): Promise<boolean> {
    const row = await db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .where('expiresAt', '>', now)
      .executeTakeFirst()
    return !!row
  },
})
