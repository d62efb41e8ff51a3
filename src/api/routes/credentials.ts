// Workspace credentials (see docs/credentials.md): secrets are written once and never answered back.
import { z } from 'zod'
import { defineRoute } from '../route.js'
import { credentialsSchema, errorSchema, idSchema, workspaceParams } from '../../contract/api.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Credentials']
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

// Example values.
const WORKSPACE_ID = 'ejmq7yuri0oiduza71azcjp44'
const openai = { id: 'bd0wfad35qcrp92j0novq8gsy', type: 'openai', name: 'OpenAI (prod)', createdAt: '2026-11-06T08:55:13.270Z' }

export const credentialsRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/credentials',
    operationId: 'createCredentials',
    auth: 'required',
    tags,
    summary: 'Store credentials (API keys, SMTP logins…) for the blocks of a workspace',
    description:
      'Blocks name credentials by their `id` (their `credentialsId` option); `type` says which blocks use them and `data` holds the fields they read (see docs/credentials.md). ' +
      '`data` is encrypted and never answered back. Needs `ENCRYPTION_SECRET` on the server (400 `encryption_not_configured` without it); admins and members may create credentials, guests get 403.',
    example: {
      params: { workspaceId: WORKSPACE_ID },
      body: { type: 'openai', name: 'OpenAI (prod)', data: { apiKey: 'sk-proj-EXAMPLE-2fQm8vX1rT7kZp4N' } },
      response: { status: 200, body: { credentials: openai } },
    },
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
    operationId: 'listCredentials',
    auth: 'required',
    tags,
    summary: "List a workspace's credentials (without their secrets)",
    description:
      'Id, type, name and creation time of every credentials of the workspace, newest first; the secret `data` is never answered. Any member, guests included, may list them.',
    example: {
      params: { workspaceId: WORKSPACE_ID },
      response: {
        status: 200,
        body: {
          credentials: [{ id: 'i3lpza3fvn59iiiwi9icxdrtf', type: 'smtp', name: 'Support mailbox', createdAt: '2026-11-12T13:40:09.551Z' }, openai],
        },
      },
    },
    params: workspaceParams,
    responses: { 200: { description: 'The credentials, newest first', schema: z.object({ credentials: z.array(credentialsSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { credentials: await app.credentials.list(user, params.workspaceId) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}',
    operationId: 'renameCredentials',
    auth: 'required',
    tags,
    summary: 'Rename credentials',
    description:
      'Only the name changes: the secret `data` cannot be read or changed (to replace a key, create new credentials, point the blocks at them, delete the old ones). ' +
      'Admins and members may rename; guests get 403.',
    example: {
      params: { workspaceId: WORKSPACE_ID, credentialsId: openai.id },
      body: { name: 'OpenAI (production)' },
      response: { status: 200, body: { credentials: { ...openai, name: 'OpenAI (production)' } } },
    },
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
    operationId: 'deleteCredentials',
    auth: 'required',
    tags,
    summary: 'Delete credentials',
    description:
      'Blocks still naming them act as if they had none (they log an error and the flow goes on). Admins and members may delete; guests get 403.',
    example: { params: { workspaceId: WORKSPACE_ID, credentialsId: openai.id }, response: { status: 200, body: { id: openai.id, deleted: true } } },
    params: credentialsParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.credentials.delete(user, params.workspaceId, params.credentialsId)
      return { id, deleted: true as const }
    },
  }),
]
