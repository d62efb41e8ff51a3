// Invitations to workspaces: admins invite, list and revoke; the invitee reads one by its link's token, lists their
// own, and accepts or declines.
import { z } from 'zod'
import { defineRoute } from '../route.js'
import { errorSchema, invitationKeyParams, invitationParams, invitationSchema, inviteBody, roleSchema, workspaceParams } from '../../contract/api.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Invitations']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Not an admin of the workspace, or the invitation was sent to another email', schema: errorSchema },
  404: { description: 'Unknown, expired or revoked invitation, or unknown workspace (or not a member)', schema: errorSchema },
}

// Example values: Ada, admin of Acme Support, invites Grace.
const WORKSPACE_ID = 'ejmq7yuri0oiduza71azcjp44'
const KEY = 'gNxKLo5AeF1Y2VMKAkxAIMmQZLDdMI-4fhsajlj9Wv4'
const invitation = {
  id: 'xysrfanxkvs9jff1dk8e98sff',
  workspaceId: WORKSPACE_ID,
  workspaceName: 'Acme Support',
  email: 'grace@acme.example',
  role: 'member',
  inviterName: 'Ada Lovelace',
  createdAt: '2026-11-24T10:12:40.118Z',
  expiresAt: '2026-12-01T10:12:40.117Z',
}

export const invitationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/invitations',
    operationId: 'createInvitation',
    auth: 'required',
    tags,
    summary: 'Invite someone to a workspace by email',
    description:
      'Only admins of the workspace may invite. The answer has the invitation link to pass on (shown once; it expires after 7 days) and `emailed`: whether it was also sent by email (only when the server has SMTP). ' +
      'Inviting the same email again renews the invitation (new link, role and expiry); an email of a member answers 409. To add someone at once without their consent, see POST /v1/workspaces/{workspaceId}/members.',
    example: {
      params: { workspaceId: WORKSPACE_ID },
      body: { email: 'grace@acme.example', role: 'member' },
      response: { status: 200, body: { invitation, link: `https://parley.acme.example/invitations/${KEY}`, emailed: true } },
    },
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
    operationId: 'listInvitations',
    auth: 'required',
    tags,
    summary: 'List the pending invitations of a workspace',
    description:
      'Invitations not yet accepted, declined, revoked or expired, newest first. Only admins of the workspace may list them; the links are not shown again (only their hash is stored).',
    example: { params: { workspaceId: WORKSPACE_ID }, response: { status: 200, body: { invitations: [invitation] } } },
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
    operationId: 'revokeInvitation',
    auth: 'required',
    tags,
    summary: 'Revoke an invitation',
    description: 'Deletes a pending invitation: its link stops working. Only admins of the workspace may revoke.',
    example: {
      params: { workspaceId: WORKSPACE_ID, invitationId: invitation.id },
      response: { status: 200, body: { id: invitation.id, revoked: true } },
    },
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
    operationId: 'getInvitation',
    auth: 'none',
    tags,
    summary: "Read an invitation by its link's token",
    description:
      'What the invitation page shows before the invitee signs in: workspace, role, inviter, email and expiry. ' +
      '`key` is the last segment of the invitation link; no sign-in is needed (the token is the secret). Expired, revoked, accepted or declined invitations answer 404.',
    example: { params: { key: KEY }, response: { status: 200, body: { invitation } } },
    params: invitationKeyParams,
    responses: { 200: { description: 'The invitation', schema: z.object({ invitation: invitationSchema }) }, ...errors },
    async handler({ app, params }) {
      return { invitation: await app.invitations.byToken(params.key) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invitations/{key}/accept',
    operationId: 'acceptInvitation',
    auth: 'required',
    tags,
    summary: 'Accept an invitation and join its workspace',
    description:
      "The caller must be signed in with the invited email (403 otherwise: knowing an invited address is not enough) and joins with the invitation's role; a member already keeps their role. " +
      'The invitation is used up. A token limited to one workspace cannot accept (403).',
    example: {
      params: { key: KEY },
      response: { status: 200, body: { workspaceId: WORKSPACE_ID, workspaceName: 'Acme Support', role: 'member' } },
    },
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
    operationId: 'declineInvitation',
    auth: 'required',
    tags,
    summary: 'Decline an invitation',
    description:
      'The caller must be signed in with the invited email (403 otherwise); the invitation is deleted and its link stops working. A token limited to one workspace cannot decline (403).',
    example: { params: { key: KEY }, response: { status: 200, body: { id: invitation.id, declined: true } } },
    params: invitationKeyParams,
    responses: { 200: { description: 'Declined (deleted)', schema: z.object({ id: z.string(), declined: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.invitations.decline(user, params.key)
      return { id, declined: true as const }
    },
  }),
]
