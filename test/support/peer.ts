// A local HTTP peer for tests of outside services: records every request with its parsed JSON body and lets the
// given handler answer it. Listens on a loopback port.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHttpClient } from '../../src/runtime/http.js'
import { parseAllowlist } from '../../src/runtime/ssrf.js'

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: any }

export type Peer = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  requests: RecordedRequest[]
  close: () => Promise<void>
}

export type PeerHandler = (request: RecordedRequest, res: ServerResponse) => unknown

export const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}

export const startSse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })

export const pause = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

export const startPeer = async (handler: PeerHandler): Promise<Peer> => {
  const requests: RecordedRequest[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    let body: any
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      body = raw
    }
    const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
    requests.push(request)
    await handler(request, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The guarded HTTP client of the server, with loopback allowed as tests' `HTTP_REQUEST_ALLOWLIST=127.0.0.1` does. */
export const loopbackHttp = createHttpClient(parseAllowlist('127.0.0.1'))
