// Workspaces (operations 11 and 12), the caller's workspace list and member management.
import { z } from 'zod'
import { userMode, workspaceRole } from '../access.js'
import { conflict, notFound } from '../errors.js'
import { defineRoute } from '../route.js'
import {
  addMemberBody, createWorkspaceBody, errorSchema, memberParams, memberSchema, roleSchema, userModeSchema, workspaceParams, workspaceSchema,
} from '../schemas.js'

const tags = ['Workspaces']
const errors = { 400: { description: 'Invalid request', schema: errorSchema }, 401: { description: 'Missing or unknown token', schema: errorSchema } }
const scoped = { ...errors, 403: { description: 'Guests may not write', schema: errorSchema }, 404: { description: 'Unknown workspace (or not a member)', schema: errorSchema } }

export const workspaceRoutes = [
  defineRoute({
    method: 'POST', path: '/v1/workspaces', api: 'management', auth: 'required', tags,
    summary: 'Create a workspace (the caller becomes its admin)',
    body: createWorkspaceBody,
    responses: { 200: { description: 'Created', schema: z.object({ workspace: workspaceSchema.omit({ customChatsLimit: true, customSeatsLimit: true }) }) }, ...errors },
    async handler({ store, user, body }) {
      const { customChatsLimit: _c, customSeatsLimit: _s, ...workspace } = await store.workspaces.create(user.id, body)
      return { workspace }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/workspaces', api: 'management', auth: 'required', tags,
    summary: "List the caller's workspaces",
    responses: { 200: { description: 'The workspaces', schema: z.object({ workspaces: z.array(workspaceSchema.extend({ currentUserMode: userModeSchema })) }) }, ...errors },
    async handler({ store, user }) {
      const list = await store.workspaces.listForUser(user.id)
      return { workspaces: list.map(({ role, ...w }) => ({ ...w, currentUserMode: userMode(role) })) }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/workspaces/{workspaceId}', api: 'management', auth: 'required', tags,
    summary: 'Get a workspace',
    params: workspaceParams,
    responses: { 200: { description: 'The workspace', schema: z.object({ workspace: workspaceSchema, currentUserMode: userModeSchema }) }, ...scoped },
    async handler({ store, user, params }) {
      const role = await workspaceRole(store, user, params.workspaceId, 'read')
      const workspace = await store.workspaces.get(params.workspaceId)
      if (!workspace) throw notFound('Workspace not found.')
      return { workspace, currentUserMode: userMode(role) }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/workspaces/{workspaceId}/members', api: 'management', auth: 'required', tags,
    summary: 'List the members of a workspace',
    params: workspaceParams,
    responses: { 200: { description: 'The members', schema: z.object({ members: z.array(memberSchema) }) }, ...scoped },
    async handler({ store, user, params }) {
      await workspaceRole(store, user, params.workspaceId, 'read')
      return { members: await store.workspaces.members(params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/workspaces/{workspaceId}/members', api: 'management', auth: 'required', tags,
    summary: 'Add a member (by email or user id) or change their role (workspace admins only)',
    params: workspaceParams,
    body: addMemberBody,
    responses: { 200: { description: 'The member', schema: z.object({ member: memberSchema }) }, ...scoped, 409: { description: 'Would leave no admin', schema: errorSchema } },
    async handler({ store, user, params, body }) {
      await workspaceRole(store, user, params.workspaceId, 'admin')
      const target = body.email ? await store.accounts.userByEmail(body.email) : await store.accounts.userById(body.userId!)
      if (!target) throw notFound('No user with that ' + (body.email ? 'email' : 'id') + '. Users are created with `parley token create`.')
      const current = await store.workspaces.roleOf(params.workspaceId, target.id)
      if (current === 'admin' && body.role !== 'admin' && (await store.workspaces.adminCount(params.workspaceId)) <= 1) {
        throw conflict('A workspace must keep at least one admin.')
      }
      await store.workspaces.setMember(params.workspaceId, target.id, body.role)
      const member = (await store.workspaces.members(params.workspaceId)).find((m) => m.userId === target.id)!
      return { member }
    },
  }),
  defineRoute({
    method: 'DELETE', path: '/v1/workspaces/{workspaceId}/members/{userId}', api: 'management', auth: 'required', tags,
    summary: 'Remove a member (workspace admins only)',
    params: memberParams,
    responses: { 200: { description: 'Removed', schema: z.object({ userId: z.string(), role: roleSchema, removed: z.literal(true) }) }, ...scoped, 409: { description: 'Would leave no admin', schema: errorSchema } },
    async handler({ store, user, params }) {
      await workspaceRole(store, user, params.workspaceId, 'admin')
      const role = await store.workspaces.roleOf(params.workspaceId, params.userId)
      if (!role) throw notFound('That user is not a member of this workspace.')
      if (role === 'admin' && (await store.workspaces.adminCount(params.workspaceId)) <= 1) throw conflict('A workspace must keep at least one admin.')
      await store.workspaces.removeMember(params.workspaceId, params.userId)
      return { userId: params.userId, role, removed: true as const }
    },
  }),
]
