// Invitations to workspaces: admins invite, list and revoke; the invitee reads one by its link's token, lists their
// own, and accepts or declines.
import { z } from 'zod'
import { defineRoute } from '../route.js'
import { errorSchema, invitationKeyParams, invitationParams, invitationSchema, inviteBody, roleSchema, workspaceParams } from '../../contract/api.js'

const tags = ['Invitations']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Not an admin of the workspace, or the invitation was sent to another email', schema: errorSchema },
  404: { description: 'Unknown, expired or revoked invitation, or unknown workspace (or not a member)', schema: errorSchema },
}

export const invitationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/invitations',
    auth: 'required',
    tags,
    summary: 'Invite an email to a workspace with a role (admins only); answers the link, also emailed when SMTP is configured',
    params: workspaceParams,
    body: inviteBody,
    responses: {
      200: {
        description: 'Invited (inviting the same email again renews the invitation: new link, role and expiry)',
        schema: z.object({
          invitation: invitationSchema,
          link: z.string().meta({ description: 'The link to pass on; shown once (only its hash is stored).' }),
          emailed: z.boolean(),
        }),
      },
      ...errors,
      409: { description: 'The email belongs to a member already', schema: errorSchema },
    },
    async handler({ app, user, params, body }) {
      return app.invitations.invite(user, params.workspaceId, body)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/invitations',
    auth: 'required',
    tags,
    summary: 'List the pending invitations of a workspace (admins only)',
    params: workspaceParams,
    responses: {
      200: { description: 'Unexpired invitations, newest first', schema: z.object({ invitations: z.array(invitationSchema) }) },
      ...errors,
    },
    async handler({ app, user, params }) {
      return { invitations: await app.invitations.listForWorkspace(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/invitations/{invitationId}',
    auth: 'required',
    tags,
    summary: 'Revoke an invitation (admins only)',
    params: invitationParams,
    responses: { 200: { description: 'Revoked', schema: z.object({ id: z.string(), revoked: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.invitations.revoke(user, params.workspaceId, params.invitationId)
      return { id, revoked: true as const }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/invitations/{key}',
    auth: 'none',
    tags,
    summary: "Read an invitation by its link's token (no sign-in needed: the token is the secret)",
    params: invitationKeyParams,
    responses: { 200: { description: 'The invitation', schema: z.object({ invitation: invitationSchema }) }, ...errors },
    async handler({ app, params }) {
      return { invitation: await app.invitations.byToken(params.key) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invitations/{key}/accept',
    auth: 'required',
    tags,
    summary: "Accept an invitation by its link's token (sent to the caller's email): join the workspace",
    params: invitationKeyParams,
    responses: {
      200: {
        description: 'Joined (a member already keeps their role)',
        schema: z.object({ workspaceId: z.string(), workspaceName: z.string(), role: roleSchema }),
      },
      ...errors,
    },
    async handler({ app, user, params }) {
      return app.invitations.accept(user, params.key)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invitations/{key}/decline',
    auth: 'required',
    tags,
    summary: "Decline an invitation by its link's token (sent to the caller's email)",
    params: invitationKeyParams,
    responses: { 200: { description: 'Declined (deleted)', schema: z.object({ id: z.string(), declined: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.invitations.decline(user, params.key)
      return { id, declined: true as const }
    },
  }),
]
