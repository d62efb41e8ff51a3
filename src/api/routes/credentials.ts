// Workspace credentials (see docs/credentials.md): secrets are written once and never answered back.
import { z } from 'zod'
import { EncryptionNotConfiguredError } from '../../store/credentials.js'
import { workspaceRole } from '../access.js'
import { ApiError, notFound } from '../errors.js'
import { defineRoute } from '../route.js'
import { errorSchema, workspaceParams } from '../schemas.js'

const tags = ['Credentials']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown workspace or credentials (or not a member)', schema: errorSchema },
}

const credentialsSchema = z
  .object({ id: z.string(), type: z.string(), name: z.string(), createdAt: z.string() })
  .meta({ id: 'Credentials', description: 'Credentials metadata; the secret data is never returned.' })

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

const credentialsParams = workspaceParams.extend({ credentialsId: z.string().min(1).max(200) })

export const credentialsRoutes = [
  defineRoute({
    method: 'POST', path: '/v1/workspaces/{workspaceId}/credentials', api: 'management', auth: 'required', tags,
    summary: 'Store credentials in a workspace (encrypted; the data is never returned)',
    params: workspaceParams,
    body: createCredentialsBody,
    responses: { 200: { description: 'Created', schema: z.object({ credentials: credentialsSchema }) }, ...errors },
    async handler({ store, user, params, body }) {
      await workspaceRole(store, user, params.workspaceId, 'write')
      try {
        return { credentials: await store.credentials.create(params.workspaceId, body) }
      } catch (err) {
        if (err instanceof EncryptionNotConfiguredError) throw new ApiError(400, 'encryption_not_configured', err.message)
        throw err
      }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/workspaces/{workspaceId}/credentials', api: 'management', auth: 'required', tags,
    summary: "List a workspace's credentials (metadata only)",
    params: workspaceParams,
    responses: { 200: { description: 'The credentials, newest first', schema: z.object({ credentials: z.array(credentialsSchema) }) }, ...errors },
    async handler({ store, user, params }) {
      await workspaceRole(store, user, params.workspaceId, 'read')
      return { credentials: await store.credentials.list(params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'DELETE', path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}', api: 'management', auth: 'required', tags,
    summary: 'Delete credentials (blocks using them stop finding them)',
    params: credentialsParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ store, user, params }) {
      await workspaceRole(store, user, params.workspaceId, 'write')
      if (!(await store.credentials.delete(params.workspaceId, params.credentialsId))) throw notFound('Credentials not found.')
      return { id: params.credentialsId, deleted: true as const }
    },
  }),
]
