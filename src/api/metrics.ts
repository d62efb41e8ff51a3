// Prometheus metrics (prom-client, in a registry of our own): what operators watch on a running server. Every label
// takes a value from a short fixed set (surfaces, error codes, outcomes); never an id, a URL or anything a user typed.
// The store and the runtime know nothing of this module: server.ts hands them the observer callbacks below.
// Every figure is this process's own: in a cluster (`parley serve --workers N`) the primary sums the workers' figures
// (cli/clusterMetrics.ts, with prom-client's aggregation), so no gauge may count something database-wide.
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { parleyVersion } from './openapi.js'

/** Where a chat turn came in: the v1 chat API, the Typebot-compatible API, or a preview start (either API). */
export type TurnSurface = 'chat_api' | 'typebot_api' | 'preview' | 'whatsapp' | 'telegram'
export type TurnKind = 'start' | 'continue'
export type WebhookOutcome = 'delivered' | 'retry' | 'failed'
/**
 * Why an outgoing HTTP call was made: a bot's HTTP request (and other blocks), an LLM provider, another service, an
 * outgoing webhook delivery (kept apart so that bots' figures are not mixed with the dispatcher's).
 */
export type HttpPurpose = 'http' | 'llm' | 'service' | 'webhook'
export type PoolStats = { total: number; idle: number; waiting: number }

/** A session counts as active when this process answered a turn of it within this window. */
export const ACTIVE_WINDOW_MS = 5 * 60_000
/** At most this many active sessions are remembered per process (the oldest are forgotten first). */
export const MAX_ACTIVE_SESSIONS = 100_000

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

export type Metrics = ReturnType<typeof createMetrics>
/** What the scrape-time gauges read from the store. */
export type MetricsStore = { poolStats(): PoolStats | undefined }

