// Workspace credentials (see docs/credentials.md): secrets are written once and never answered back.
import type { User } from '../store/accounts.js'
import { type CredentialsData, EncryptionNotConfiguredError } from '../store/credentials.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { AppError, notFound } from './errors.js'

export const createCredentials = ({ store, access }: { store: Pick<Store, 'credentials'>; access: Access }) => ({
  async create(user: User, workspaceId: string, input: { type: string; name: string; data: CredentialsData }) {
    await access.workspaceRole(user, workspaceId, 'write')
    try {
      return await store.credentials.create(workspaceId, input)
    } catch (err) {
      if (err instanceof EncryptionNotConfiguredError) throw new AppError('encryption_not_configured', err.message)
      throw err
    }
  },

  /** Metadata only. */
  async list(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'read')
    return store.credentials.list(workspaceId)
  },

  /** Renames credentials; the secret data stays as it is. */
  async rename(user: User, workspaceId: string, credentialsId: string, name: string) {
    await access.workspaceRole(user, workspaceId, 'write')
    const renamed = await store.credentials.rename(workspaceId, credentialsId, name)
    if (!renamed) throw notFound('Credentials not found.')
    return renamed
  },

  async delete(user: User, workspaceId: string, credentialsId: string) {
    await access.workspaceRole(user, workspaceId, 'write')
    if (!(await store.credentials.delete(workspaceId, credentialsId))) throw notFound('Credentials not found.')
    return { id: credentialsId }
  },
})

export type CredentialsApp = ReturnType<typeof createCredentials>
