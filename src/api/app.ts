// Builds the Fastify application: error shape, routes, OpenAPI document and docs page.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify'
import type { Config } from '../config.js'
import type { ChatService } from '../chat/service.js'
import type { Store } from '../store/index.js'
import { createAuthenticator } from './auth.js'
import { ApiError, codeForStatus } from './errors.js'
import { buildOpenApiDocument } from './openapi.js'
import { registerRoutes, type RouteDef } from './route.js'
import { botRoutes } from './routes/bots.js'
import { chatRoutes } from './routes/chat.js'
import { credentialsRoutes } from './routes/credentials.js'
import { resultRoutes } from './routes/results.js'
import { streamRoutes } from './routes/stream.js'
import { healthRoutes } from './routes/health.js'
import { workspaceRoutes } from './routes/workspaces.js'

export const allRoutes: RouteDef[] = [...healthRoutes, ...workspaceRoutes, ...credentialsRoutes, ...botRoutes, ...resultRoutes, ...chatRoutes, ...streamRoutes]

export const buildApp = async (store: Store, config: Config, chat: ChatService): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    // Per-request lines only at debug level: at info they would dominate the log of a busy chat server.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // Keep-alive connections are closed on shutdown instead of holding it up.
    forceCloseConnections: true,
    // Requests Node's HTTP parser refuses (unknown methods, broken headers) still answer in our error shape.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy()
      const body = JSON.stringify({ code: 'bad_request', message: 'Malformed HTTP request.' })
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
      void err
    },
    // Errors Fastify raises before routing (a URL that does not decode, …) too.
    frameworkErrors: (err, _req, reply) => {
      const status = typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400
      void (reply as FastifyReply).code(status).send({ code: codeForStatus(status), message: err.message })
    },
  })
  const auth = createAuthenticator(store)

  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.statusCode).send(err.toJSON())
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status < 500) return reply.code(status).send({ code: codeForStatus(status), message: err.message })
    req.log.error({ err }, 'unhandled error')
    return reply.code(500).send({ code: 'internal_error', message: 'Internal error. The request id helps the operator find the cause in the logs.', requestId: req.id })
  })
  // When the request arrived: chat turns use it to recognise requests that raced another turn.
  app.addHook('onRequest', async (req) => {
    ;(req as typeof req & { receivedAt?: number }).receivedAt = Date.now()
  })
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ code: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}.` }),
  )

  const document = buildOpenApiDocument(allRoutes)
  await app.register(swagger, { mode: 'static', specification: { document: document as any } })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get('/v1/openapi.json', async () => document)

  registerRoutes(app, allRoutes, { store, config, auth, chat })
  return app
}
