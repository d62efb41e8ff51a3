// One log line per request at `info`, and the metrics taken per request: every request's latency by route template,
// chat turns (by surface, kind, outcome), turns in flight, error answers by code. In place of Fastify's own request
// logging: one line (not two), fields chosen here, no child logger and no serializers, so it costs one object and one
// write per request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { codeForStatus } from './errors.js'
import type { Metrics, TurnKind, TurnSurface } from './metrics.js'

/**
 * A Fastify route pattern as the API documents it: `/v1/bots/:publicId/startChat` → `/v1/bots/{publicId}/startChat`
 * (a parameter's regex left out); wildcards (static files, the web app's pages) stay `*`.
 */
const routeTemplate = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}')

/** The label of requests no route matched (404s, framework errors): one series per method and status, whatever the URL. */
const UNMATCHED_ROUTE = 'unmatched'

const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent'])

type Turn = { surface: TurnSurface; kind: TurnKind }

/** The chat turn routes (Fastify's patterns) and how their metrics are labelled. */
const turnRoutes = new Map<string, Turn>([
  ['/v1/bots/:publicId/startChat', { surface: 'chat_api', kind: 'start' }],
  ['/v1/sessions/:sessionId/continueChat', { surface: 'chat_api', kind: 'continue' }],
  ['/v1/bots/:botId/preview/startChat', { surface: 'preview', kind: 'start' }],
  ['/api/v1/typebots/:publicId/startChat', { surface: 'typebot_api', kind: 'start' }],
  ['/api/v1/sessions/:sessionId/continueChat', { surface: 'typebot_api', kind: 'continue' }],
  ['/api/v1/typebots/:botId/preview/startChat', { surface: 'preview', kind: 'start' }],
])

/** The ids a line may carry: path parameters of these names (all ids the service made, never user input). */
type Ids = { sessionId?: string; resultId?: string; botId?: string; publicId?: string; typebotId?: string }

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code of the answer, set by the error handlers (else derived from the status). */
    errorCode: string | null
    /** The session a start created (set from the route's answer), for the log line. */
    startedSessionId: string | null
    /** The turn this request is counted as while in flight (null: not a turn, or already counted). */
    openTurn: Turn | null
  }
}

export const registerRequestHooks = (fastify: FastifyInstance, metrics: Metrics) => {
  fastify.decorateRequest('errorCode', null)
  fastify.decorateRequest('startedSessionId', null)
  fastify.decorateRequest('openTurn', null)

  // Each route's histogram series, found from its config object (one per route, kept by Fastify for the server's
  // life): no string built per request.
  type RouteRequests = ReturnType<Metrics['routeRequests']>
  const byRoute = new WeakMap<object, RouteRequests>()
  const unmatched = metrics.routeRequests(UNMATCHED_ROUTE)
  const requestsOf = (config: { url?: string } | undefined): RouteRequests => {
    if (config?.url === undefined) return unmatched
    let series = byRoute.get(config)
    if (!series) byRoute.set(config, (series = metrics.routeRequests(routeTemplate(config.url))))
    return series
  }

  const closeTurn = (req: FastifyRequest) => {
    const turn = req.openTurn
    req.openTurn = null
    return turn
  }

  // Callback-style hooks: no promise per request.
  fastify.addHook('onRequest', (req, _reply, done) => {
    const turn = turnRoutes.get(req.routeOptions.url ?? '')
    if (turn) {
      req.openTurn = turn
      metrics.turnStarted()
    }
    done()
  })
  // A client that leaves mid-turn may never see its response finish: the turn leaves the in-flight gauge here.
  fastify.addHook('onRequestAbort', (req, done) => {
    if (closeTurn(req)) metrics.turnAborted()
    done()
  })
  fastify.addHook('onResponse', (req, reply, done) => {
    answered(req, reply)
    done()
  })

  const answered = (req: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode
    // The getter builds an object: read once.
    const route = req.routeOptions
    requestsOf(route.config as { url?: string } | undefined).answered(req.method, status, reply.elapsedTime / 1000)
    const code = status >= 400 ? (req.errorCode ?? codeForStatus(status)) : undefined
    if (code) metrics.errorAnswered(code)
    const turn = closeTurn(req)
    const params = req.params as Ids | undefined
    if (turn)
      metrics.turnEnded(turn.surface, turn.kind, code ?? 'ok', reply.elapsedTime / 1000, params?.sessionId ?? req.startedSessionId ?? undefined)
    // Skipped before building the line when info is off (the benchmarks run at warn).
    if (ABOVE_INFO.has(fastify.log.level)) return
    fastify.log.info(
      {
        reqId: req.id,
        method: req.method,
        route: route.url ?? null,
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        sessionId: params?.sessionId ?? req.startedSessionId ?? undefined,
        resultId: params?.resultId,
        botId: params?.botId ?? params?.typebotId,
        publicId: params?.publicId,
        code,
      },
      'request',
    )
  }
}
