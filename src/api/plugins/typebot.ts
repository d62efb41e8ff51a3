// The Typebot-compatible API: Typebot's own paths and answer shapes over the same application, so that Typebot's
// embed client and integrations written for Typebot work unchanged. Anonymous chats on published bots are on by
// default here (TYPEBOT_PUBLIC_CHAT): every embed works that way.
import type { FastifyPluginAsync } from 'fastify'
import { authenticate } from '../auth.js'
import { limitAnonymousBody } from '../limits.js'
import { registerRoutes, type RouteDef, type Services } from '../route.js'
import { typebotChatRoutes } from '../routes/typebot/chat.js'
import { typebotUploadRoutes } from '../routes/typebot/uploads.js'
import { typebotWebhookRoutes } from '../routes/typebot/webhooks.js'

export const typebotRoutes: RouteDef[] = [...typebotChatRoutes, ...typebotUploadRoutes, ...typebotWebhookRoutes]

export const typebotPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.addHook('onRequest', authenticate(services.app.accounts, { anonymous: services.config.typebotPublicChat }))
  fastify.addHook('preParsing', limitAnonymousBody(services.config.http.anonymousBodyLimitBytes))
  registerRoutes(fastify, typebotRoutes, services)
}
