// Starts a real Parley server on a loopback port with a fresh database, and talks to it over HTTP.
import { loadConfig } from '../../src/config.js'
import { newToken } from '../../src/lib/ids.js'
import { type RunningServer, startServer } from '../../src/server.js'
import { createTestDatabase, type TestDatabase } from './database.js'

export type Reply = { status: number; body: any; headers: Headers }

export type TestServer = RunningServer & {
  database: TestDatabase
  /** Sends a JSON request; `token: null` sends no Authorization header. */
  call: (method: string, path: string, options?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> }) => Promise<Reply>
  /** Creates a user with a fresh token. */
  user: (name: string, email?: string) => Promise<{ id: string; token: string }>
  stop: () => Promise<void>
}

export const startTestServer = async (env: Record<string, string> = {}): Promise<TestServer> => {
  // A server may share another one's database (several processes on one database).
  const database = env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => {} } : await createTestDatabase()
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env })
  const server = await startServer(config)

  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(server.url + path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers }
  }

  return {
    ...server,
    database,
    call,
    async user(name, email) {
      const user = await server.store.accounts.createUser(name, email)
      const token = newToken()
      await server.store.accounts.addToken(user.id, name, token)
      return { id: user.id, token }
    },
    async stop() {
      await server.close()
      await database.drop()
    },
  }
}
