// A loopback HTTP server for plugin-block tests: each request is recorded (method, path, query, headers, raw and
// parsed body; gzip bodies inflated) and answered by the service's handler, which speaks that service's protocol.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { createHttpClient } from '../../src/runtime/http.js'
import { parseAllowlist } from '../../src/runtime/ssrf.js'

export type PeerRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; raw: string; body: any }
export type PeerAnswer = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> }
export type PeerHandler = (req: PeerRequest) => PeerAnswer | Promise<PeerAnswer>

export type ServicePeer = {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: PeerRequest[]
  close: () => Promise<void>
}

const parse = (raw: string, contentType: string | undefined): any => {
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw))
  try {
    return raw ? JSON.parse(raw) : undefined
  } catch {
    return raw
  }
}

export const startServicePeer = async (handler: PeerHandler): Promise<ServicePeer> => {
  const requests: PeerRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    let bytes = Buffer.concat(chunks)
    if (req.headers['content-encoding'] === 'gzip') bytes = gunzipSync(bytes)
    const raw = bytes.toString('utf8')
    const url = new URL(req.url ?? '/', 'http://peer')
    const request: PeerRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      raw,
      body: parse(raw, req.headers['content-type']),
    }
    requests.push(request)
    const answer = await handler(request)
    const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '')
    res.writeHead(answer.status ?? 200, { 'content-type': answer.json !== undefined ? 'application/json' : 'text/plain', ...answer.headers })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The server's real guarded HTTP client, with loopback allowed (where the tests' peers live), as blocks get it. */
export const peerHttp = () => ({ httpRequest: createHttpClient(parseAllowlist('127.0.0.1')) })
