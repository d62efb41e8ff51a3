// Workspaces (operations 11 and 12), the caller's workspace list and member management.
import { z } from 'zod'
import { defineRoute } from '../route.js'
import {
  addMemberBody,
  createWorkspaceBody,
  errorSchema,
  memberParams,
  memberSchema,
  roleSchema,
  updateWorkspaceBody,
  userModeSchema,
  workspaceParams,
  workspaceSchema,
} from '../../contract/api.js'

const tags = ['Workspaces']
const errors = { 400: { description: 'Invalid request', schema: errorSchema }, 401: { description: 'Missing or unknown token', schema: errorSchema } }
const scoped = {
  ...errors,
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown workspace (or not a member)', schema: errorSchema },
}

export const workspaceRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces',
    auth: 'required',
    tags,
    summary: 'Create a workspace (the caller becomes its admin)',
    body: createWorkspaceBody,
    responses: {
      200: { description: 'Created', schema: z.object({ workspace: workspaceSchema.omit({ customChatsLimit: true, customSeatsLimit: true }) }) },
      ...errors,
    },
    async handler({ app, user, body }) {
      return { workspace: await app.workspaces.create(user, body) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces',
    auth: 'required',
    tags,
    summary: "List the caller's workspaces",
    responses: {
      200: { description: 'The workspaces', schema: z.object({ workspaces: z.array(workspaceSchema.extend({ currentUserMode: userModeSchema })) }) },
      ...errors,
    },
    async handler({ app, user }) {
      return { workspaces: await app.workspaces.list(user) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}',
    auth: 'required',
    tags,
    summary: 'Get a workspace',
    params: workspaceParams,
    responses: {
      200: { description: 'The workspace', schema: z.object({ workspace: workspaceSchema, currentUserMode: userModeSchema }) },
      ...scoped,
    },
    async handler({ app, user, params }) {
      return app.workspaces.get(user, params.workspaceId)
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/workspaces/{workspaceId}',
    auth: 'required',
    tags,
    summary: 'Rename a workspace or change its icon (workspace admins only)',
    params: workspaceParams,
    body: updateWorkspaceBody,
    responses: { 200: { description: 'The workspace', schema: z.object({ workspace: workspaceSchema }) }, ...scoped },
    async handler({ app, user, params, body }) {
      return { workspace: await app.workspaces.update(user, params.workspaceId, body) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}',
    auth: 'required',
    tags,
    summary: 'Delete a workspace with its bots, results, files, credentials, folders and invitations (workspace admins only)',
    params: workspaceParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...scoped },
    async handler({ app, user, params }) {
      const { id } = await app.workspaces.delete(user, params.workspaceId)
      return { id, deleted: true as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/leave',
    auth: 'required',
    tags,
    summary: 'Leave a workspace (its last admin cannot)',
    params: workspaceParams,
    responses: {
      200: { description: 'Left', schema: z.object({ id: z.string(), left: z.literal(true) }) },
      ...scoped,
      409: { description: 'The caller is its last admin', schema: errorSchema },
    },
    async handler({ app, user, params }) {
      const { id } = await app.workspaces.leave(user, params.workspaceId)
      return { id, left: true as const }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/members',
    auth: 'required',
    tags,
    summary: 'List the members of a workspace',
    params: workspaceParams,
    responses: { 200: { description: 'The members', schema: z.object({ members: z.array(memberSchema) }) }, ...scoped },
    async handler({ app, user, params }) {
      return { members: await app.workspaces.members(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/members',
    auth: 'required',
    tags,
    summary: 'Add a member (by email or user id) or change their role (workspace admins only)',
    params: workspaceParams,
    body: addMemberBody,
    responses: {
      200: { description: 'The member', schema: z.object({ member: memberSchema }) },
      ...scoped,
      409: { description: 'Would leave no admin', schema: errorSchema },
    },
    async handler({ app, user, params, body }) {
      return { member: await app.workspaces.setMember(user, params.workspaceId, body) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/members/{userId}',
    auth: 'required',
    tags,
    summary: 'Remove a member (workspace admins only)',
    params: memberParams,
    responses: {
      200: { description: 'Removed', schema: z.object({ userId: z.string(), role: roleSchema, removed: z.literal(true) }) },
      ...scoped,
      409: { description: 'Would leave no admin', schema: errorSchema },
    },
    async handler({ app, user, params }) {
      const { userId, role } = await app.workspaces.removeMember(user, params.workspaceId, params.userId)
      return { userId, role, removed: true as const }
    },
  }),
]
