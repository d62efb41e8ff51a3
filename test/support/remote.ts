// An HTTP client for a server given by its URL (a `parley serve` process from spawnServer), shaped like
// TestServer.call, plus the raw text of every answer (to search it for leaked data).
import assert from 'node:assert/strict'

export type RemoteReply = { status: number; body: any; text: string; headers: Headers; ms: number }

export type RemoteCall = (
  method: string,
  path: string,
  options?: { token?: string | null; body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<RemoteReply>

export const remoteClient =
  (baseUrl: string): RemoteCall =>
  async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | Uint8Array | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const started = performance.now()
    const res = await fetch(baseUrl + path, { method, headers, body, signal: options.signal })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    return { status: res.status, body: parsed, text, headers: res.headers, ms: performance.now() - started }
  }

/** A workspace of the caller, a bot imported into it and published; returns the ids needed to chat. */
export const seedPublishedBot = async (call: RemoteCall, token: string, bot: unknown, workspaceId?: string) => {
  if (!workspaceId) {
    const ws = await call('POST', '/v1/workspaces', { token, body: { name: `ws-${Math.random().toString(36).slice(2, 8)}` } })
    assert.equal(ws.status, 200, ws.text)
    workspaceId = ws.body.workspace.id as string
  }
  const imported = await call('POST', '/v1/bots/import', { token, body: { workspaceId, bot } })
  assert.equal(imported.status, 200, imported.text)
  const published = await call('POST', `/v1/bots/${imported.body.bot.id}/publish`, { token })
  assert.equal(published.status, 200, published.text)
  return { workspaceId, botId: imported.body.bot.id as string, publicId: imported.body.bot.publicId as string }
}
