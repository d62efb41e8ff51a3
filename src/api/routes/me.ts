// The caller's own account and API tokens.
import { z } from 'zod'
import { apiTokenSchema, createApiTokenBody, errorSchema, meSchema, tokenParams, updateMeBody } from '../../contract/api.js'
import { defineRoute } from '../route.js'

const tags = ['Account']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Not signed in', schema: errorSchema },
  403: { description: 'A workspace-scoped token, or a missing CSRF token', schema: errorSchema },
}

export const meRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/me',
    auth: 'required',
    tags,
    summary: 'The signed-in user',
    responses: { 200: { description: 'The user', schema: z.object({ user: meSchema }) }, ...errors },
    async handler({ app, user }) {
      return { user: await app.accounts.me(user) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/me',
    auth: 'required',
    tags,
    summary: "Rename the user or change their password (with the current one); a new password ends the user's other sessions",
    body: updateMeBody,
    responses: {
      200: { description: 'The user', schema: z.object({ user: meSchema }) },
      ...errors,
      429: { description: 'Too many wrong passwords', schema: errorSchema },
    },
    async handler({ app, user, body, req }) {
      return { user: await app.accounts.update(user, body, req.authSession?.id) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/me/tokens',
    auth: 'required',
    tags,
    summary: "The user's API tokens (never their secrets)",
    responses: { 200: { description: 'The tokens', schema: z.object({ tokens: z.array(apiTokenSchema) }) }, ...errors },
    async handler({ app, user }) {
      return { tokens: await app.accounts.tokens(user) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/me/tokens',
    auth: 'required',
    tags,
    summary: 'Create an API token (optionally expiring, optionally limited to one workspace); its secret is answered only here',
    body: createApiTokenBody,
    responses: {
      200: { description: 'The token and its secret', schema: z.object({ token: apiTokenSchema, secret: z.string() }) },
      ...errors,
      404: { description: 'Unknown workspace (or not a member)', schema: errorSchema },
    },
    async handler({ app, user, body }) {
      return app.accounts.createToken(user, body)
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/me/tokens/{tokenId}',
    auth: 'required',
    tags,
    summary: 'Revoke one of your API tokens',
    params: tokenParams,
    responses: { 204: { description: 'Revoked' }, ...errors, 404: { description: 'No such token of yours', schema: errorSchema } },
    async handler({ app, user, params }) {
      await app.accounts.revokeToken(user, params.tokenId)
    },
  }),
]
