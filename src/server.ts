// Starts the whole service: store (migrated), admin token, HTTP server. Used by the CLI and by tests.
import { channelCredentialChecks } from './channels/credentialChecks.js'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import type { DestinationStream } from 'pino'
import { buildApp } from './api/app.js'
import { createMetrics, type Metrics } from './api/metrics.js'
import { createSites } from './api/sites.js'
import { createFiles } from './app/files.js'
import { createApp } from './app/index.js'
import { createLifecycle, type Lifecycle } from './app/lifecycle.js'
import { createSystemMail } from './app/systemMail.js'
import { createWebhookDispatcher } from './app/webhookDispatcher.js'
import { kinds } from './blocks/index.js'
import type { Config } from './config.js'
import { createFileStorage } from './runtime/files/index.js'
import { createRuntime } from './runtime/index.js'
import { createHttpClient, type HttpClient } from './runtime/http.js'
import { createRegexTester } from './runtime/regex.js'
import { createSandbox } from './runtime/sandbox/pool.js'
import { createMailer, hasServerSmtp, type Mailer } from './runtime/smtp.js'
import { parseAllowlist } from './runtime/ssrf.js'
import { makeDataPrivate } from './lib/privateFiles.js'
import { databaseOf, openStore, type Store } from './store/index.js'

export type RunningServer = {
  app: FastifyInstance
  store: Store
  metrics: Metrics
  lifecycle: Lifecycle
  /** Where it listens (any host name reaches the API there). */
  url: string
  /** The builder's origin (web app, management API with the session cookie) and the user content's (src/api/sites.ts). */
  builderUrl: string
  contentUrl: string
  close: () => Promise<void>
}

/**
 * Where the server logs (default: stdout); its metrics (webhook deliveries and purges are counted there too) when the
 * store was opened with their observers; `dispatchWebhooks: false` leaves webhook deliveries to other processes
 * (benchmarks counting a turn's statements).
 */
export type ServerOptions = {
  metrics?: Metrics
  logStream?: DestinationStream
  dispatchWebhooks?: boolean
  /** Where custom domains' HTTP challenges are fetched (tests: a loopback stand-in for a domain's DNS); default http://<domain>. */
  challengeOrigin?: (domain: string) => string
}

/** Outgoing HTTP calls timed and counted by purpose and outcome (the status class, or why there was no answer). */
const measuredHttp =
  (client: HttpClient, metrics: Metrics): HttpClient =>
  async (req) => {
    const started = performance.now()
    const outcome = await client(req)
    const label = outcome.ok ? `${Math.floor(outcome.status / 100)}xx` : outcome.reason
    metrics.outgoingCall(req.purpose ?? 'http', label, (performance.now() - started) / 1000)
    return outcome
  }

const measuredMailer =
  (mailer: Mailer, metrics: Metrics): Mailer =>
  async (message, smtp) => {
    const started = performance.now()
    const outcome = await mailer(message, smtp)
    metrics.outgoingCall('smtp', outcome.ok ? 'ok' : 'error', (performance.now() - started) / 1000)
    return outcome
  }

/**
 * The Fastify application on an open store: the engine's ports, the block kinds, the application layer, the API;
 * and the background work started with the server and stopped when it closes: the webhook dispatcher and the purge
 * of expired sessions.
 */
