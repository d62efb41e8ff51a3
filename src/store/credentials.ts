// Workspace credentials. `data` is stored encrypted and bound to its workspace and id (the cipher's context),
// so it is never read back in clear by the API, and a row copied into another workspace does not decrypt.
import type { Kysely } from 'kysely'
import { newId } from '../lib/ids.js'
import { type Cipher, DecryptionError } from '../lib/secrets.js'
import type { Database } from './tables.js'

export type CredentialsData = Record<string, string | number | boolean>
/** What the API shows: never the data. */
export type CredentialsInfo = { id: string; type: string; name: string; createdAt: string }
/** What blocks get at run time. */
export type Credentials = { id: string; type: string; name: string; data: CredentialsData }

export class EncryptionNotConfiguredError extends Error {
  /** `what`: what cannot be stored without the secret (its signing secrets, for webhooks). */
  constructor(what = 'Credentials') {
    super(`${what} cannot be stored: the server has no ENCRYPTION_SECRET (16 or more characters) to encrypt them with.`)
  }
}

const context = (workspaceId: string, id: string) => `credentials:${workspaceId}:${id}`

export const credentials = (db: Kysely<Database>, cipher: Cipher | undefined) => ({
  async create(workspaceId: string, input: { type: string; name: string; data: CredentialsData }): Promise<CredentialsInfo> {
    if (!cipher) throw new EncryptionNotConfiguredError()
    const info = { id: newId(), type: input.type, name: input.name, createdAt: new Date().toISOString() }
    const data = cipher.encrypt(JSON.stringify(input.data), context(workspaceId, info.id))
    await db
      .insertInto('credentials')
      .values({ ...info, workspaceId, data })
      .execute()
    return info
  },

  async list(workspaceId: string): Promise<CredentialsInfo[]> {
    return db
      .selectFrom('credentials')
      .select(['id', 'type', 'name', 'createdAt'])
      .where('workspaceId', '=', workspaceId)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute()
  },

  /** Decrypted credentials of this workspace; undefined when unknown, of another workspace, or not decryptable. */
  async get(workspaceId: string, id: string): Promise<Credentials | undefined> {
    if (!cipher) return undefined
    const row = await db
      .selectFrom('credentials')
      .select(['id', 'type', 'name', 'data'])
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    try {
      return { id: row.id, type: row.type, name: row.name, data: JSON.parse(cipher.decrypt(row.data, context(workspaceId, id))) }
    } catch (err) {
      // Another key (ENCRYPTION_SECRET changed) or an altered row: as unusable as a missing one.
      if (err instanceof DecryptionError) return undefined
      throw err
    }
  },

  /** Renames credentials of this workspace; undefined when it has none with that id. */
  async rename(workspaceId: string, id: string, name: string): Promise<CredentialsInfo | undefined> {
    await db.updateTable('credentials').set({ name }).where('workspaceId', '=', workspaceId).where('id', '=', id).execute()
    return db
      .selectFrom('credentials')
      .select(['id', 'type', 'name', 'createdAt'])
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst()
  },

  /** Deletes credentials of this workspace; false when it has none with that id. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const res = await db.deleteFrom('credentials').where('workspaceId', '=', workspaceId).where('id', '=', id).executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },
})
