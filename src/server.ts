// Starts the whole service: store (migrated), admin token, HTTP server. Used by the CLI and by tests.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './api/app.js'
import { createApp } from './app/index.js'
import { createRuntime } from './chat/runtime.js'
import type { Config } from './config.js'
import { createHttpClient } from './integrations/http.js'
import { createMailer } from './integrations/smtp.js'
import { parseAllowlist } from './integrations/ssrf.js'
import { createSandbox } from './sandbox/quickjs.js'
import { openStore, type Store } from './store/index.js'

export type RunningServer = { app: FastifyInstance; store: Store; url: string; close: () => Promise<void> }

export const startServer = async (config: Config): Promise<RunningServer> => {
  const store = await openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret })
  if (config.adminToken) await store.accounts.ensureAdminToken(config.adminToken)
  const allowlist = parseAllowlist(config.httpAllowlist)
  const runtime = createRuntime(await createSandbox(config.sandbox), createHttpClient(allowlist), createMailer(config.smtp, allowlist))
  const app = await buildApp(createApp({ store, runtime, limits: config.turnLimits }), config)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await store.close()
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
