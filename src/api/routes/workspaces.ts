// Workspaces (operations 11 and 12), the caller's workspace list and member management.
import { z } from 'zod'
import { defineRoute } from '../route.js'
import {
  addMemberBody,
  createWorkspaceBody,
  errorSchema,
  invitationSchema,
  memberParams,
  memberSchema,
  roleSchema,
  updateWorkspaceBody,
  userModeSchema,
  workspaceParams,
  workspaceSchema,
} from '../../contract/api.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Workspaces']
const errors = { 400: { description: 'Invalid request', schema: errorSchema }, 401: { description: 'Missing or unknown token', schema: errorSchema } }
const scoped = {
  ...errors,
  403: { description: 'A browser session without its CSRF token', schema: errorSchema },
  404: { description: 'Unknown workspace (or not a member)', schema: errorSchema },
}
const adminsOnly = { ...scoped, 403: { description: 'Not an admin of the workspace (or a missing CSRF token)', schema: errorSchema } }

// Example values: Ada administers Acme Support, where Grace is a member.
const WORKSPACE_ID = 'ejmq7yuri0oiduza71azcjp44'
const acme = {
  id: WORKSPACE_ID,
  createdAt: '2026-11-02T09:14:27.341Z',
  updatedAt: '2026-11-02T09:14:27.341Z',
  name: 'Acme Support',
  icon: '🎧',
  plan: 'FREE',
  billingProviderId: null,
  settings: {},
  customChatsLimit: null,
  customSeatsLimit: null,
  isSuspended: false,
  isPastDue: false,
  isVerified: false,
  chatsHardLimit: null,
  lastActivityAt: null,
  inactiveFirstEmailSentAt: null,
  inactiveSecondEmailSentAt: null,
}
const { customChatsLimit: _c, customSeatsLimit: _s, ...acmeCreated } = acme
const ada = {
  userId: 'cbs5cypew43k6qf2lbfxbvb7a',
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
  role: 'admin',
  createdAt: '2026-11-02T09:14:27.341Z',
}
const grace = {
  userId: 'eazvug22ght5mz8zm7rvoq9t9',
  name: 'Grace Hopper',
  email: 'grace@acme.example',
  role: 'member',
  createdAt: '2026-11-03T14:20:05.912Z',
}

