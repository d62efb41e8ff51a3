// The management API: sign-in, the caller's account, workspaces, members, invitations, credentials, folders, bots,
// results and webhooks. Routes need a bearer token or a browser session, but for the sign-in routes and reading an
// invitation by its link's token.
import type { FastifyPluginAsync } from 'fastify'
import { authenticate } from '../auth.js'
import { registerRoutes, type RouteDef, type Services } from '../route.js'
import { authRoutes } from '../routes/auth.js'
import { botRoutes } from '../routes/bots.js'
import { botPublishingRoutes } from '../routes/botPublishing.js'
import { credentialsRoutes } from '../routes/credentials.js'
import { folderRoutes } from '../routes/folders.js'
import { invitationRoutes } from '../routes/invitations.js'
import { meRoutes } from '../routes/me.js'
import { resultRoutes } from '../routes/results.js'
import { webhookRoutes } from '../routes/webhooks.js'
import { workspaceRoutes } from '../routes/workspaces.js'

export const managementRoutes: RouteDef[] = [
  ...authRoutes,
  ...meRoutes,
  ...workspaceRoutes,
  ...invitationRoutes,
  ...credentialsRoutes,
  ...folderRoutes,
  ...botRoutes,
  ...botPublishingRoutes,
  ...resultRoutes,
  ...webhookRoutes,
]

export const managementPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.addHook('onRequest', authenticate(services.app.accounts, { anonymous: false }))
  registerRoutes(fastify, managementRoutes, services)
}
