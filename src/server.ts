// Starts the whole service: store (migrated), admin token, HTTP server. Used by the CLI and by tests.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './api/app.js'
import { kinds } from './blocks/index.js'
import { createChatService } from './chat/service.js'
import type { Config } from './config.js'
import { createRuntime } from './runtime/index.js'
import { createHttpClient } from './runtime/http.js'
import { createRegexTester } from './runtime/regex.js'
import { createSandbox } from './runtime/sandbox/pool.js'
import { createMailer } from './runtime/smtp.js'
import { parseAllowlist } from './runtime/ssrf.js'
import { openStore, type Store } from './store/index.js'

export type RunningServer = { app: FastifyInstance; store: Store; url: string; close: () => Promise<void> }

export const startServer = async (config: Config): Promise<RunningServer> => {
  const store = await openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret })
  if (config.adminToken) await store.accounts.ensureAdminToken(config.adminToken)
  const allowlist = parseAllowlist(config.httpAllowlist)
  const sandbox = await createSandbox(config.sandbox)
  const regex = createRegexTester()
  const runtime = createRuntime(sandbox, regex, createHttpClient(allowlist), createMailer(config.smtp, allowlist))
  const app = await buildApp(store, config, createChatService(store, runtime, config.turnLimits, kinds))
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await Promise.all([store.close(), sandbox.close(), regex.close()])
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
      await Promise.all([sandbox.close(), regex.close()])
    },
  }
}
