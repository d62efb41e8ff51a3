// The management API: sign-in, the caller's account, workspaces, members, credentials, bots and results. Routes
// need a bearer token or a browser session, but for the sign-in routes.
import type { FastifyPluginAsync } from 'fastify'
import { authenticate } from '../auth.js'
import { registerRoutes, type RouteDef, type Services } from '../route.js'
import { authRoutes } from '../routes/auth.js'
import { botRoutes } from '../routes/bots.js'
import { credentialsRoutes } from '../routes/credentials.js'
import { meRoutes } from '../routes/me.js'
import { resultRoutes } from '../routes/results.js'
import { workspaceRoutes } from '../routes/workspaces.js'

export const managementRoutes: RouteDef[] = [...authRoutes, ...meRoutes, ...workspaceRoutes, ...credentialsRoutes, ...botRoutes, ...resultRoutes]

export const managementPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.addHook('onRequest', authenticate(services.app.accounts, { anonymous: false }))
  registerRoutes(fastify, managementRoutes, services)
}
