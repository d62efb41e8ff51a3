// Starts the whole service: store (migrated), admin token, HTTP server. Used by the CLI and by tests.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './api/app.js'
import { createFiles } from './app/files.js'
import { createApp } from './app/index.js'
import { createLifecycle, type Lifecycle, type Removed } from './app/lifecycle.js'
import { createSystemMail } from './app/systemMail.js'
import { createWebhookDispatcher, type DeliveryObserver } from './app/webhookDispatcher.js'
import { kinds } from './blocks/index.js'
import type { Config } from './config.js'
import { createFileStorage } from './runtime/files/index.js'
import { createRuntime } from './runtime/index.js'
import { createHttpClient } from './runtime/http.js'
import { createRegexTester } from './runtime/regex.js'
import { createSandbox } from './runtime/sandbox/pool.js'
import { createMailer, hasServerSmtp } from './runtime/smtp.js'
import { parseAllowlist } from './runtime/ssrf.js'
import { openStore, type Store } from './store/index.js'

export type RunningServer = { app: FastifyInstance; store: Store; lifecycle: Lifecycle; url: string; close: () => Promise<void> }

/** What the server reports to whoever watches it (metrics), and whether this process delivers webhooks. */
export type ServerOptions = {
  webhookObserver?: DeliveryObserver
  onPurged?: (removed: Removed) => void
  /** false: webhook deliveries are left to other processes (benchmarks counting a turn's statements). */
  dispatchWebhooks?: boolean
}

/**
 * The Fastify application on an open store: the engine's ports, the block kinds, the application layer, the API;
 * and the background work started with the server and stopped when it closes: the webhook dispatcher and the purge
 * of expired sessions.
 */
export const buildServer = async (config: Config, store: Store, options: ServerOptions = {}) => {
  const allowlist = parseAllowlist(config.httpAllowlist)
  const sandbox = await createSandbox(config.sandbox)
  const regex = createRegexTester()
  const runtime = createRuntime(sandbox, regex, createHttpClient(allowlist), createMailer(config.smtp, allowlist))
  // File URLs are absolute: on the configured public address, else on the address the server listens on.
  let publicUrl = config.files.publicUrl ?? `http://${hostOf(config.host)}:${config.port}`
  const files = createFiles({
    storage: createFileStorage(config.files),
    settings: {
      publicUrl: () => publicUrl,
      maxBytes: config.files.maxBytes,
      // Else the files app draws a key of its own: upload URLs then work on this process only.
      signingSecret: config.files.signingSecret ?? config.encryptionSecret ?? config.workerSecret,
    },
  })
  const mail = createSystemMail(runtime, hasServerSmtp(config.smtp))
  const parley = createApp({ store, runtime, limits: config.turnLimits, kinds, files, mail, publicUrl: () => publicUrl, signIn: config.signIn })
  const app = await buildApp(parley, config)
  const dispatcher = createWebhookDispatcher({
    store,
    http: (req) => runtime.httpRequest(req),
    settings: config.webhooks,
    observer: options.webhookObserver,
    onError: (err) => app.log.error({ err }, 'webhook dispatcher'),
  })
  if (options.dispatchWebhooks !== false) {
    parley.webhooks.onEvents(() => dispatcher.nudge())
    app.addHook('onReady', async () => dispatcher.start())
    app.addHook('onClose', () => dispatcher.stop())
  }
  app.addHook('onListen', async () => {
    const address = app.server.address()
    if (!config.files.publicUrl && typeof address === 'object' && address) publicUrl = `http://${hostOf(address.address)}:${address.port}`
  })
  const lifecycle = createLifecycle({ store, files, settings: config.lifecycle, log: app.log, onPurged: options.onPurged })
  app.addHook('onReady', async () => lifecycle.start())
  app.addHook('onClose', () => Promise.all([sandbox.close(), regex.close(), lifecycle.stop()]).then(() => undefined))
  return { app, lifecycle }
}

const hostOf = (host: string) => (host.includes(':') ? `[${host}]` : host)

/** `migrate: false` when another process has brought the schema up to date (the primary of a cluster). */
export const startServer = async (config: Config, options: ServerOptions & { migrate?: boolean } = {}): Promise<RunningServer> => {
  const store = await openStore(config.databaseUrl, {
    encryptionSecret: config.encryptionSecret,
    poolSize: config.databasePoolSize,
    migrate: options.migrate,
  })
  if (config.adminToken) await store.accounts.ensureAdminToken(config.adminToken)
  const { app, lifecycle } = await buildServer(config, store, options)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await Promise.all([app.close(), store.close()])
    throw err
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = hostOf(config.host)
  return {
    app,
    store,
    lifecycle,
    url: `http://${host}:${port}`,
    async close() {
      await app.close()
      await store.close()
    },
  }
}
