// The theme templates API's shapes (api/routes/themeTemplates.ts), read by the editor's gallery too.
import { z } from 'zod'
import { idSchema } from './api.js'
import { themeSchema } from './bot/common.js'

/** At most this many saved templates per workspace: a gallery, not a store of every theme ever tried. */
export const MAX_WORKSPACE_THEME_TEMPLATES = 100

export const themeTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    theme: themeSchema,
    builtIn: z.boolean().describe('Shipped with Parley (cannot be deleted), or saved by the workspace'),
    createdAt: z.string().optional(),
  })
  .meta({ id: 'ThemeTemplate' })
export type ThemeTemplateAnswer = z.infer<typeof themeTemplateSchema>

export const themeTemplateBody = z.object({ name: z.string().trim().min(1).max(100), theme: themeSchema })
export const themeTemplateParams = z.object({ workspaceId: idSchema, templateId: idSchema })
