// Route definitions: one object per operation gives the path, the zod schemas of its inputs and outputs, and the
// handler. The same objects register the Fastify routes (in the API plugins) and generate the OpenAPI document.
// A handler only parses (done here, from its schemas), calls the application and shapes the answer; the plugin's
// auth hook has already put the caller in `req.user`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { App, User } from '../app/index.js'
import type { Config } from '../config.js'
import type { Sites } from './sites.js'
import { badRequest } from '../app/errors.js'
import type { ApiTag } from './apiTags.js'
import type { AuthMode } from './auth.js'
import { zodIssues } from './errors.js'
import { checkInput } from './inputGuard.js'

export type Services = { app: App; config: Config; sites: Sites }

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type Context<P, Q, B, U> = Services & {
  req: FastifyRequest
  reply: FastifyReply
  user: U
  params: P
  query: Q
  body: B
}

export type RouteExample = {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  response: { status: number; body?: unknown }
}

export type RouteDef<P = any, Q = any, B = any, A extends AuthMode = any> = {
  method: Method
  /** OpenAPI-style path, e.g. `/v1/bots/{botId}`. */
  path: string
  /**
   * The operation's name in the OpenAPI document, unique across it: what generated clients call their method
   * (camelCase, e.g. `startChat`; the Typebot-compatible paths' start with `typebot`).
   */
  operationId: string
  summary: string
  /** What the operation does, when to call it and what to watch for, in Markdown (shown in the API docs). */
  description: string
  /** A realistic call, shown in the API docs: path and query values, the JSON body sent, and the answer. */
  example: RouteExample
  /** Declared in apiTags.ts, with its description. */
  tags: ApiTag[]
  /** `optional`: anonymous callers are let through where the plugin allows them (chat with PUBLIC_CHAT). */
  auth: A
  /** Kept for old clients only: documented as deprecated. */
  deprecated?: true
  /** The origin it is served on when not any (sites.ts): `builder` only, or never the builder's (`content`). */
  site?: 'builder' | 'content'
  /** Takes preview tokens (app/previewTokens.ts): a preview's own start and its session's routes; others refuse them. */
  previewToken?: true
  params?: z.ZodType<P>
  query?: z.ZodType<Q>
  body?: z.ZodType<B>
  /**
   * A body taken as raw bytes (a Buffer in `body`, unchecked: the plugin that serves the route parses it), documented
   * as this: any content type as binary unless told otherwise (a multipart form and its fields).
   */
  rawBody?: { description: string; contentType?: string; schema?: z.ZodType }
  /** Documented responses: status → description and schema (no schema: not JSON, e.g. an event stream). */
  responses: Record<number, { description: string; schema?: z.ZodType }>
  handler: (ctx: Context<P, Q, B, A extends 'required' ? User : User | undefined>) => Promise<unknown>
}

export const defineRoute = <P, Q, B, A extends AuthMode>(def: RouteDef<P, Q, B, A>) => def

const parse = <T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T => {
  checkInput(where, value)
  if (!schema) return undefined as T
  const res = schema.safeParse(value ?? (where === 'body' ? undefined : {}))
  if (!res.success) throw badRequest(`Invalid request ${where}.`, zodIssues(res.error, where))
  return res.data
}

export const registerRoutes = (fastify: FastifyInstance, routes: RouteDef[], services: Services) => {
  for (const route of routes) {
    fastify.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      config: { auth: route.auth, site: route.site, previewToken: route.previewToken },
      handler: async (req, reply) => {
        // Listed rather than spread: spreading an object into a literal with more properties takes V8's slow path.
        const ctx = {
          app: services.app,
          config: services.config,
          sites: services.sites,
          req,
          reply,
          user: req.user ?? undefined,
          params: parse(route.params, req.params, 'params'),
          query: parse(route.query, req.query, 'query'),
          body: route.rawBody ? (req.body ?? Buffer.alloc(0)) : parse(route.body, req.body, 'body'),
        }
        const out = await route.handler(ctx)
        // A handler that answered itself (a stream) returns the reply, or nothing once it is sent.
        if (reply.sent || out === reply) return reply
        if (out === undefined) return reply.code(204).send()
        // The session a chat start created, for the request's log line and the active sessions (requestHooks.ts).
        const sessionId = (out as { sessionId?: unknown } | null)?.sessionId
        if (typeof sessionId === 'string') req.startedSessionId = sessionId
        return out
      },
    })
  }
}
