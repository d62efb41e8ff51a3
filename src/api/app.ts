// Builds the Fastify application: error shape, the API surfaces (one plugin each, registered according to
// PARLEY_API), health, the OpenAPI document and docs page.
import { createHmac, randomBytes } from 'node:crypto'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify'
import type { DestinationStream } from 'pino'
import type { App } from '../app/index.js'
import type { Config } from '../config.js'
import { ID_MAX_LENGTH } from '../contract/api.js'
import { handleError, handleFrameworkError } from './errors.js'
import { registerCors } from './cors.js'
import { capConnectionsPerAddress } from './limits.js'
import { createMetrics, type Metrics } from './metrics.js'
import { registerMetricsEndpoint } from './metricsEndpoint.js'
import { buildOpenApiDocument, servedDocument } from './openapi.js'
import { chatApiRoutes, chatPlugin } from './plugins/chat.js'
import { managementPlugin, managementRoutes } from './plugins/management.js'
import { realtimePlugin } from './plugins/realtime.js'
import { typebotPlugin, typebotRoutes } from './plugins/typebot.js'
import { webPlugin } from './plugins/web.js'
import { channelsPlugin, channelWebhookRoutes, registerConversationRunner } from '../channels/plugin.js'
import { registerRequestHooks } from './requestHooks.js'
import { numberArrivals } from './chatArrivals.js'
import { registerRoutes, type RouteDef, type Services } from './route.js'
import { createSites, registerSites, type Sites } from './sites.js'
import { healthRoutes } from './routes/health.js'
import { customDomainAskRoutes } from './routes/customDomains.js'

/** The API surfaces and the PARLEY_API values that serve them. */
const surfaces: { serves: Config['api'][]; plugin: FastifyPluginAsync<Services>; routes: RouteDef[] }[] = [
  { serves: ['all', 'management'], plugin: managementPlugin, routes: managementRoutes },
  { serves: ['all', 'chat'], plugin: chatPlugin, routes: chatApiRoutes },
  // The Typebot-compatible API (Typebot's paths and answer shapes, for its embed client and existing integrations).
  { serves: ['all', 'chat'], plugin: typebotPlugin, routes: typebotRoutes },
  // Messaging channels' webhooks (WhatsApp on Typebot's paths, Telegram): src/channels/.
  { serves: ['all', 'chat'], plugin: channelsPlugin, routes: channelWebhookRoutes },
]

/** Every operation, whichever this process serves: the OpenAPI document lists them all. */
export const allRoutes: RouteDef[] = [...healthRoutes, ...customDomainAskRoutes, ...surfaces.flatMap((s) => s.routes)]

/** What Node's HTTP parser refused, as an answer in our error shape (it never reached a route). */
const clientErrorAnswer = (err: NodeJS.ErrnoException): [number, string, string, string] =>
  err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ? [408, 'Request Timeout', 'bad_request', 'The request was not received in time.']
    : err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'Request headers are too large.']
      : [400, 'Bad Request', 'bad_request', 'Malformed HTTP request.']

/**
 * `metrics`: the server's (the store and runtime report to it); `logStream`: where logs go instead of stdout;
 * `sites`: the builder's and the user content's origins (told the port once listening).
 */
export const buildApp = async (
  app: App,
  config: Config,
  { metrics = createMetrics(), logStream, sites = createSites(config) }: { metrics?: Metrics; logStream?: DestinationStream; sites?: Sites } = {},
): Promise<FastifyInstance> => {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs } = config.http
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
      ...(logStream && { stream: logStream }),
    },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    // Longer path parameters answer 414: the id schemas use the same limit, so every id the API accepts is routable.
    // `//api/…` routes like `/api/…`: Typebot's client joins its `apiHost` and paths without trimming slashes.
    routerOptions: { maxParamLength: ID_MAX_LENGTH, ignoreDuplicateSlashes: true },
    // Fastify's two lines per request are replaced by one of ours (requestHooks.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Keep-alive connections are closed on shutdown instead of holding it up.
    forceCloseConnections: true,
    // A client that sends its headers or body slowly (or not at all) is disconnected instead of holding a
    // connection forever. The request timeout ends once the request is received: chat turns have their own budget.
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Node checks those timeouts every 30 s by default: a timeout would then last up to 30 s longer.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    // Requests Node's HTTP parser refuses (unknown methods, broken headers, timeouts) still answer in our error shape.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy()
      const [status, reason, code, message] = clientErrorAnswer(err)
      const body = JSON.stringify({ code, message })
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    },
    // Errors Fastify raises before routing (a URL that does not decode, …) too.
    frameworkErrors: handleFrameworkError,
  })

  capConnectionsPerAddress(fastify.server, config.http.maxConnectionsPerIp)
  fastify.setErrorHandler(handleError)
  // The caller, set by each plugin's auth hook; declared up front so every request object has the same shape.
  fastify.decorateRequest('user', null)
  fastify.decorateRequest('authSession', null)
  fastify.decorateRequest('arrival', null)
  registerRequestHooks(fastify, metrics)
  numberArrivals(fastify, app.chats)
  registerConversationRunner(fastify, app, config, metrics)
  registerSites(fastify, sites)
  fastify.setNotFoundHandler((req, reply) => reply.code(404).send({ code: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}.` }))

  const document = buildOpenApiDocument(allRoutes)
  const served = servedDocument(document, allRoutes, () => ({ builder: sites.builderUrl(), content: sites.contentUrl() }))
  await fastify.register(swagger, { mode: 'static', specification: { document: document as any } })
  // The docs page shows each operation's description and example values, its parts served from node_modules: the
  // policy keeps the browser from loading anything from elsewhere (no CDN, no online validator).
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    theme: { title: 'Parley API docs' },
    uiConfig: {
      layout: 'BaseLayout',
      docExpansion: 'list',
      defaultModelRendering: 'example',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      filter: true,
      tryItOutEnabled: false,
    },
    // The document with this server's addresses, as /v1/openapi.json serves it (a new object, never changed: no copy needed).
    transformSpecification: () => served(),
    transformSpecificationClone: false,
    staticCSP:
      "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'",
  })
  fastify.get('/v1/openapi.json', async () => served())
  registerMetricsEndpoint(fastify, metrics, config.metrics)

  // Signed cookies carry the OpenID Connect state across the provider's redirect. Their key comes from
  // ENCRYPTION_SECRET (every process agrees), else from the cluster's primary (its workers agree), else from this
  // process only (a restart fails sign-ins in progress).
  const sharedSecret = config.encryptionSecret ?? config.workerSecret
  const cookieSecret = sharedSecret ? createHmac('sha256', sharedSecret).update('parley cookies').digest() : randomBytes(32)
  await fastify.register(cookie, { secret: cookieSecret })
  await registerCors(fastify)
  const services: Services = { app, config, sites }
  registerRoutes(fastify, [...healthRoutes, ...customDomainAskRoutes], services)
  for (const surface of surfaces) if (surface.serves.includes(config.api)) await fastify.register(surface.plugin, services)
  // The sockets Typebot's embed client waits on for webhook deliveries (not an HTTP operation: not in OpenAPI).
  if (config.api !== 'management') await fastify.register(realtimePlugin, services)
  // Pages for browsers: home, hosted bot pages and the widget's script (HTML and JavaScript: not in OpenAPI).
  await fastify.register(webPlugin, services)
  return fastify
}
