// Room for the Typebot-compatible API (Typebot's own paths and answer shapes over the same application): its
// route definitions go in this list, and they are then served, documented and validated like the others.
import type { FastifyPluginAsync } from 'fastify'
import { authenticate } from '../auth.js'
import { limitAnonymousBody } from '../limits.js'
import { registerRoutes, type RouteDef, type Services } from '../route.js'

export const typebotRoutes: RouteDef[] = []

export const typebotPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.addHook('onRequest', authenticate(services.app.accounts, { anonymous: services.config.publicChat }))
  fastify.addHook('preParsing', limitAnonymousBody(services.config.http.anonymousBodyLimitBytes))
  registerRoutes(fastify, typebotRoutes, services)
}