export const buildServer = async (
  config: Config,
  store: Store,
  { metrics = createMetrics(), logStream, dispatchWebhooks, challengeOrigin }: ServerOptions = {},
) => {
  const allowlist = parseAllowlist(config.httpAllowlist)
  const sandbox = await createSandbox(config.sandbox, metrics.sandboxObserver)
  const regex = createRegexTester()
  const http = measuredHttp(createHttpClient(allowlist), metrics)
  const runtime = createRuntime(sandbox, regex, http, measuredMailer(createMailer(config.smtp, allowlist), metrics))
  // Links in emails are on the builder's origin; file URLs on the user content's (known once listening when derived).
  const sites = createSites(config)
  const files = createFiles({
    storage: createFileStorage(config.files),
    uploads: store.fileUploads,
    settings: {
      publicUrl: sites.contentUrl,
      maxBytes: config.files.maxBytes,
      // Else the files app draws a key of its own: upload URLs then work on this process only.
      signingSecret: config.files.signingSecret ?? config.encryptionSecret ?? config.workerSecret,
    },
  })
  const mail = createSystemMail(runtime, hasServerSmtp(config.smtp))
  metrics.watchStore({ poolStats: store.poolStats })
  const parley = createApp({
    store,
    runtime,
    limits: config.turnLimits,
    kinds,
    files,
    mail,
    publicUrl: sites.builderUrl,
    signIn: config.signIn,
    // Every process agrees when a secret is configured (or the cluster's primary shared one); else this process only.
    previewSecret: config.encryptionSecret ?? config.workerSecret ?? randomBytes(32),
    credentialChecks: channelCredentialChecks(config),
    versionsKept: config.versionsKept,
    customDomains: {
      verification: config.customDomains.verification,
      siteHosts: () => ({ builder: new URL(sites.builderUrl()).hostname, content: new URL(sites.contentUrl()).hostname }),
      challengeOrigin,
    },
  })
  const app = await buildApp(parley, config, { metrics, logStream, sites })
  const dispatcher = createWebhookDispatcher({
    store,
    http: (req) => runtime.httpRequest(req),
    settings: config.webhooks,
    observer: (outcome, seconds) => metrics.webhookDelivered(outcome, seconds),
    onError: (err) => app.log.error({ err }, 'webhook dispatcher'),
  })
  if (dispatchWebhooks !== false) {
    parley.webhooks.onEvents(() => dispatcher.nudge())
    app.addHook('onReady', async () => dispatcher.start())
    app.addHook('onClose', () => dispatcher.stop())
  }
  app.addHook('onListen', async () => {
    const address = app.server.address()
    if (typeof address === 'object' && address) sites.listening(address.port)
  })
  const lifecycle = createLifecycle({ store, files, settings: config.lifecycle, log: app.log, onPurged: (removed) => metrics.purged(removed) })
  app.addHook('onReady', async () => lifecycle.start())
  app.addHook('onClose', () => Promise.all([sandbox.close(), regex.close(), lifecycle.stop()]).then(() => undefined))
  return { app, lifecycle, sites }
}

const hostOf = (host: string) => (host.includes(':') ? `[${host}]` : host)

/**
 * `migrate: false` when another process has brought the schema up to date (the primary of a cluster);
 * `dispatchWebhooks: false` leaves webhook deliveries to other processes.
 */
export const startServer = async (
  config: Config,
  options: Pick<ServerOptions, 'logStream' | 'dispatchWebhooks' | 'challengeOrigin'> & { migrate?: boolean } = {},
): Promise<RunningServer> => {
  const metrics = createMetrics()
  const database = databaseOf(config.databaseUrl)
  await makeDataPrivate({
    databaseFile: database.dialect === 'sqlite' ? database.target : undefined,
    filesDir: config.files.s3 ? undefined : config.files.directory,
  })
  const store = await openStore(config.databaseUrl, {
    encryptionSecret: config.encryptionSecret,
    poolSize: config.databasePoolSize,
    migrate: options.migrate,
    ...metrics.storeObserver,
  })
  if (config.adminToken) await store.accounts.ensureAdminToken(config.adminToken)
  const { app, lifecycle, sites } = await buildServer(config, store, {
    metrics,
    logStream: options.logStream,
    dispatchWebhooks: options.dispatchWebhooks,
    challengeOrigin: options.challengeOrigin,
  })
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    // The app first, as in close(): its plugins unsubscribe from the store's bus while it is still open.
    await app.close()
    await store.close()
    throw err
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = hostOf(config.host)
  return {
    app,
    store,
    metrics,
    lifecycle,
    url: `http://${host}:${port}`,
    builderUrl: sites.builderUrl(),
    contentUrl: sites.contentUrl(),
    async close() {
      await app.close()
      await store.close()
    },
  }
}
