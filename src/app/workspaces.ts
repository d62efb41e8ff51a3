// Workspaces and their members. A workspace always keeps at least one admin.
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Role } from '../store/workspaces.js'
import { type Access, inScope, userMode } from './access.js'
import { conflict, forbidden, notFound } from './errors.js'
import type { FilesApp } from './files.js'

const lastAdmin = 'A workspace must keep at least one admin.'

/** The user with this email, created when there is none (a concurrent invitation may create it first). */
const userForEmail = async (accounts: Store['accounts'], email: string): Promise<User> => {
  const known = await accounts.userByEmail(email)
  if (known) return known
  try {
    return await accounts.createUser(email.split('@')[0] || email, email)
  } catch (err) {
    const raced = await accounts.userByEmail(email)
    if (raced) return raced
    throw err
  }
}

export const createWorkspaces = ({
  store,
  access,
  files,
}: {
  store: Pick<Store, 'workspaces' | 'accounts' | 'invitations'>
  access: Access
  files: Pick<FilesApp, 'deleteOwned'>
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

  /** Whether someone with this email may create an account although sign-up is closed: they were invited. */
  mayRegister: (email: string): Promise<boolean> => store.invitations.existsForEmail(email, new Date().toISOString()),

  async members(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'read')
    return store.workspaces.members(workspaceId)
  },

  /**
   * Adds a member (by email or user id) or changes their role; admins only. An email without an account gets one
   * on the spot (an invited user, without a token until `parley token create --email` gives them one): answering
   * otherwise would tell whoever administers a workspace which emails have accounts.
   */
  async setMember(user: User, workspaceId: string, input: { email?: string; userId?: string; role: Role }) {
    await access.workspaceRole(user, workspaceId, 'admin')
    const target = input.email ? await userForEmail(store.accounts, input.email) : await store.accounts.userById(input.userId!)
    if (!target) throw notFound('No user with that id.')
    if ((await store.workspaces.changeMember(workspaceId, target.id, input.role)) === 'last_admin') throw conflict(lastAdmin)
    return (await store.workspaces.members(workspaceId)).find((m) => m.userId === target.id)!
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