export const createMetrics = () => {
  const registry = new Registry()
  let store: MetricsStore | undefined
  // Session id → when this process last answered a turn of it. Re-inserted on each turn, so the Map's order is the
  // order of last turns: pruning walks from the oldest and stops at the first recent one.
  const lastTurns = new Map<string, number>()
  collectDefaultMetrics({ register: registry, prefix: 'parley_' })
  renameTotalGauges(registry)

  new Gauge({
    name: 'parley_build_info',
    help: 'Always 1; its labels say which Parley (package.json version) runs on which Node.js',
    labelNames: ['version', 'node'],
    // One value for a cluster, not the number of workers.
    aggregator: 'first',
    registers: [registry],
  })
    .labels(parleyVersion(), process.version)
    .set(1)

  const requestSeconds = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP requests from arrival to answer, by method, route template (unmatched: no route) and status code; _count is the number of requests',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })

  const turnSeconds = new Histogram({
    name: 'parley_chat_turn_duration_seconds',
    help: 'Chat turns (startChat, continueChat) from request to answer, by surface, kind and outcome (ok or the error code)',
    labelNames: ['surface', 'kind', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const turns = new Counter({
    name: 'parley_chat_turns_total',
    help: 'Chat turns answered successfully (starts and continues), by surface and kind',
    labelNames: ['surface', 'kind'],
    registers: [registry],
  })
  const starts = new Counter({
    name: 'parley_chat_starts_total',
    help: 'Chats started successfully, by surface',
    labelNames: ['surface'],
    registers: [registry],
  })
  const inFlight = new Gauge({
    name: 'parley_chat_turns_in_flight',
    help: 'Chat turns this process is serving right now',
    registers: [registry],
  })
  new Gauge({
    name: 'parley_chat_sessions_active',
    help: 'Chat sessions this process answered a turn of in the last 5 minutes (a cluster sums its workers)',
    registers: [registry],
    collect() {
      const since = Date.now() - ACTIVE_WINDOW_MS
      for (const [id, at] of lastTurns) {
        if (at >= since) break
        lastTurns.delete(id)
      }
      this.set(lastTurns.size)
    },
  })
  const errors = new Counter({
    name: 'parley_http_errors_total',
    help: 'Error answers of the HTTP API, by error code',
    labelNames: ['code'],
    registers: [registry],
  })
  const poolWaiting = new Gauge({
    name: 'parley_db_pool_waiting_requests',
    help: 'Queries waiting for a PostgreSQL pool connection',
    registers: [registry],
  })
  // Read at scrape time (collect): no other reference needed.
  new Gauge({
    name: 'parley_db_pool_connections',
    help: 'PostgreSQL pool connections of this process, by state (in_use, idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = store?.poolStats()
      if (!stats) return
      this.labels('in_use').set(stats.total - stats.idle)
      this.labels('idle').set(stats.idle)
      poolWaiting.set(stats.waiting)
    },
  })
  const poolWait = new Histogram({
    name: 'parley_db_pool_wait_seconds',
    help: 'Time to obtain a PostgreSQL pool connection',
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  })
  const groupCommit = new Histogram({
    name: 'parley_db_group_commit_turns',
    help: 'Chat turns written per SQLite transaction (group commit)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  })
  const sandboxCalls = new Counter({
    name: 'parley_sandbox_evaluations_total',
    help: 'Bot JavaScript run in the sandbox, by operation (evaluate, script) and outcome (ok, error, timeout, memory)',
    labelNames: ['op', 'outcome'],
    registers: [registry],
  })
  const sandboxRestarts = new Counter({
    name: 'parley_sandbox_worker_restarts_total',
    help: 'Sandbox workers terminated and replaced, by reason (timeout, memory, broken)',
    labelNames: ['reason'],
    registers: [registry],
  })
  const outgoing = new Histogram({
    name: 'parley_outgoing_request_duration_seconds',
    help: "Outgoing calls (bots' HTTP, LLM and service requests; webhook deliveries; emails), by purpose and outcome; _count is the number of calls",
    labelNames: ['purpose', 'outcome'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  })
  const webhookDeliveries = new Counter({
    name: 'parley_webhook_deliveries_total',
    help: 'Outgoing webhook delivery attempts, by outcome (delivered, retry, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  })
  const webhookSeconds = new Histogram({
    name: 'parley_webhook_delivery_seconds',
    help: 'Duration of outgoing webhook delivery attempts',
    labelNames: ['outcome'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  })

  const purged = new Counter({
    name: 'parley_purged_total',
    help: 'Rows and files removed by the purge of expired sessions, by kind (sessions, snapshots, files)',
    labelNames: ['kind'],
    registers: [registry],
  })

  // The children of each label set, looked up once: prom-client hashes the labels on every `labels()` call.
  const turnSeries = new Map<
    string,
    { seconds: ReturnType<typeof turnSeconds.labels>; ok?: ReturnType<typeof turns.labels>; start?: ReturnType<typeof starts.labels> }
  >()

  return {
    registry,

    /**
     * The request histogram of one route (`template` as the route is documented, e.g. `/v1/bots/{publicId}/startChat`,
     * or `unmatched`): keep it per route, its series are looked up once per method and status.
     */
    routeRequests(template: string) {
      const byMethod = new Map<string, Map<number, ReturnType<typeof requestSeconds.labels>>>()
      return {
        answered(method: string, status: number, seconds: number) {
          let byStatus = byMethod.get(method)
          if (!byStatus) byMethod.set(method, (byStatus = new Map()))
          let series = byStatus.get(status)
          if (!series) byStatus.set(status, (series = requestSeconds.labels(method, template, String(status))))
          series.observe(seconds)
        },
      }
    },

    turnStarted: () => inFlight.inc(),
    /** A turn whose client left before its answer: out of the in-flight gauge, not in the histogram. */
    turnAborted: () => inFlight.dec(),
    /**
     * A turn answered: `outcome` is 'ok' or the error code of its answer ('conflict', 'not_found', …); `sessionId`,
     * when known, makes the session active.
     */
    turnEnded(surface: TurnSurface, kind: TurnKind, outcome: string, seconds: number, sessionId?: string) {
      inFlight.dec()
      const key = `${surface} ${kind} ${outcome}`
      let series = turnSeries.get(key)
      if (!series) {
        series = {
          seconds: turnSeconds.labels(surface, kind, outcome),
          ok: outcome === 'ok' ? turns.labels(surface, kind) : undefined,
          start: outcome === 'ok' && kind === 'start' ? starts.labels(surface) : undefined,
        }
        turnSeries.set(key, series)
      }
      series.seconds.observe(seconds)
      series.ok?.inc()
      series.start?.inc()
      if (sessionId === undefined || outcome !== 'ok') return
      lastTurns.delete(sessionId)
      lastTurns.set(sessionId, Date.now())
      // Bounded whatever the scrape rate: past the limit the least recent session is forgotten.
      if (lastTurns.size > MAX_ACTIVE_SESSIONS) lastTurns.delete(lastTurns.keys().next().value as string)
    },
    errorAnswered: (code: string) => errors.labels(code).inc(),

    /** Callbacks for openStore: group-commit batch sizes and connection waits (PostgreSQL). */
    storeObserver: {
      onGroupCommit: (turns: number) => groupCommit.observe(turns),
      onPoolWait: (seconds: number) => poolWait.observe(seconds),
    },
    /** Callbacks for createSandbox. */
    sandboxObserver: {
      onCall: (op: 'evaluate' | 'script', outcome: 'ok' | 'error' | 'timeout' | 'memory') => sandboxCalls.labels(op, outcome).inc(),
      onRestart: (reason: 'timeout' | 'memory' | 'broken') => sandboxRestarts.labels(reason).inc(),
    },
    outgoingCall: (purpose: HttpPurpose | 'smtp', outcome: string, seconds: number) => outgoing.labels(purpose, outcome).observe(seconds),
    webhookDelivered(outcome: WebhookOutcome, seconds: number) {
      webhookDeliveries.labels(outcome).inc()
      webhookSeconds.labels(outcome).observe(seconds)
    },
    /** What one run of the session purge removed. */
    purged(removed: { sessions: number; snapshots: number; files: number }) {
      for (const [kind, n] of Object.entries(removed)) if (n) purged.labels(kind).inc(n)
    },

    /** The pool gauges, read from the store at scrape time (PostgreSQL; SQLite has one connection and reports none). */
    watchStore(source: MetricsStore) {
      store = source
    },
  }
}

/**
 * prom-client's default metrics include three gauges named `…_total` (active handles, requests and resources), a
 * suffix Prometheus keeps for counters (promtool rejects them). They are served as `…_all` instead, same figures.
 */
const renameTotalGauges = (registry: Registry) => {
  for (const what of ['handles', 'requests', 'resources']) {
    const name = `parley_nodejs_active_${what}_total`
    const original = registry.getSingleMetric(name)
    if (!original) continue // Not every Node version has all three.
    registry.removeSingleMetric(name)
    new Gauge({
      name: `parley_nodejs_active_${what}_all`,
      help: `Active ${what} of this process, all types together (parley_nodejs_active_${what} has them by type)`,
      registers: [registry],
      async collect() {
        const { values } = await original.get()
        this.set(values[0]?.value ?? 0)
      },
    })
  }
}

/** In a cluster worker: answers the primary's requests for this registry's figures (over the cluster's IPC channel). */
export const answerClusterPrimary = (registry: Registry) => {
  AggregatorRegistry.setRegistries([registry])
  // Constructing one is what makes prom-client listen for the primary's requests in this process.
  new AggregatorRegistry()
}
