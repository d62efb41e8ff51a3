// The management API: sign-in, the caller's account, workspaces, members, invitations, credentials, folders, bots,
// results and webhooks. Routes need a bearer token or a browser session (on the builder's origin), but for the
// sign-in routes and reading an invitation by its link's token.
import type { FastifyPluginAsync } from 'fastify'
import { authenticate } from '../auth.js'
import { registerRoutes, type RouteDef, type Services } from '../route.js'
import { authRoutes } from '../routes/auth.js'
import { botRoutes } from '../routes/bots.js'
import { botPublishingRoutes } from '../routes/botPublishing.js'
import { botVersionRoutes } from '../routes/botVersions.js'
import { customDomainRoutes } from '../routes/customDomains.js'
import { credentialsRoutes } from '../routes/credentials.js'
import { folderRoutes } from '../routes/folders.js'
import { templateRoutes } from '../routes/templates.js'
import { themeTemplateRoutes } from '../routes/themeTemplates.js'
import { invitationRoutes } from '../routes/invitations.js'
import { meRoutes } from '../routes/me.js'
import { previewTokenRoutes } from '../routes/previewTokens.js'
import { resultRoutes } from '../routes/results.js'
import { webhookRoutes } from '../routes/webhooks.js'
import { workspaceRoutes } from '../routes/workspaces.js'
import { channelManagementRoutes } from '../../channels/plugin.js'

/** Routes that set or end the browser session: on the builder's origin only, and written to from its pages only. */
const onBuilder = (routes: RouteDef[]) => routes.map((route): RouteDef => ({ ...route, site: 'builder' }))

export const managementRoutes: RouteDef[] = [
  ...onBuilder(authRoutes),
  ...meRoutes,
  ...workspaceRoutes,
  ...invitationRoutes,
  ...credentialsRoutes,
  ...folderRoutes,
  ...themeTemplateRoutes,
  ...botRoutes,
  ...templateRoutes,
  ...botPublishingRoutes,
  ...botVersionRoutes,
  ...customDomainRoutes,
  ...previewTokenRoutes,
  ...resultRoutes,
  ...webhookRoutes,
  ...channelManagementRoutes,
]

export const managementPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.addHook('onRequest', authenticate(services.app.accounts, { anonymous: false, cookies: services.sites.builderUrl }))
  registerRoutes(fastify, managementRoutes, services)
}
