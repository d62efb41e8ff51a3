// `parley serve --workers N`: a node:cluster primary that migrates the database once, then runs N server processes
// on one port (the primary accepts connections and hands them out in turn), replaces a worker that dies, and stops
// them all on SIGTERM/SIGINT. The primary serves no API itself; it serves METRICS_PORT, with the workers' figures
// summed (each worker counts only what it served; clusterMetrics.ts).
import cluster, { type Worker } from 'node:cluster'
import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { closeMetricsListener, listenForMetrics, metricsListenerUrl } from '../api/metricsEndpoint.js'
import type { Config } from '../config.js'
import { databaseOf, openStore } from '../store/index.js'
import { clusterScrape } from './clusterMetrics.js'

/** Why this configuration cannot run several workers, if it cannot. */
export const clusterRefusal = (config: Config, workers: number): string | undefined =>
  workers > 1 && databaseOf(config.databaseUrl).dialect === 'sqlite'
    ? `${workers} workers need PostgreSQL (DATABASE_URL=postgres://…). On SQLite one process must do the writing: ` +
      'each worker would hold its own write batches and wait on the others\u2019 locks. Run one worker (PARLEY_WORKERS=1), ' +
      'which already batches the writes of many chats, or move to PostgreSQL.'
    : undefined

/** First restart of a worker that died, doubled at each death in a row up to the maximum. */
const RESTART_DELAY_MS = 500
const MAX_RESTART_DELAY_MS = 30_000
/** A worker that ran this long before dying starts the back-off over. */
const STABLE_AFTER_MS = 60_000
/** Workers still running this long after SIGTERM are killed. */
const STOP_TIMEOUT_MS = 30_000

/**
 * Runs `workers` server processes on config's port and resolves with the address (and the metrics listener's, when
 * METRICS_PORT is set) once all of them listen; the process then lives until a signal stops the workers (and exits).
 * Rejects when a worker dies before it first listened (the port is taken, the configuration is wrong: its own error
 * is in the log above), or when the metrics port cannot be taken.
 */
export const serveWorkers = async (config: Config, workers: number): Promise<{ url: string; metricsUrl?: string }> => {
  const refusal = clusterRefusal(config, workers)
  if (refusal) throw new Error(refusal)
  const log = pino({ level: config.logLevel })

  // Once, before any worker: workers then start without migrating (and without racing each other to).
  const store = await openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret, poolSize: 1 })
  try {
    if (config.adminToken) await store.accounts.ensureAdminToken(config.adminToken)
  } finally {
    await store.close()
  }
  const slots: { worker?: Worker; listening: boolean; startedAt: number; deaths: number; timer?: NodeJS.Timeout }[] = []
  // Before any worker, so that a metrics port that is taken fails the start at once.
  const scrape = config.metrics.port === undefined ? undefined : clusterScrape(() => slots)
  const metricsServer = scrape && (await listenForMetrics(config.metrics, scrape.collect, scrape.contentType))

  // What one worker signs (OpenID Connect cookies, upload URLs) must be accepted by the others: when no configured
  // secret keys it, the primary draws one for all of them (a restart of the whole cluster still changes it).
  const env = { PARLEY_WORKER_SECRET: config.workerSecret ?? randomBytes(32).toString('hex') }
  let stopping = false
  let started = false

  const fork = (slot: number) => {
    const entry = slots[slot]
    entry.timer = undefined
    entry.startedAt = Date.now()
    entry.listening = false
    entry.worker = cluster.fork(env)
    const worker = entry.worker
    worker.on('exit', (code, signal) => {
      if (entry.worker === worker) Object.assign(entry, { worker: undefined, listening: false })
      if (stopping) return
      const how = signal ? `signal ${signal}` : `code ${code}`
      if (!started) return fail(new Error(`A worker exited (${how}) before it listened on port ${config.port}.`))
      const lived = Date.now() - entry.startedAt
      entry.deaths = lived >= STABLE_AFTER_MS ? 1 : entry.deaths + 1
      const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (entry.deaths - 1))
      log.error({ worker: worker.process.pid, exit: how, ranMs: lived, restartInMs: delay }, 'worker died; starting another')
      entry.timer = setTimeout(() => fork(slot), delay)
    })
    worker.on('listening', () => {
      if (entry.worker === worker) entry.listening = true
      log.info({ worker: worker.process.pid }, 'worker listening')
    })
  }

  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal} received, stopping ${workers} workers`)
    const running = slots.flatMap((s) => {
      clearTimeout(s.timer)
      return s.worker && !s.worker.isDead() ? [s.worker] : []
    })
    const kill = setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL')
    }, STOP_TIMEOUT_MS)
    Promise.all(running.map((worker) => new Promise((resolve) => worker.once('exit', resolve)))).then(() => {
      clearTimeout(kill)
      process.exit(0)
    })
    for (const worker of running) worker.process.kill('SIGTERM')
  }

  let fail: (err: Error) => void = () => {}
  const listening = new Promise<number>((resolve, reject) => {
    fail = (err) => {
      stopping = true
      for (const s of slots) s.worker?.process.kill('SIGTERM')
      if (metricsServer) void closeMetricsListener(metricsServer)
      reject(err)
    }
    let count = 0
    const onListening = (_worker: Worker, address: { port: number }) => {
      if (++count < workers) return
      cluster.off('listening', onListening)
      resolve(address.port)
    }
    cluster.on('listening', onListening)
  })
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  for (let i = 0; i < workers; i++) {
    slots.push({ listening: false, startedAt: 0, deaths: 0 })
    fork(i)
  }
  const port = await listening
  started = true
  const metricsUrl = metricsListenerUrl(metricsServer ?? null)
  log.info({ workers, metrics: metricsUrl }, `Parley listening on port ${port} with ${workers} workers`)
  return { url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`, metricsUrl }
}

/** In a worker: a primary that is gone (killed without its SIGTERM handler) takes its workers with it. */
export const stopWithPrimary = (shutdown: (reason: string) => void) => {
  if (cluster.isWorker) process.on('disconnect', () => shutdown('primary gone'))
}
