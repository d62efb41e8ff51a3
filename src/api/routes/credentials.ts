// Workspace credentials (see docs/credentials.md): secrets are written once and never answered back.
import { z } from 'zod'
import { defineRoute } from '../route.js'
import { credentialsSchema, errorSchema, idSchema, workspaceParams } from '../../contract/api.js'

const tags = ['Credentials']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown workspace or credentials (or not a member)', schema: errorSchema },
}

const createCredentialsBody = z.object({
  type: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .meta({ description: 'Which blocks use them: openai, mistral, smtp, anthropic, google, stripe, or any other name.', examples: ['openai'] }),
  name: z.string().trim().min(1).max(200),
  data: z
    .record(z.string().min(1).max(100), z.union([z.string().max(10_000), z.number(), z.boolean()]))
    .refine((d) => Object.keys(d).length > 0, { message: 'Give at least one field.' })
    .refine((d) => Object.keys(d).length <= 50, { message: 'At most 50 fields.' })
    .meta({ description: 'The secret fields, e.g. `{ "apiKey": "sk-…" }`. Stored encrypted.' }),
})

const credentialsParams = workspaceParams.extend({ credentialsId: idSchema })

export const credentialsRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/credentials',
    auth: 'required',
    tags,
    summary: 'Store credentials in a workspace (encrypted; the data is never returned)',
    params: workspaceParams,
    body: createCredentialsBody,
    responses: { 200: { description: 'Created', schema: z.object({ credentials: credentialsSchema }) }, ...errors },
    async handler({ app, user, params, body }) {
      return { credentials: await app.credentials.create(user, params.workspaceId, body) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/credentials',
    auth: 'required',
    tags,
    summary: "List a workspace's credentials (metadata only)",
    params: workspaceParams,
    responses: { 200: { description: 'The credentials, newest first', schema: z.object({ credentials: z.array(credentialsSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { credentials: await app.credentials.list(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}',
    auth: 'required',
    tags,
    summary: 'Rename credentials (the secret data cannot be read or changed: create new credentials instead)',
    params: credentialsParams,
    body: z.object({ name: z.string().trim().min(1).max(200) }),
    responses: { 200: { description: 'Renamed', schema: z.object({ credentials: credentialsSchema }) }, ...errors },
    async handler({ app, user, params, body }) {
      return { credentials: await app.credentials.rename(user, params.workspaceId, params.credentialsId, body.name) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}',
    auth: 'required',
    tags,
    summary: 'Delete credentials (blocks using them stop finding them)',
    params: credentialsParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.credentials.delete(user, params.workspaceId, params.credentialsId)
      return { id, deleted: true as const }
    },
  }),
]
