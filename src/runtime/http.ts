// Outgoing HTTP for bot blocks, with the SSRF guard on every hop: the URL's host is checked, every DNS answer is
// checked before connecting (so a name resolving to 127.0.0.1 is refused), and redirects are followed by hand so
// each new location is checked too. Metadata-bypass headers are refused, and credentials are not sent on to
// another origin.
import { lookup as dnsLookup } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { promisify } from 'node:util'
import { Agent, type Dispatcher, ProxyAgent, request } from 'undici'
import type { HttpOutcome, HttpRequest } from '../engine/types.js'
import { type Allowlist, refuseAddress, refuseHostname } from './ssrf.js'

export type HttpClient = (req: HttpRequest) => Promise<HttpOutcome>

const MAX_REDIRECTS = 10
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024

// What browsers (and Typebot) drop when a redirect leaves the origin, and the key headers Parley's own provider
// calls send (Azure OpenAI's `api-key`, ElevenLabs' `xi-api-key`): a key only goes to its credentials' endpoint.
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'host', 'api-key', 'xi-api-key'])

class BlockedError extends Error {}

/** Cloud metadata services accept requests carrying these (X-aws-ec2-metadata-token, Metadata-Flavor, Metadata…). */
const refuseHeaders = (headers: Record<string, string>) => {
  const name = Object.keys(headers).find((key) => key.trim().toLowerCase().includes('metadata'))
  if (name) throw new BlockedError(`Header "${name}" is not allowed as it could be used to bypass cloud metadata service protections.`)
}

const without = (headers: Record<string, string>, drop: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => !drop(key.toLowerCase())))

export const createHttpClient = (allow: Allowlist): HttpClient => {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const list = addresses as { address: string; family: number }[]
      // Every answer, listed name or not: a listed name opens private ranges only (and DNS may be rebound).
      const refusal = list.map((a) => refuseAddress(a.address, allow, hostname)).find(Boolean)
      if (refusal) return callback(new BlockedError(`${hostname}: ${refusal}`), '', 4)
      if ((options as { all?: boolean }).all) return (callback as any)(null, list)
      callback(null, list[0].address, list[0].family)
    })
  }
  const agent = new Agent({ connect: { lookup: guardedLookup } })
  const resolveChecked = promisify(
    guardedLookup as (hostname: string, options: object, callback: (err: Error | null, address: string) => void) => void,
  )

  /** The proxy URL, checked like a target (its address again when the connection resolves its name). */
  const checkedProxy = (proxyUrl: string): URL => {
    let proxy: URL
    try {
      proxy = new URL(proxyUrl)
    } catch {
      throw new BlockedError('Invalid proxy URL format')
    }
    if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') throw new BlockedError(`Proxy protocol "${proxy.protocol}" is not allowed.`)
    const host = proxy.hostname.replace(/^\[|\]$/g, '')
    const refusal = isIP(host) ? refuseAddress(host, allow) : refuseHostname(host)
    if (refusal) throw new BlockedError(`Proxy: ${refusal}`)
    return proxy
  }

  /**
   * One hop through the proxy: the target's name is resolved and checked here, and the proxy is asked to CONNECT to
   * that address (never to a name it would resolve itself), with the original Host and TLS server name.
   */
  const throughProxy = async (proxy: URL, url: URL, headers: Record<string, string>) => {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const address = isIP(host) ? host : await resolveChecked(host, {})
    const pinned = new URL(url)
    pinned.hostname = isIP(address) === 6 ? `[${address}]` : address
    const dispatcher = new ProxyAgent({
      uri: proxy.href,
      proxyTls: { lookup: guardedLookup },
      ...(!isIP(host) && { requestTls: { servername: host } }),
    })
    return { url: pinned, headers: isIP(host) ? headers : { ...headers, host: url.host }, dispatcher }
  }

  return async (req) => {
    let url: URL
    let method = req.method.toUpperCase()
    let body = req.body
    let headers = req.headers
    const deadline = AbortSignal.timeout(req.timeoutMs)
    const proxies: Dispatcher[] = []
    try {
      try {
        url = new URL(req.url)
      } catch {
        throw new BlockedError('Invalid URL format')
      }
      refuseHeaders(headers)
      const proxy = req.proxyUrl === undefined ? undefined : checkedProxy(req.proxyUrl)
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          throw new BlockedError(`Protocol "${url.protocol}" is not allowed. Only HTTP and HTTPS are permitted.`)
        const host = url.hostname.replace(/^\[|\]$/g, '')
        const refusal = isIP(host) ? refuseAddress(host, allow) : refuseHostname(host)
        if (refusal) throw new BlockedError(refusal)
        const via = proxy ? await throughProxy(proxy, url, headers) : { url, headers, dispatcher: agent }
        if (proxy) proxies.push(via.dispatcher)
        const res = await request(via.url, {
          method: method as any,
          headers: via.headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : body,
          dispatcher: via.dispatcher,
          signal: deadline,
        })
        const location = res.headers.location
        if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string' && hop < MAX_REDIRECTS && req.followRedirects !== false) {
          await res.body.dump()
          const next = new URL(location, url)
          if (next.origin !== url.origin) headers = without(headers, (name) => CREDENTIAL_HEADERS.has(name))
          url = next
          if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
            method = 'GET'
            body = undefined
            headers = without(headers, (name) => name.startsWith('content-'))
          }
          continue
        }
        const bytes = await readLimited(res.body, req.onChunk, req.maxResponseBytes)
        const received = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]))
        return { ok: true, status: res.statusCode, headers: received, text: bytes.toString('utf8'), ...(req.binaryResponse && { bytes }) }
      }
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause
      if (err instanceof BlockedError || cause instanceof BlockedError) {
        return {
          ok: false,
          reason: 'blocked',
          message: `Security validation failed: ${(cause instanceof BlockedError ? cause : (err as Error)).message}`,
        }
      }
      if (deadline.aborted) return { ok: false, reason: 'timeout', message: `Request timed out. (${Math.round(req.timeoutMs / 1000)}s)` }
      return { ok: false, reason: 'network', message: (err as Error).message }
    } finally {
      for (const dispatcher of proxies) void dispatcher.close().catch(() => {})
    }
  }
}

/** The body, failing beyond MAX_RESPONSE_BYTES; with `keep`, its first `keep` bytes, the rest left unread. */
const readLimited = async (body: AsyncIterable<Buffer | Uint8Array>, onChunk?: (chunk: Uint8Array) => void, keep?: number): Promise<Buffer> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    if (keep !== undefined && size + chunk.length >= keep) {
      const head = chunk.subarray(0, keep - size)
      chunks.push(Buffer.from(head))
      onChunk?.(head)
      // Leaving the loop destroys the stream: the connection closes instead of downloading the rest.
      break
    }
    size += chunk.length
    if (size > MAX_RESPONSE_BYTES) throw new Error(`Response larger than ${MAX_RESPONSE_BYTES} bytes`)
    chunks.push(Buffer.from(chunk))
    onChunk?.(chunk)
  }
  return Buffer.concat(chunks)
}
