// The caller's own account and API tokens.
import { z } from 'zod'
import { apiTokenSchema, createApiTokenBody, meSchema, tokenParams, updateMeBody } from '../../contract/accountsApi.js'
import { errorSchema } from '../../contract/api.js'
import { defineRoute } from '../route.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Account']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Not signed in', schema: errorSchema },
  403: { description: 'A workspace-scoped token, or a missing CSRF token', schema: errorSchema },
}

// Example values.
const ada = {
  id: 'cbs5cypew43k6qf2lbfxbvb7a',
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
  createdAt: '2026-11-02T09:14:27.318Z',
  hasPassword: true,
  emailVerified: true,
  oidcConnected: false,
  language: null,
}
const ciToken = {
  id: 'gyjk5or4zytefl227qflsibgd',
  name: 'CI deploys',
  workspaceId: 'ejmq7yuri0oiduza71azcjp44',
  createdAt: '2026-11-20T16:02:11.507Z',
  expiresAt: '2027-05-20T00:00:00.000Z',
  lastUsedAt: null,
}

export const meRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/me',
    operationId: 'getMe',
    auth: 'required',
    tags,
    summary: 'Get the signed-in user',
    description:
      'The user behind the bearer token or the session cookie: id, name, email and whether they have a password (accounts made by OpenID Connect, by the CLI or by adding a member by email may not). ' +
      'Handy to check that a token works.',
    example: { response: { status: 200, body: { user: ada } } },
    responses: { 200: { description: 'The user', schema: z.object({ user: meSchema }) }, ...errors },
    async handler({ app, user }) {
      return { user: await app.accounts.me(user) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/me',
    operationId: 'updateMe',
    auth: 'required',
    tags,
    summary: 'Rename the signed-in user, change their password or their language',
    description:
      "Give `name`, `newPassword`, `language` (the web app's: `en`, `pt-BR`, `es`, `fr`, `de`; null for the browser's) or several; changing a password needs `currentPassword` when the user has one (400 when wrong, 429 after 10 wrong ones in 15 minutes). " +
      "A new password ends the user's other browser sessions (the calling one stays); API tokens keep working. A token limited to one workspace cannot call this (403).",
    example: {
      body: { name: 'Ada King', currentPassword: 'correct horse battery staple', newPassword: 'a new and longer passphrase' },
      response: { status: 200, body: { user: { ...ada, name: 'Ada King' } } },
    },
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
    operationId: 'listApiTokens',
    auth: 'required',
    tags,
    summary: "List the signed-in user's API tokens",
    description:
      "Every token of the user not revoked (expired ones included), with its workspace scope (null: all of the user's workspaces), expiry and last use (recorded at most once a minute). " +
      'Secrets are never shown again after creation. A token limited to one workspace cannot call this (403).',
    example: { response: { status: 200, body: { tokens: [{ ...ciToken, lastUsedAt: '2026-11-25T08:41:53.120Z' }] } } },
    responses: { 200: { description: 'The tokens', schema: z.object({ tokens: z.array(apiTokenSchema) }) }, ...errors },
    async handler({ app, user }) {
      return { tokens: await app.accounts.tokens(user) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/me/tokens',
    operationId: 'createApiToken',
    auth: 'required',
    tags,
    summary: 'Create an API token',
    description:
      'Send the answered `secret` as `Authorization: Bearer <secret>`; it is shown only in this answer (only its hash is stored). ' +
      'A token may expire (`expiresAt`, in the future) and may be limited to one workspace the user belongs to (`workspaceId`): such a token sees no other workspace and cannot manage the account or its tokens (403 here) nor create workspaces.',
    example: {
      body: { name: 'CI deploys', expiresAt: '2027-05-20T00:00:00Z', workspaceId: 'ejmq7yuri0oiduza71azcjp44' },
      response: { status: 200, body: { token: ciToken, secret: 'pk_DQiFirWam8eQ8D4p_rhb68foX-w45yqrFCGnpVymrZs' } },
    },
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
    operationId: 'revokeApiToken',
    auth: 'required',
    tags,
    summary: 'Revoke one of your API tokens',
    description:
      'The token stops working at once on the process that revokes it and within 10 seconds on the others (they cache token lookups that long). ' +
      "Only the user's own tokens: another user's token id answers 404. A token limited to one workspace cannot call this (403).",
    example: { params: { tokenId: 'gyjk5or4zytefl227qflsibgd' }, response: { status: 204 } },
    params: tokenParams,
    responses: { 204: { description: 'Revoked' }, ...errors, 404: { description: 'No such token of yours', schema: errorSchema } },
    async handler({ app, user, params }) {
      await app.accounts.revokeToken(user, params.tokenId)
    },
  }),
]
