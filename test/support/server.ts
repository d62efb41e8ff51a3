// Starts a real Parley server on a loopback port with a fresh database, and talks to it over HTTP. Every 2xx JSON
// answer is checked against the response schema its operation documents (the one in the OpenAPI document).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DestinationStream } from 'pino'
import { z } from 'zod'
import { allRoutes } from '../../src/api/app.js'
import { loadConfig } from '../../src/config.js'
import { newToken } from '../../src/lib/ids.js'
import { type RunningServer, startServer } from '../../src/server.js'
import { createTestDatabase, type TestDatabase } from './database.js'

export type Reply = { status: number; body: any; headers: Headers }

export type TestServer = RunningServer & {
  database: TestDatabase
  /**
   * Sends a JSON request; `token: null` sends no Authorization header. `base`: another address of the server than
   * where it listens (the builder's, for the sign-in routes, which answer there only).
   */
  call: (
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string>; base?: string },
  ) => Promise<Reply>
  /** Creates a user with a fresh token. */
  user: (name: string, email?: string) => Promise<{ id: string; token: string }>
  stop: () => Promise<void>
}

// Literal paths first, so `/v1/bots/import` is not taken for `/v1/bots/{botId}`-like templates.
const operations = allRoutes
  .map((route) => ({ route, pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`), params: route.path.split('{').length }))
  .sort((a, b) => a.params - b.params)

/** Throws when a 2xx JSON answer does not match the schema its operation documents for that status. */
export const checkDocumentedAnswer = (method: string, path: string, status: number, contentType: string | null, body: unknown) => {
  if (status < 200 || status >= 300 || body === undefined || !contentType?.includes('application/json')) return
  const pathname = path.split(/[?#]/)[0]
  const found = operations.find((o) => o.route.method === method.toUpperCase() && o.pattern.test(pathname))
  if (!found) return // not an operation of the API (the OpenAPI document itself, /docs)
  const label = `${found.route.method} ${found.route.path}`
  const schema = found.route.responses[status]?.schema
  if (!schema) throw new Error(`${label} answered ${status} with JSON, but documents no schema for ${status}.`)
  const res = schema.safeParse(body)
  if (!res.success)
    throw new Error(
      `${label} answered ${status} with a body its documented schema refuses:\n${z.prettifyError(res.error)}\nBody: ${JSON.stringify(body).slice(0, 2000)}`,
    )
}

/**
 * `options.logStream` receives the server's log lines (LOG_LEVEL in `env` decides which); `dispatchWebhooks: false`
 * starts no webhook dispatcher (another server on the database delivers).
 */
export const startTestServer = async (
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream; dispatchWebhooks?: boolean; challengeOrigin?: (domain: string) => string } = {},
): Promise<TestServer> => {
  // A server may share another one's database (several processes on one database).
  const database = env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => {} } : await createTestDatabase()
  // Stored files go to a directory of this server's own, removed when it stops.
  const filesDir = env.FILES_DIR ? undefined : await mkdtemp(join(tmpdir(), 'parley-test-files-'))
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', FILES_DIR: filesDir, ...env })
  const server = await startServer(config, options)

  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch((options.base ?? server.url) + path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    checkDocumentedAnswer(method, path, res.status, res.headers.get('content-type'), parsed)
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
      if (filesDir) await rm(filesDir, { recursive: true, force: true })
    },
  }
}
