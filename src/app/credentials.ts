// Workspace credentials (see docs/credentials.md): secrets are written once and never answered back.
import type { User } from '../store/accounts.js'
import { type CredentialsData, EncryptionNotConfiguredError } from '../store/credentials.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { randomBytes } from 'node:crypto'
import { AppError, badRequest, notFound } from './errors.js'

/**
 * Credentials a channel reads (src/channels/) need their fields: a webhook would otherwise fail only once a contact
 * writes. A Telegram bot's webhook secret is made here when none is given (Telegram takes 1–256 of A-Z a-z 0-9 _ -).
 */
const channelData = (type: string, data: CredentialsData): CredentialsData => {
  const missing = (keys: string[]) => keys.filter((k) => typeof data[k] !== 'string' || !(data[k] as string).trim())
  if (type === 'whatsApp') {
    const absent = missing(['systemUserAccessToken', 'phoneNumberId'])
    if (absent.length) throw badRequest(`WhatsApp credentials need ${absent.join(' and ')}.`)
    if (data.provider !== undefined && data.provider !== 'meta')
      throw badRequest('WhatsApp credentials: only the provider "meta" (Cloud API) is supported.')
  }
  if (type === 'telegram') {
    if (missing(['botToken']).length) throw badRequest('Telegram credentials need botToken (from @BotFather).')
    const secret = data.secretToken
    if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
      throw badRequest('Telegram credentials: secretToken is 1–256 characters of A-Z, a-z, 0-9, _ and -.')
    }
    return { ...data, secretToken: secret ?? randomBytes(24).toString('base64url') }
  }
  return data
}

/** Checks of a type's data with its service before it is stored: an error message, or undefined when they hold. */
export type CredentialChecks = Partial<Record<string, (data: CredentialsData) => Promise<string | undefined>>>

export const createCredentials = ({
  store,
  access,
  checks = {},
}: {
  store: Pick<Store, 'credentials'>
  access: Access
  checks?: CredentialChecks
}) => ({
  async create(user: User, workspaceId: string, input: { type: string; name: string; data: CredentialsData }) {
    await access.workspaceRole(user, workspaceId, 'write')
    const data = channelData(input.type, input.data)
    const refused = await checks[input.type]?.(data)
    if (refused) throw badRequest(refused)
    try {
      return await store.credentials.create(workspaceId, { ...input, data })
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
