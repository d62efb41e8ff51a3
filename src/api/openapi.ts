// The OpenAPI 3.1 document, generated from the same route definitions that Fastify serves, with each route's
// description and example (shown by the docs page at /docs).
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { createDocument } from 'zod-openapi'
import { errorSchema, ID_MAX_LENGTH } from '../contract/api.js'
import type { ErrorCode } from '../contract/errors.js'
import { apiTags } from './apiTags.js'
import { codeForStatus } from './errors.js'
import type { RouteDef } from './route.js'

const methodKey = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const

/** Answers Fastify gives before a handler runs, documented on every operation they can happen to. */
const frameworkResponses = (route: RouteDef) => {
  const responses: RouteDef['responses'] = {}
  if (route.body || route.rawBody) {
    responses[413] = { description: 'Body over the size limit', schema: errorSchema }
    responses[415] = { description: route.rawBody ? 'Content type not accepted' : 'Body is not JSON', schema: errorSchema }
  }
  if (route.path.includes('{')) responses[414] = { description: `A path parameter longer than ${ID_MAX_LENGTH} characters`, schema: errorSchema }
  responses[500] = { description: 'Internal error: the server failed (its log has the cause, under `requestId`)', schema: errorSchema }
  return responses
}

/**
 * What each path parameter names: the same name means the same thing on every path, so it is said once here (a
 * schema's own description, e.g. `versionId`'s, comes first).
 */
const pathParameterDescriptions: Record<string, string> = {
  blockId: "The id of a block of the bot's flow (the Webhook block the chat waits on)",
  botId: 'The bot’s id (as `POST /v1/bots` or `GET /v1/bots` answer it)',
  credentialsId: 'The credentials’ id (as `GET /v1/workspaces/{workspaceId}/credentials` lists it)',
  deliveryId: 'The delivery’s id (as the webhook’s delivery log lists it)',
  fileId: 'The file’s id: part of the URL the upload or the answer gave',
  fileName: 'The file’s name: part of the URL the upload or the answer gave',
  folderId: 'The folder’s id',
  invitationId: 'The invitation’s id (as `GET /v1/workspaces/{workspaceId}/invitations` lists it)',
  key: 'The token at the end of the invitation link emailed to the invitee',
  publicId: 'The bot’s public id (`publicId`, also the path of its hosted page), not its id',
  resultId: 'The result’s id: one chat’s run with its answers',
  sessionId: 'The chat’s session id, as its startChat answered it',
  slug: 'The template’s slug, as `GET /v1/templates` lists it',
  templateId: 'The theme template’s id',
  templateSlug: 'The template’s slug, as `GET /v1/templates` lists it',
  tokenId: 'The API token’s id (as `GET /v1/me/tokens` lists it), not the token itself',
  typebotId: 'The bot’s id (Typebot’s name for it)',
  userId: 'The member’s user id',
  webhookId: 'The webhook’s id',
  workspaceId: 'The workspace’s id',
}

/** The server's version: package.json's, found from this module (src/api or dist/api), whatever the working directory. */
export const parleyVersion = (): string => JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version

const overview = `Parley runs chatbots in Typebot's v6 format: this API builds them, runs their chats and reads what people answered.

**Authentication.** Send \`Authorization: Bearer <token>\` (a token from \`POST /v1/me/tokens\` or the web app's account page),
or use a browser session (the cookie set by \`/v1/auth/…\`, with \`x-csrf-token\` on every POST, PUT, PATCH and DELETE).
The chat operations that say so also take callers without credentials when the operator opened chats to the
public (\`PUBLIC_CHAT\`; on the Typebot-compatible \`/api/…\` paths \`TYPEBOT_PUBLIC_CHAT\`, on by default).
A workspace's guests may read but not write.

**Errors** answer \`{ "code": "…", "message": "…", "issues": [ … ] }\` with the HTTP status: \`message\` is for people,
\`code\` for programs, \`issues\` (invalid requests only) names each field refused. Anything you may not see answers 404,
as if it did not exist.

**Where to start.**
1. \`POST /v1/workspaces\` (or \`GET /v1/workspaces\`) for a workspace id.
2. \`POST /v1/bots\` with a bot, or \`POST /v1/bots/import\` with a Typebot export; \`GET /v1/bots/{botId}/check\`
   lists what will not run.
3. \`POST /v1/bots/{botId}/preview/startChat\` to try the draft, then \`POST /v1/bots/{botId}/publish\`.
4. \`POST /v1/bots/{publicId}/startChat\`, then \`POST /v1/sessions/{sessionId}/continueChat\` with each answer
   until no \`input\` comes back.
5. \`GET /v1/bots/{botId}/results\` (or \`…/results/export\`) for the answers.`

/**
 * What an error answer of this status and description looks like (the route's own example covers its success): the
 * code a client would see — the status's, or the more precise one the description names — and the description as
 * the message; a 400 names a refused field as `issues` do.
 */
