// Route definitions: one object per operation gives the path, the zod schemas of its inputs and outputs,
// and the handler. The same objects register the Fastify routes and generate the OpenAPI document.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Config } from '../config.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { ChatService } from '../chat/service.js'
import type { Authenticator } from './auth.js'
import { badRequest, zodIssues } from './errors.js'
import { checkInput } from './inputGuard.js'

export type Services = { store: Store; config: Config; auth: Authenticator; chat: ChatService }

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export type Context<P, Q, B, U> = Services & {
  req: FastifyRequest
  reply: FastifyReply
  user: U
  params: P
  query: Q
  body: B
}

export type RouteDef<P = any, Q = any, B = any, A extends 'required' | 'optional' | 'none' = any> = {
  method: Method
  /** OpenAPI-style path, e.g. `/v1/bots/{botId}`. */
  path: string
  /** Which API the route belongs to (a process may serve only one, see PARLEY_API). */
  api: 'management' | 'chat' | 'always'
  summary: string
  tags: string[]
  auth: A
  params?: z.ZodType<P>
  query?: z.ZodType<Q>
  body?: z.ZodType<B>
  /** Documented responses: status → description and schema. */
  responses: Record<number, { description: string; schema?: z.ZodType }>
  handler: (ctx: Context<P, Q, B, A extends 'required' ? User : User | undefined>) => Promise<unknown>
}

export const defineRoute = <P, Q, B, A extends 'required' | 'optional' | 'none'>(def: RouteDef<P, Q, B, A>) => def

const parse = <T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T => {
  checkInput(where, value)
  if (!schema) return undefined as T
  const res = schema.safeParse(value ?? (where === 'body' ? undefined : {}))
  if (!res.success) throw badRequest(`Invalid request ${where}.`, zodIssues(res.error, where))
  return res.data
}

export const registerRoutes = (app: FastifyInstance, routes: RouteDef[], services: Services) => {
  for (const route of routes) {
    if (route.api !== 'always' && services.config.api !== 'all' && services.config.api !== route.api) continue
    app.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (req, reply) => {
        const user =
          route.auth === 'required' ? await services.auth.require(req) : route.auth === 'optional' ? await services.auth.optional(req) : undefined
        // Listed rather than spread: spreading an object into a literal with more properties takes V8's slow path.
        const ctx = {
          store: services.store,
          config: services.config,
          auth: services.auth,
          chat: services.chat,
          req,
          reply,
          user,
          params: parse(route.params, req.params, 'params'),
          query: parse(route.query, req.query, 'query'),
          body: parse(route.body, req.body, 'body'),
        }
        const out = await route.handler(ctx)
        if (out === undefined) return reply.code(204).send()
        return out
      },
    })
  }
}

/** Query-string booleans: `true`/`1` and `false`/`0`. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()
