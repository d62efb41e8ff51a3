// Theme templates: the built-in gallery and a workspace's own, saved from a bot's theme.
import { z } from 'zod'
import { builtInThemeTemplates } from '../../contract/bot/themeTemplates.js'
import { errorSchema, workspaceParams } from '../../contract/api.js'
import { MAX_WORKSPACE_THEME_TEMPLATES, themeTemplateBody, themeTemplateParams, themeTemplateSchema } from '../../contract/themeTemplateApi.js'
import { defineRoute } from '../route.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Theme templates']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown workspace or template (or not a member)', schema: errorSchema },
}

// Example values.
const WORKSPACE_ID = 'ejmq7yuri0oiduza71azcjp44'
const daylight = { ...builtInThemeTemplates[0]!, builtIn: true }
const brand = {
  id: 'q1w9zyx3ut5k2b7m4d8n6c0va',
  name: 'Acme brand',
  theme: { general: { background: { type: 'Color', content: '#fff4e0' } }, chat: { guestBubbles: { backgroundColor: '#9c4a1a', color: '#ffffff' } } },
  builtIn: false,
  createdAt: '2026-11-28T16:05:41.310Z',
}

export const themeTemplateRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/themeTemplates',
    operationId: 'listThemeTemplates',
    auth: 'required',
    tags,
    summary: 'List theme templates: the built-in gallery and the workspace’s own',
    description:
      'The templates Parley ships (`builtIn: true`) then the workspace’s saved ones, by name. Any member, guests included, may list them. ' +
      'Applying one is a bot update: copy its `theme` into the bot and its id into `selectedThemeTemplateId`.',
    example: { params: { workspaceId: WORKSPACE_ID }, response: { status: 200, body: { templates: [daylight, brand] } } },
    params: workspaceParams,
    responses: { 200: { description: 'The templates', schema: z.object({ templates: z.array(themeTemplateSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      const { builtIn, workspace } = await app.themeTemplates.list(user, params.workspaceId)
      return { templates: [...builtIn, ...workspace] }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/themeTemplates',
    operationId: 'createThemeTemplate',
    auth: 'required',
    tags,
    summary: 'Save a theme as a workspace template',
    description: `Admins and members may save templates (guests get 403); a workspace keeps at most ${MAX_WORKSPACE_THEME_TEMPLATES} (409 beyond).`,
    example: {
      params: { workspaceId: WORKSPACE_ID },
      body: { name: brand.name, theme: brand.theme },
      response: { status: 200, body: { template: brand } },
    },
    params: workspaceParams,
    body: themeTemplateBody,
    responses: {
      200: { description: 'Saved', schema: z.object({ template: themeTemplateSchema }) },
      409: { description: 'The workspace has as many templates as it may keep', schema: errorSchema },
      ...errors,
    },
    async handler({ app, user, params, body }) {
      return { template: await app.themeTemplates.save(user, params.workspaceId, body.name, body.theme) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/themeTemplates/{templateId}',
    operationId: 'deleteThemeTemplate',
    auth: 'required',
    tags,
    summary: 'Delete a workspace theme template',
    description: 'Bots that used it keep their theme. Built-in templates cannot be deleted (404). Guests get 403.',
    example: { params: { workspaceId: WORKSPACE_ID, templateId: brand.id }, response: { status: 200, body: { id: brand.id, deleted: true } } },
    params: themeTemplateParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.themeTemplates.delete(user, params.workspaceId, params.templateId)
      return { id, deleted: true as const }
    },
  }),
]
