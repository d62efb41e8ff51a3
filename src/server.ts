// Starts the whole service: store (migrated), admin token, HTTP server. Used by the CLI and by tests.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './api/app.js'
import { createApp } from './app/index.js'
import { kinds } from './blocks/index.js'
import type { Config } from './config.js'
import { createRuntime } from './runtime/index.js'
import { createHttpClient } from './runtime/http.js'
import { createRegexTester } from './runtime/regex.js'
import { createSandbox } from './runtime/sandbox/pool.js'
import { createMailer } from './runtime/smtp.js'
import { parseAllowlist } from './runtime/ssrf.js'
import { openStore, type Store } from './store/index.js'

export type RunningServer = { app: FastifyInstance; store: Store; url: string; close: () => Promise<void> }

/** The Fastify application on an open store: the engine's ports, the block kinds, the application layer, the API. */
export const buildServer = async (config: Config, store: Store) => {
  const allowlist = parseAllowlist(config.httpAllowlist)
  const sandbox = await createSandbox(config.sandbox)
  const regex = createRegexTester()
  const runtime = createRuntime(sandbox, regex, createHttpClient(allowlist), createMailer(config.smtp, allowlist))
  const app = await buildApp(createApp({ store, runtime, limits: config.turnLimits, kinds }), config)
  app.addHook('onClose', () => Promise.all([sandbox.close(), regex.close()]).then(() => undefined))
  return app
}

export const startServer = async (config: Config): Promise<RunningServer> => {
  const store = await openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret })
  if (config.adminToken) await store.accounts.ensureAdminToken(config.adminToken)
  const app = await buildServer(config, store)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await Promise.all([app.close(), store.close()])
    throw err
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return {
    app,
    store,
    url: `http://${host}:${port}`,
    async close() {
      await app.close()
      await store.close()
    },
  }
}
