// Workspaces and their members.
import type { Kysely, Selectable } from 'kysely'
import { newId } from '../lib/ids.js'
import type { Database, WorkspacesTable } from './tables.js'

export type Role = 'admin' | 'member' | 'guest'

export type Workspace = {
  id: string
  createdAt: string
  updatedAt: string
  name: string
  icon: string | null
  plan: string
  billingProviderId: string | null
  settings: Record<string, unknown>
  customChatsLimit: number | null
  customSeatsLimit: number | null
  isSuspended: boolean
  isPastDue: boolean
  isVerified: boolean
  chatsHardLimit: number | null
  lastActivityAt: string | null
  inactiveFirstEmailSentAt: string | null
  inactiveSecondEmailSentAt: string | null
}

export type Member = { userId: string; name: string; email: string | null; role: Role; createdAt: string }

const toWorkspace = (row: Selectable<WorkspacesTable>): Workspace => ({
  id: row.id,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  name: row.name,
  icon: row.icon,
  plan: row.plan,
  billingProviderId: row.billingProviderId,
  settings: JSON.parse(row.settings),
  customChatsLimit: row.customChatsLimit,
  customSeatsLimit: row.customSeatsLimit,
  isSuspended: row.isSuspended === 1,
  isPastDue: row.isPastDue === 1,
  isVerified: row.isVerified === 1,
  chatsHardLimit: row.chatsHardLimit,
  lastActivityAt: row.lastActivityAt,
  inactiveFirstEmailSentAt: row.inactiveFirstEmailSentAt,
  inactiveSecondEmailSentAt: row.inactiveSecondEmailSentAt,
})

export const workspaces = (db: Kysely<Database>) => ({
  /** Creates a workspace whose creator becomes its admin. */
  async create(userId: string, input: { name: string; icon?: string | null }): Promise<Workspace> {
    const now = new Date().toISOString()
    const row = {
      id: newId(),
      name: input.name,
      icon: input.icon ?? null,
      plan: 'FREE',
      billingProviderId: null,
      settings: '{}',
      customChatsLimit: null,
      customSeatsLimit: null,
      isSuspended: 0 as const,
      isPastDue: 0 as const,
      isVerified: 0 as const,
      chatsHardLimit: null,
      lastActivityAt: null,
      inactiveFirstEmailSentAt: null,
      inactiveSecondEmailSentAt: null,
      createdAt: now,
      updatedAt: now,
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('workspaces').values(row).execute()
      await trx.insertInto('members').values({ workspaceId: row.id, userId, role: 'admin', createdAt: now }).execute()
    })
    return toWorkspace(row)
  },

  async get(id: string): Promise<Workspace | undefined> {
    const row = await db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst()
    return row && toWorkspace(row)
  },

  /** Every workspace, oldest first (the CLI picks one when it is the only one). */
  async listAll(): Promise<{ id: string; name: string }[]> {
    return db.selectFrom('workspaces').select(['id', 'name']).orderBy('createdAt').execute()
  },

  async listForUser(userId: string): Promise<(Workspace & { role: Role })[]> {
    const rows = await db
      .selectFrom('workspaces')
      .innerJoin('members', 'members.workspaceId', 'workspaces.id')
      .selectAll('workspaces')
      .select('members.role')
      .where('members.userId', '=', userId)
      .orderBy('workspaces.createdAt')
      .execute()
    return rows.map((r) => ({ ...toWorkspace(r), role: r.role as Role }))
  },

  async rename(id: string, changes: { name?: string; icon?: string | null }): Promise<Workspace | undefined> {
    await db
      .updateTable('workspaces')
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute()
    return this.get(id)
  },

  /**
   * Deletes the workspace: the foreign keys cascade to its members, bots (their snapshots, results, answers and logs),
   * credentials, folders and invitations. Chat sessions have no foreign key (a session may span linked bots): those
   * of the workspace's results go first, in the same transaction. Answers the ids of the bots it had (their files are
   * the caller's to delete).
   */
  async delete(id: string): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const botIds = (await trx.selectFrom('bots').select('id').where('workspaceId', '=', id).execute()).map((b) => b.id)
      await trx
        .deleteFrom('chatSessions')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('results')
            .innerJoin('bots', 'bots.id', 'results.botId')
            .select('results.lastChatSessionId')
            .where('bots.workspaceId', '=', id)
            .where('results.lastChatSessionId', 'is not', null)
            .$narrowType<{ lastChatSessionId: string }>(),
        )
        .execute()
      await trx.deleteFrom('workspaces').where('id', '=', id).execute()
      return botIds
    })
  },

  /** The user's role in the workspace, or undefined when not a member. */
  async roleOf(workspaceId: string, userId: string): Promise<Role | undefined> {
    const row = await db.selectFrom('members').select('role').where('workspaceId', '=', workspaceId).where('userId', '=', userId).executeTakeFirst()
    return row?.role as Role | undefined
  },

  async members(workspaceId: string): Promise<Member[]> {
    const rows = await db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.userId')
      .select(['members.userId', 'users.name', 'users.email', 'members.role', 'members.createdAt'])
      .where('members.workspaceId', '=', workspaceId)
      .orderBy('members.createdAt')
      .execute()
    return rows.map((r) => ({ ...r, role: r.role as Role }))
  },

  /**
   * Changes a member's role, or removes them (`role` null), unless that would leave the workspace without an admin;
   * never makes a membership (that takes an accepted invitation). The check and the write are one transaction that first writes the workspace row, so concurrent changes to
   * one workspace's members run one after another (a row lock on PostgreSQL, the write lock on SQLite): two admins
   * demoting each other at once cannot both pass the check.
   */
  async changeMember(workspaceId: string, userId: string, role: Role | null): Promise<'done' | 'last_admin' | 'not_member'> {
    return db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      await trx.updateTable('workspaces').set({ updatedAt: now }).where('id', '=', workspaceId).execute()
      const current = (
        await trx.selectFrom('members').select('role').where('workspaceId', '=', workspaceId).where('userId', '=', userId).executeTakeFirst()
      )?.role
      if (!current) return 'not_member'
      if (current === 'admin' && role !== 'admin') {
        const admins = await trx
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspaceId', '=', workspaceId)
          .where('role', '=', 'admin')
          .executeTakeFirstOrThrow()
        if (Number(admins.n) <= 1) return 'last_admin'
      }
      if (role === null) await trx.deleteFrom('members').where('workspaceId', '=', workspaceId).where('userId', '=', userId).execute()
      else await trx.updateTable('members').set({ role }).where('workspaceId', '=', workspaceId).where('userId', '=', userId).execute()
      return 'done'
    })
  },
})
