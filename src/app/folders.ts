// Folders of a workspace's bots (one level): members create, rename and delete them; deleting one moves its bots to
// the root.
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { notFound } from './errors.js'

export const createFolders = ({ store, access }: { store: Pick<Store, 'folders'>; access: Access }) => ({
  async create(user: User, workspaceId: string, name: string) {
    await access.workspaceRole(user, workspaceId, 'write')
    return store.folders.create(workspaceId, name)
  },

  async list(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'read')
    return store.folders.list(workspaceId)
  },

  async rename(user: User, workspaceId: string, folderId: string, name: string) {
    await access.workspaceRole(user, workspaceId, 'write')
    const folder = await store.folders.rename(workspaceId, folderId, name)
    if (!folder) throw notFound('Folder not found.')
    return folder
  },

  async delete(user: User, workspaceId: string, folderId: string) {
    await access.workspaceRole(user, workspaceId, 'write')
    if (!(await store.folders.delete(workspaceId, folderId))) throw notFound('Folder not found.')
    return { id: folderId }
  },
})

export type FoldersApp = ReturnType<typeof createFolders>
