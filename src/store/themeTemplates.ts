// A workspace's own theme templates: a name and a theme, saved from a bot in the editor.
import type { Kysely } from 'kysely'
import { newId } from '../lib/ids.js'
import type { Database } from './tables.js'

export type StoredThemeTemplate = { id: string; name: string; theme: Record<string, unknown>; createdAt: string }

export const themeTemplates = (db: Kysely<Database>) => ({
  async create(workspaceId: string, name: string, theme: Record<string, unknown>): Promise<StoredThemeTemplate> {
    const template = { id: newId(), name, theme, createdAt: new Date().toISOString() }
    await db
      .insertInto('themeTemplates')
      .values({ ...template, theme: JSON.stringify(theme), workspaceId })
      .execute()
    return template
  },

  async list(workspaceId: string): Promise<StoredThemeTemplate[]> {
    const rows = await db
      .selectFrom('themeTemplates')
      .select(['id', 'name', 'theme', 'createdAt'])
      .where('workspaceId', '=', workspaceId)
      .orderBy('name')
      .orderBy('id')
      .execute()
    return rows.map((row) => ({ ...row, theme: JSON.parse(row.theme) }))
  },

  async count(workspaceId: string): Promise<number> {
    const row = await db
      .selectFrom('themeTemplates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  },

  /** False when the workspace has no such template. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const res = await db.deleteFrom('themeTemplates').where('workspaceId', '=', workspaceId).where('id', '=', id).executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },
})