const errorExample = (status: number, description: string, where: 'body' | 'query' | 'params') => {
  const named: [RegExp, ErrorCode][] = [
    [/origin/i, 'origin_not_allowed'],
    [/csrf/i, 'csrf'],
    [/closed/i, 'bot_closed'],
    [/ENCRYPTION_SECRET/, 'encryption_not_configured'],
  ]
  if (status === 500)
    return { code: 'internal_error', message: 'Internal error. The request id helps the operator find the cause in the logs.', requestId: 'req-4f' }
  const code = named.find(([pattern]) => pattern.test(description))?.[1] ?? codeForStatus(status)
  return {
    code,
    message: `${description.replace(/\.$/, '')}.`,
    ...(status === 400 && code === 'bad_request' && { issues: [{ path: where, message: 'Invalid input: expected object, received string' }] }),
  }
}

/** A media type at the start of a description ("text/event-stream: …"): what a response without a JSON schema is. */
const leadingMediaType = (description: string) => /^([a-z]+\/[a-z0-9.+-]+)\b/.exec(description)?.[1] ?? 'text/plain'

/**
 * A query value as the JSON type of its schema: the route's example gives it as sent in the URL (`'50'`), the
 * schema (coerced by zod) says `integer`.
 */
const asSchemaType = (value: string, schema: { type?: unknown } | undefined) =>
  schema?.type === 'integer' || schema?.type === 'number' ? Number(value) : schema?.type === 'boolean' ? value === 'true' : value

/**
 * Sets each parameter's example from the route's (zod-openapi builds the parameters from the schemas alone), and
 * the description of a path parameter whose schema has none.
 */
const completeParameters = (operation: any, route: RouteDef) => {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') parameter.description ??= pathParameterDescriptions[parameter.name]
    const values = parameter.in === 'path' ? route.example?.params : parameter.in === 'query' ? route.example?.query : undefined
    if (values?.[parameter.name] !== undefined) parameter.example = asSchemaType(values[parameter.name], parameter.schema)
  }
}

export const buildOpenApiDocument = (routes: RouteDef[]) => {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const example = route.example
    const operation = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description && { description: route.description }),
      tags: route.tags,
      ...(route.deprecated && { deprecated: true }),
      ...(route.auth === 'none' ? { security: [] } : route.auth === 'optional' ? { security: [{ bearer: [] }, {}] } : {}),
      requestParams: {
        ...(route.params && { path: route.params as z.ZodObject }),
        ...(route.query && { query: route.query as z.ZodObject }),
      },
      ...(route.body && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: route.body, ...(example?.body !== undefined && { example: example.body }) } },
        },
      }),
      ...(route.rawBody && {
        requestBody: {
          required: true,
          description: route.rawBody.description,
          content: { [route.rawBody.contentType ?? '*/*']: { schema: route.rawBody.schema ?? z.string().meta({ format: 'binary' }) } },
        },
      }),
      responses: Object.fromEntries(
        Object.entries({ ...frameworkResponses(route), ...route.responses }).map(([status, r]) => {
          const own = example?.response.status === Number(status) && example.response.body !== undefined
          const shown = own
            ? { example: example.response.body }
            : r.schema === errorSchema && Number(status) >= 400
              ? { example: errorExample(Number(status), r.description, route.body ? 'body' : route.query ? 'query' : 'params') }
              : {}
          // A response without a JSON schema (a file, an event stream) shows its example as text.
          const content = r.schema
            ? { 'application/json': { schema: r.schema, ...shown } }
            : 'example' in shown && { [leadingMediaType(r.description)]: { schema: z.string(), ...shown } }
          return [status, { description: r.description, ...(content && { content }) }]
        }),
      ),
    }
    paths[route.path] = { ...paths[route.path], [methodKey[route.method]]: operation }
  }
  const document = createDocument({
    openapi: '3.1.0',
    info: { title: 'Parley API', version: parleyVersion(), description: overview, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
    tags: Object.entries(apiTags).map(([name, description]) => ({ name, description })),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths: paths as any,
  })
  for (const route of routes) completeParameters((document.paths as any)[route.path][methodKey[route.method]], route)
  return document
}

type Document = ReturnType<typeof buildOpenApiDocument>

/**
 * The document as this server serves it, with its addresses as `servers` (known once it listens: PORT may be 0):
 * the builder's (PARLEY_PUBLIC_URL) for every operation, the user content's for those served there only (files), so that
 * a client generated from a downloaded copy calls this server. Built once per pair of addresses.
 */
export const servedDocument = (document: Document, routes: RouteDef[], urls: () => { builder: string; content: string }) => {
  let built: { key: string; document: Document } | undefined
  return (): Document => {
    const { builder, content } = urls()
    const key = `${builder} ${content}`
    if (built?.key === key) return built.document
    const paths = { ...document.paths } as Record<string, Record<string, object>>
    if (content !== builder) {
      for (const route of routes.filter((r) => r.site === 'content')) {
        const method = methodKey[route.method]
        paths[route.path] = {
          ...paths[route.path],
          [method]: { ...paths[route.path]?.[method], servers: [{ url: content, description: 'The user content’s address (PARLEY_CHAT_URL)' }] },
        }
      }
    }
    built = { key, document: { ...document, servers: [{ url: builder, description: 'This server (PARLEY_PUBLIC_URL)' }], paths } }
    return built.document
  }
}
