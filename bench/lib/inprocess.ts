// The whole application in this process, wired as src/server.ts does but without a listening socket (requests go
// through Fastify's inject), with the store's statement hook available.
import type { FastifyInstance } from 'fastify'
import type { Store } from '../../src/store/index.js'
import { ADMIN_TOKEN, type Call } from './common.js'
import { loadDist } from './dist.js'

export type InProcessApp = { app: FastifyInstance; store: Store; call: Call; close: () => Promise<void> }

/** `env`: more settings; `dispatchWebhooks: false` keeps the webhook dispatcher's statements out of counts. */
export const startInProcess = async (
  databaseUrl: string,
  onQuery?: (sql: string, parameters: readonly unknown[]) => void,
  options: { env?: Record<string, string>; dispatchWebhooks?: boolean } = {},
): Promise<InProcessApp> => {
  const { buildServer } = await loadDist<typeof import('../../src/server.js')>('server.js')
  const { loadConfig } = await loadDist<typeof import('../../src/config.js')>('config.js')
  const { openStore } = await loadDist<typeof import('../../src/store/index.js')>('store/index.js')
  // No purge of expired sessions here: its statements would mix with those counted.
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
    PURGE_INTERVAL_MINUTES: '0',
    ...options.env,
  })
  const store = await openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret, onQuery })
  await store.accounts.ensureAdminToken(ADMIN_TOKEN)
  const { app } = await buildServer(config, store, { dispatchWebhooks: options.dispatchWebhooks })
  await app.ready()
  const call: Call = async (method, path, body) => {
    const res = await app.inject({
      method: method as 'GET',
      url: path,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    })
    let json: any
    try {
      json = JSON.parse(res.body)
    } catch {}
    return { status: res.statusCode, json, text: res.body }
  }
  return {
    app,
    store,
    call,
    async close() {
      await app.close()
      await store.close()
    },
  }
}
