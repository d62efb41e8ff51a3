// Workspaces and their members. A workspace always keeps at least one admin.
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Member, Role } from '../store/workspaces.js'
import { type Access, inScope, userMode } from './access.js'
import { badRequest, conflict, forbidden, notFound } from './errors.js'
import type { FilesApp } from './files.js'
import type { InvitationsApp } from './invitations.js'

const lastAdmin = 'A workspace must keep at least one admin.'

export const createWorkspaces = ({
  store,
  access,
  files,
  invitations,
}: {
  store: Pick<Store, 'workspaces' | 'accounts'>
  access: Access
  files: Pick<FilesApp, 'deleteOwned'>
  invitations: Pick<InvitationsApp, 'invite'>
}) => ({
  /** The caller becomes the admin of the new workspace. */
  async create(user: User, input: { name: string; icon?: string | null }) {
    if (user.scope) throw forbidden('A token limited to one workspace cannot create workspaces.')
    const { customChatsLimit: _c, customSeatsLimit: _s, ...workspace } = await store.workspaces.create(user.id, input)
    return workspace
  },

  async list(user: User) {
    const list = await store.workspaces.listForUser(user.id)
    return list.filter((w) => inScope(user, w.id)).map(({ role, ...w }) => ({ ...w, currentUserMode: userMode(role) }))
  },

  async get(user: User, workspaceId: string) {
    const role = await access.workspaceRole(user, workspaceId, 'read')
    const workspace = await store.workspaces.get(workspaceId)
    if (!workspace) throw notFound('Workspace not found.')
    return { workspace, currentUserMode: userMode(role) }
  },

  /** Renames a workspace or changes its icon; admins only. */
  async update(user: User, workspaceId: string, changes: { name?: string; icon?: string | null }) {
    await access.workspaceRole(user, workspaceId, 'admin')
    const workspace = await store.workspaces.rename(workspaceId, changes)
    if (!workspace) throw notFound('Workspace not found.')
    return workspace
  },

  /** Deletes a workspace with everything in it (bots, their results and files, credentials, folders, invitations); admins only. */
  async delete(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'admin')
    const botIds = await store.workspaces.delete(workspaceId)
    for (const botId of botIds) await files.deleteOwned(workspaceId, botId)
    return { id: workspaceId }
  },

  /** The caller leaves the workspace; its last admin cannot (they may delete it instead). */
  async leave(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'read')
    const outcome = await store.workspaces.changeMember(workspaceId, user.id, null)
    if (outcome === 'not_member') throw notFound('Workspace not found.')
    if (outcome === 'last_admin') throw conflict(`${lastAdmin} Make another member an admin first, or delete the workspace.`)
    return { id: workspaceId }
  },

  async members(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'read')
    return store.workspaces.members(workspaceId)
  },

  /**
   * Changes a member's role (by email or user id); admins only. Anyone else is invited instead (a pending invitation
   * made or renewed, as by `invitations.invite`): joining a workspace takes the person's consent, and no account is
   * ever made for an email here (that would let an admin squat an address, or tell which emails have accounts).
   */
  async setMember(
    user: User,
    workspaceId: string,
    input: { email?: string; userId?: string; role: Role },
  ): Promise<{ member: Member } | { invited: Awaited<ReturnType<InvitationsApp['invite']>> }> {
    await access.workspaceRole(user, workspaceId, 'admin')
    const members = await store.workspaces.members(workspaceId)
    const member = input.email ? members.find((m) => m.email === input.email!.toLowerCase()) : members.find((m) => m.userId === input.userId)
    const outcome = member ? await store.workspaces.changeMember(workspaceId, member.userId, input.role) : 'not_member'
    if (outcome === 'last_admin') throw conflict(lastAdmin)
    const changed = outcome === 'done' && (await store.workspaces.members(workspaceId)).find((m) => m.userId === member!.userId)
    if (changed) return { member: changed }
    let email = member?.email ?? input.email
    if (!email) {
      const target = await store.accounts.userById(input.userId!)
      if (!target) throw notFound('No user with that id.')
      if (!target.email) throw badRequest('That user has no email address to send an invitation to.')
      email = target.email
    }
    return { invited: await invitations.invite(user, workspaceId, { email, role: input.role }) }
  },

  /** Removes a member; admins only. Answers the role the member had. */
  async removeMember(user: User, workspaceId: string, userId: string) {
    await access.workspaceRole(user, workspaceId, 'admin')
    const role = await store.workspaces.roleOf(workspaceId, userId)
    const outcome = role ? await store.workspaces.changeMember(workspaceId, userId, null) : 'not_member'
    if (outcome === 'not_member' || !role) throw notFound('That user is not a member of this workspace.')
    if (outcome === 'last_admin') throw conflict(lastAdmin)
    return { userId, role }
  },
})

export type WorkspacesApp = ReturnType<typeof createWorkspaces>
