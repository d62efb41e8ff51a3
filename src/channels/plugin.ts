// The messaging channels' webhooks: no bearer token (each channel checks its app's own proof), bodies read raw so
// that signatures are checked on the bytes sent. The contacts' messages are handled in the background by the
// server's one runner (`registerConversationRunner`), which it waits for when it closes.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { App } from '../app/index.js'
import { registerRoutes, type RouteDef, type Services } from '../api/route.js'
import { type ConversationRunner, createConversationRunner, type TurnObserver } from './conversation.js'
import type { Config } from '../config.js'
import { telegramManagementRoutes, telegramResumeOutbox, telegramWebhookRoutes } from './telegram/routes.js'
import { whatsAppManagementRoutes, whatsAppResumeOutbox, whatsAppWebhookRoutes } from './whatsapp/routes.js'

declare module 'fastify' {
  interface FastifyInstance {
    conversationRunner: ConversationRunner
  }
}

/** How long shutdown waits for contacts' messages being answered. */
const DRAIN_MS = 10_000

export const channelWebhookRoutes: RouteDef[] = [...whatsAppWebhookRoutes, ...telegramWebhookRoutes]
/** Set-up operations, served by the management API (signed-in callers). */
export const channelManagementRoutes = [...whatsAppManagementRoutes, ...telegramManagementRoutes] as RouteDef[]

/** The runner of contacts' messages, on the root instance (so that tests and shutdown reach it). */
export const registerConversationRunner = (fastify: FastifyInstance, app: App, config: Config, metrics: TurnObserver) => {
  const runner = createConversationRunner({
    conversations: app.conversations,
    log: fastify.log,
    metrics,
    outboxOf: (via, workspaceId, sessionId) =>
      (via.channel === 'whatsApp' ? whatsAppResumeOutbox : telegramResumeOutbox)(app, config, workspaceId, via.credentialsId, sessionId),
  })
  fastify.decorate('conversationRunner', runner)
  // Before anything closes (the sandbox, the database): the chats being answered need them.
  fastify.addHook('preClose', () => runner.drain(DRAIN_MS))
}

export const channelsPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  registerRoutes(fastify, channelWebhookRoutes, services)
}
