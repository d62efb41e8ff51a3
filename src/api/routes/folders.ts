// Folders of a workspace's bots (one level; bots are moved with POST /v1/bots/{botId}/move).
import { z } from 'zod'
import { defineRoute } from '../route.js'
import { errorSchema, folderBody, folderParams, folderSchema, workspaceParams } from '../../contract/api.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Folders']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown workspace or folder (or not a member)', schema: errorSchema },
}
const folderAnswer = z.object({ folder: folderSchema })

// Example values.
const WORKSPACE_ID = 'ejmq7yuri0oiduza71azcjp44'
const onboarding = {
  id: 'ohzn19gh3qy9zesd85txm8v3c',
  name: 'Onboarding',
  createdAt: '2026-11-05T11:30:02.664Z',
  updatedAt: '2026-11-05T11:30:02.664Z',
}

export const folderRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/folders',
    operationId: 'createFolder',
    auth: 'required',
    tags,
    summary: 'Create a folder for bots',
    description:
      'Folders sort the bots of a workspace, one level deep (no folders in folders); put a bot in one with POST /v1/bots/{botId}/move. ' +
      'Admins and members may create them; guests get 403.',
    example: { params: { workspaceId: WORKSPACE_ID }, body: { name: 'Onboarding' }, response: { status: 200, body: { folder: onboarding } } },
    params: workspaceParams,
    body: folderBody,
    responses: { 200: { description: 'Created', schema: folderAnswer }, ...errors },
    async handler({ app, user, params, body }) {
      return { folder: await app.folders.create(user, params.workspaceId, body.name) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/folders',
    operationId: 'listFolders',
    auth: 'required',
    tags,
    summary: "List a workspace's folders",
    description:
      'Every folder of the workspace, sorted by name; any member, guests included, may list them. A bot tells its folder in its `folderId`.',
    example: {
      params: { workspaceId: WORKSPACE_ID },
      response: {
        status: 200,
        body: {
          folders: [
            { id: 'aosjvywd9e38vouca0saub56s', name: 'Lead capture', createdAt: '2026-11-04T15:47:19.085Z', updatedAt: '2026-11-04T15:47:19.085Z' },
            onboarding,
          ],
        },
      },
    },
    params: workspaceParams,
    responses: { 200: { description: 'The folders, by name', schema: z.object({ folders: z.array(folderSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { folders: await app.folders.list(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/workspaces/{workspaceId}/folders/{folderId}',
    operationId: 'renameFolder',
    auth: 'required',
    tags,
    summary: 'Rename a folder',
    description: 'Admins and members may rename folders; guests get 403. An unknown folder, or one of another workspace, answers 404.',
    example: {
      params: { workspaceId: WORKSPACE_ID, folderId: onboarding.id },
      body: { name: 'Customer onboarding' },
      response: { status: 200, body: { folder: { ...onboarding, name: 'Customer onboarding', updatedAt: '2026-11-24T10:20:31.907Z' } } },
    },
    params: folderParams,
    body: folderBody,
    responses: { 200: { description: 'Renamed', schema: folderAnswer }, ...errors },
    async handler({ app, user, params, body }) {
      return { folder: await app.folders.rename(user, params.workspaceId, params.folderId, body.name) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/folders/{folderId}',
    operationId: 'deleteFolder',
    auth: 'required',
    tags,
    summary: 'Delete a folder (its bots move to the root)',
    description: 'The bots in the folder are kept and move to the root of the workspace. Admins and members may delete folders; guests get 403.',
    example: {
      params: { workspaceId: WORKSPACE_ID, folderId: onboarding.id },
      response: { status: 200, body: { id: onboarding.id, deleted: true } },
    },
    params: folderParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.folders.delete(user, params.workspaceId, params.folderId)
      return { id, deleted: true as const }
    },
  }),
]
