// Theme templates: the built-in gallery and the workspace's own. Any member sees them; admins and members save and
// delete the workspace's; the built-in ones cannot be deleted.
import { builtInThemeTemplates } from '../contract/bot/themeTemplates.js'
import { MAX_WORKSPACE_THEME_TEMPLATES } from '../contract/themeTemplateApi.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { conflict, notFound } from './errors.js'

export const createThemeTemplates = ({ store, access }: { store: Pick<Store, 'themeTemplates'>; access: Access }) => ({
  async list(user: User, workspaceId: string) {
    await access.workspaceRole(user, workspaceId, 'read')
    const saved = await store.themeTemplates.list(workspaceId)
    return {
      builtIn: builtInThemeTemplates.map((t) => ({ ...t, builtIn: true as const })),
      workspace: saved.map((t) => ({ ...t, builtIn: false as const })),
    }
  },

  async save(user: User, workspaceId: string, name: string, theme: Record<string, unknown>) {
    await access.workspaceRole(user, workspaceId, 'write')
    if ((await store.themeTemplates.count(workspaceId)) >= MAX_WORKSPACE_THEME_TEMPLATES)
      throw conflict(`A workspace keeps at most ${MAX_WORKSPACE_THEME_TEMPLATES} theme templates; delete one first.`)
    return { ...(await store.themeTemplates.create(workspaceId, name, theme)), builtIn: false as const }
  },

  async delete(user: User, workspaceId: string, templateId: string) {
    await access.workspaceRole(user, workspaceId, 'write')
    if (!(await store.themeTemplates.delete(workspaceId, templateId))) throw notFound('Theme template not found.')
    return { id: templateId }
  },
})

export type ThemeTemplatesApp = ReturnType<typeof createThemeTemplates>
