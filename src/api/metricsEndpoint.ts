// `/metrics` in Prometheus' text format, served only when protected: on the API's port with METRICS_TOKEN as a
// bearer token, and/or on a listener of its own (METRICS_PORT, on METRICS_HOST) that serves nothing else. With
// neither set it answers 404, like any unknown path. Not an operation of the API: not in the OpenAPI document.
// In a cluster (`parley serve --workers N`) the primary alone serves METRICS_PORT, with the figures of all workers
// summed; a worker opens no listener, and its /metrics on the API port says where to scrape instead: each
// connection lands on some worker, so one worker's figures there would be a random share of the whole.
import cluster from 'node:cluster'
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { answerClusterPrimary, type Metrics } from './metrics.js'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether the request carries the token; compared as digests, in constant time whatever the lengths. */
const authorized = (req: IncomingMessage, token: string | undefined) => {
  if (token === undefined) return true
  const header = req.headers.authorization
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : ''
  return timingSafeEqual(digest(given), digest(token))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate metrics listener (METRICS_PORT), once listening. */
    metricsServer: Server | null
  }
}

const notFound = JSON.stringify({ code: 'not_found', message: 'No route GET /metrics.' })
const unauthorized = JSON.stringify({ code: 'unauthorized', message: 'This endpoint needs the metrics token (Authorization: Bearer …).' })
const inCluster = {
  code: 'not_found',
  message: "In a cluster (parley serve --workers N) /metrics is served by the primary on METRICS_PORT, with all workers' figures.",
}

/**
 * A listener serving only `/metrics` (with the token when one is set) on config's port and host, answering with
 * `collect()`; resolves once it listens, rejects when it cannot (the port is taken).
 */
export const listenForMetrics = async (config: Config['metrics'], collect: () => Promise<string>, contentType: string): Promise<Server> => {
  const server = createServer((req, res) => {
    const answer = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body)
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return answer(404, 'application/json', notFound)
    if (!authorized(req, config.token)) return answer(401, 'application/json', unauthorized)
    collect().then(
      (text) => answer(200, contentType, text),
      () => answer(500, 'application/json', JSON.stringify({ code: 'internal_error', message: 'Metrics could not be collected.' })),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  return server
}

/** Stops a metrics listener, dropping the scrapers' open connections. */
export const closeMetricsListener = async (server: Server) => {
  if (!server.listening) return
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

/** Registers `/metrics` on the API's server, and starts and stops the separate listener with it when configured. */
export const registerMetricsEndpoint = (fastify: FastifyInstance, metrics: Metrics, config: Config['metrics']) => {
  const { token, port } = config
  const worker = cluster.isWorker
  if (worker) answerClusterPrimary(metrics.registry)
  fastify.decorate('metricsServer', null)
  fastify.get('/metrics', async (req, reply) => {
    if (token === undefined) return reply.code(404).send(JSON.parse(notFound))
    if (!authorized(req.raw, token)) return reply.code(401).header('www-authenticate', 'Bearer').send(JSON.parse(unauthorized))
    if (worker) return reply.code(404).send(inCluster)
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
  if (port === undefined || worker) return

  // On ready rather than on listen: a port that cannot be taken fails the start instead of being only logged.
  fastify.addHook('onReady', async () => {
    fastify.metricsServer = await listenForMetrics(config, () => metrics.registry.metrics(), metrics.registry.contentType)
  })
  fastify.addHook('onClose', async () => {
    if (fastify.metricsServer) await closeMetricsListener(fastify.metricsServer)
  })
}

/** The address of a metrics listener, for start-up messages. */
export const metricsListenerUrl = (server: Server | null): string | undefined => {
  const address = server?.address()
  if (!address || typeof address !== 'object') return undefined
  return `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}/metrics`
}

/** Where /metrics is served, for the start-up message (`apiUrl`: where the API listens); undefined when it is off. */
export const metricsNotice = (fastify: FastifyInstance, config: Config['metrics'], apiUrl: string): string | undefined => {
  const places = [
    config.token !== undefined && `${apiUrl}/metrics (with the METRICS_TOKEN bearer token)`,
    metricsListenerUrl(fastify.metricsServer),
  ].filter(Boolean)
  return places.length ? `Metrics: ${places.join(' and ')}` : undefined
}
