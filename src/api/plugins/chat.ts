// The chat API: preview, start, continue, streamMessage, webhook delivery, file uploads and stored files. Routes marked `optional` take
// anonymous callers when the operator opened chats to them (PUBLIC_CHAT, for bots embedded in web pages).
import type { FastifyPluginAsync } from 'fastify'
import { authenticate } from '../auth.js'
import { limitAnonymousBody } from '../limits.js'
import { registerRoutes, type RouteDef, type Services } from '../route.js'
import { chatRoutes } from '../routes/chat.js'
import { storedFileRoutes, storedFilesPlugin, uploadRoutes } from '../routes/files.js'
import { streamRoutes } from '../routes/stream.js'
import { templateChatRoutes } from '../routes/templates.js'

export const chatApiRoutes: RouteDef[] = [...chatRoutes, ...templateChatRoutes, ...streamRoutes, ...uploadRoutes, ...storedFileRoutes]

export const chatPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.addHook('onRequest', authenticate(services.app.accounts, { anonymous: services.config.publicChat }))
  fastify.addHook('preParsing', limitAnonymousBody(services.config.http.anonymousBodyLimitBytes))
  registerRoutes(fastify, [...chatRoutes, ...templateChatRoutes, ...streamRoutes, ...uploadRoutes], services)
  // Stored files take raw bodies: their own content-type parsing, in a plugin of their own.
  await fastify.register(storedFilesPlugin, services)
}
