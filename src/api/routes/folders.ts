// Folders of a workspace's bots (one level; bots are moved with POST /v1/bots/{botId}/move).
import { z } from 'zod'
import { defineRoute } from '../route.js'
import { errorSchema, folderBody, folderParams, folderSchema, workspaceParams } from '../../contract/api.js'

const tags = ['Folders']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown workspace or folder (or not a member)', schema: errorSchema },
}
const folderAnswer = z.object({ folder: folderSchema })

export const folderRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/folders',
    auth: 'required',
    tags,
    summary: 'Create a folder',
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
    auth: 'required',
    tags,
    summary: "List a workspace's folders",
    params: workspaceParams,
    responses: { 200: { description: 'The folders, by name', schema: z.object({ folders: z.array(folderSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { folders: await app.folders.list(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/workspaces/{workspaceId}/folders/{folderId}',
    auth: 'required',
    tags,
    summary: 'Rename a folder',
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
    auth: 'required',
    tags,
    summary: 'Delete a folder (its bots move to the root)',
    params: folderParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.folders.delete(user, params.workspaceId, params.folderId)
      return { id, deleted: true as const }
    },
  }),
]
