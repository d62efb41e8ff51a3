// The OpenAPI 3.1 document, generated from the same route definitions that Fastify serves.
import { z } from 'zod'
import { createDocument } from 'zod-openapi'
import { errorSchema, ID_MAX_LENGTH } from '../contract/api.js'
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
  return responses
}

export const buildOpenApiDocument = (routes: RouteDef[]) => {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const operation = {
      summary: route.summary,
      tags: route.tags,
      ...(route.auth === 'none' ? { security: [] } : route.auth === 'optional' ? { security: [{ bearer: [] }, {}] } : {}),
      requestParams: {
        ...(route.params && { path: route.params as z.ZodObject }),
        ...(route.query && { query: route.query as z.ZodObject }),
      },
      ...(route.body && { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }),
      ...(route.rawBody && {
        requestBody: {
          required: true,
          description: route.rawBody.description,
          content: { [route.rawBody.contentType ?? '*/*']: { schema: route.rawBody.schema ?? z.string().meta({ format: 'binary' }) } },
        },
      }),
      responses: Object.fromEntries(
        Object.entries({ ...frameworkResponses(route), ...route.responses }).map(([status, r]) => [
          status,
          { description: r.description, ...(r.schema && { content: { 'application/json': { schema: r.schema } } }) },
        ]),
      ),
    }
    paths[route.path] = { ...paths[route.path], [methodKey[route.method]]: operation }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: '1.0.0',
      description:
        'Chatbot builder and chat runtime compatible with Typebot v6 bots. Every /v1 operation takes `Authorization: Bearer <token>` or a browser session (cookie, with `x-csrf-token` on writes; see /v1/auth/…); errors answer `{ code, message, issues? }`.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths: paths as any,
  })
}
