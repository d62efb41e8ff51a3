// Folders of a workspace's bots. Deleting one moves its bots to the root (the foreign key sets their folderId null).
import type { Kysely } from 'kysely'
import { newId } from '../lib/ids.js'
import type { Database } from './tables.js'

export type Folder = { id: string; name: string; createdAt: string; updatedAt: string }

const columns = ['id', 'name', 'createdAt', 'updatedAt'] as const

export const folders = (db: Kysely<Database>) => ({
  async create(workspaceId: string, name: string): Promise<Folder> {
    const now = new Date().toISOString()
    const folder = { id: newId(), name, createdAt: now, updatedAt: now }
    await db
      .insertInto('folders')
      .values({ ...folder, workspaceId })
      .execute()
    return folder
  },

  async list(workspaceId: string): Promise<Folder[]> {
    return db.selectFrom('folders').select(columns).where('workspaceId', '=', workspaceId).orderBy('name').orderBy('id').execute()
  },

  /** The folder when it belongs to this workspace. */
  async get(workspaceId: string, id: string): Promise<Folder | undefined> {
    return db.selectFrom('folders').select(columns).where('workspaceId', '=', workspaceId).where('id', '=', id).executeTakeFirst()
  },

  async rename(workspaceId: string, id: string, name: string): Promise<Folder | undefined> {
    const updatedAt = new Date().toISOString()
    const res = await db
      .updateTable('folders')
      .set({ name, updatedAt })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) > 0 ? this.get(workspaceId, id) : undefined
  },

  /** Deletes the folder; its bots move to the root. False when the workspace has no such folder. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const res = await db.deleteFrom('folders').where('workspaceId', '=', workspaceId).where('id', '=', id).executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },
})