export const workspaceRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces',
    operationId: 'createWorkspace',
    auth: 'required',
    tags,
    summary: 'Create a workspace',
    description:
      'Any signed-in user may create workspaces; the caller becomes the admin of the new one. `icon` is free text (an emoji or an image URL). ' +
      'A token limited to one workspace cannot create workspaces (403).',
    example: { body: { name: 'Acme Support', icon: '🎧' }, response: { status: 200, body: { workspace: acmeCreated } } },
    body: createWorkspaceBody,
    responses: {
      200: { description: 'Created', schema: z.object({ workspace: workspaceSchema.omit({ customChatsLimit: true, customSeatsLimit: true }) }) },
      ...errors,
      403: { description: 'A token limited to one workspace (or a browser session without its CSRF token)', schema: errorSchema },
    },
    async handler({ app, user, body }) {
      return { workspace: await app.workspaces.create(user, body) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces',
    operationId: 'listWorkspaces',
    auth: 'required',
    tags,
    summary: "List the caller's workspaces",
    description:
      'Every workspace the caller is a member of, oldest first, with `currentUserMode`: `write` for admins and members, `read` for guests. ' +
      'A token limited to one workspace lists only that one. Start here to find the `workspaceId` other calls take.',
    example: { response: { status: 200, body: { workspaces: [{ ...acme, currentUserMode: 'write' }] } } },
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
    operationId: 'getWorkspace',
    auth: 'required',
    tags,
    summary: 'Get a workspace',
    description:
      "The workspace and the caller's mode in it (`write` for admins and members, `read` for guests); any member may read it. " +
      'A workspace the caller is not a member of answers 404, like an unknown id, so ids cannot be probed.',
    example: { params: { workspaceId: WORKSPACE_ID }, response: { status: 200, body: { workspace: acme, currentUserMode: 'write' } } },
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
    operationId: 'updateWorkspace',
    auth: 'required',
    tags,
    summary: 'Rename a workspace or change its icon',
    description: 'Give `name`, `icon` or both (`icon: null` removes the icon). Only admins of the workspace may (403 for members and guests).',
    example: {
      params: { workspaceId: WORKSPACE_ID },
      body: { name: 'Acme Customer Care' },
      response: { status: 200, body: { workspace: { ...acme, name: 'Acme Customer Care', updatedAt: '2026-11-24T10:05:48.227Z' } } },
    },
    params: workspaceParams,
    body: updateWorkspaceBody,
    responses: { 200: { description: 'The workspace', schema: z.object({ workspace: workspaceSchema }) }, ...adminsOnly },
    async handler({ app, user, params, body }) {
      return { workspace: await app.workspaces.update(user, params.workspaceId, body) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}',
    operationId: 'deleteWorkspace',
    auth: 'required',
    tags,
    summary: 'Delete a workspace and everything in it',
    description:
      'Deletes the workspace with its bots, their results, chat sessions and stored files, its credentials, folders, invitations and memberships; it cannot be undone. ' +
      'Only admins of the workspace may (403 for members and guests).',
    example: { params: { workspaceId: WORKSPACE_ID }, response: { status: 200, body: { id: WORKSPACE_ID, deleted: true } } },
    params: workspaceParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...adminsOnly },
    async handler({ app, user, params }) {
      const { id } = await app.workspaces.delete(user, params.workspaceId)
      return { id, deleted: true as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/leave',
    operationId: 'leaveWorkspace',
    auth: 'required',
    tags,
    summary: 'Leave a workspace',
    description:
      'The caller stops being a member, whatever their role. The last admin cannot leave (409): make another member an admin first, or delete the workspace.',
    example: { params: { workspaceId: WORKSPACE_ID }, response: { status: 200, body: { id: WORKSPACE_ID, left: true } } },
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
    operationId: 'listMembers',
    auth: 'required',
    tags,
    summary: 'List the members of a workspace',
    description: 'Every member with their role (`admin`, `member` or `guest`) and when they joined; any member, guests included, may list them.',
    example: { params: { workspaceId: WORKSPACE_ID }, response: { status: 200, body: { members: [ada, grace] } } },
    params: workspaceParams,
    responses: { 200: { description: 'The members', schema: z.object({ members: z.array(memberSchema) }) }, ...scoped },
    async handler({ app, user, params }) {
      return { members: await app.workspaces.members(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/members',
    operationId: 'setMember',
    auth: 'required',
    tags,
    summary: "Change a member's role, or invite someone",
    description:
      'Give exactly one of `email` or `userId`, and the role. A member gets the new role: 200 with the member. ' +
      'Anyone else is invited, never added: 202 with the pending invitation (made, or renewed with a new link, role and expiry), its `link` to pass on (shown once) and `emailed`, exactly as POST /v1/workspaces/{workspaceId}/invitations answers. ' +
      "They join once they accept it signed in with that email; no account is made for an email here. A `userId` is invited at its account's email (400 when it has none; 404 for an unknown id). " +
      'Only admins of the workspace may (403); demoting the last admin answers 409.',
    example: {
      params: { workspaceId: WORKSPACE_ID },
      body: { userId: grace.userId, role: 'admin' },
      response: { status: 200, body: { member: { ...grace, role: 'admin' } } },
    },
    params: workspaceParams,
    body: addMemberBody,
    responses: {
      200: { description: "A member's new role", schema: z.object({ member: memberSchema }) },
      202: {
        description: 'Not a member: invited instead (the same answer as POST /v1/workspaces/{workspaceId}/invitations)',
        schema: z.object({
          invitation: invitationSchema,
          link: z.string().meta({ description: 'The invitation link to pass on; shown once (only its hash is stored).' }),
          emailed: z.boolean(),
        }),
      },
      ...adminsOnly,
      409: { description: 'Would leave no admin', schema: errorSchema },
    },
    async handler({ app, user, params, body, reply }) {
      const outcome = await app.workspaces.setMember(user, params.workspaceId, body)
      if ('member' in outcome) return { member: outcome.member }
      reply.code(202)
      return outcome.invited
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/members/{userId}',
    operationId: 'removeMember',
    auth: 'required',
    tags,
    summary: 'Remove a member from a workspace',
    description:
      'The user loses access to the workspace; the answer tells the role they had. Only admins of the workspace may (403); removing the last admin answers 409. ' +
      'To leave a workspace yourself, use POST /v1/workspaces/{workspaceId}/leave.',
    example: {
      params: { workspaceId: WORKSPACE_ID, userId: grace.userId },
      response: { status: 200, body: { userId: grace.userId, role: 'member', removed: true } },
    },
    params: memberParams,
    responses: {
      200: { description: 'Removed', schema: z.object({ userId: z.string(), role: roleSchema, removed: z.literal(true) }) },
      ...adminsOnly,
      409: { description: 'Would leave no admin', schema: errorSchema },
    },
    async handler({ app, user, params }) {
      const { userId, role } = await app.workspaces.removeMember(user, params.workspaceId, params.userId)
      return { userId, role, removed: true as const }
    },
  }),
]
