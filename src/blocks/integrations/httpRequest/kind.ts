// HTTP request ("Webhook" block; Zapier, Make.com and Pabbly share it): builds the request from the block
// (query, headers, basic auth, default or custom body), calls it through the guarded client, maps the response
// into variables. With `isExecutedOnClient` the client makes the call and replies with `{ statusCode, data }`.
import type { HttpRequestBlock } from './schema.js'
import { defaultHttpRequestTimeout, maxHttpRequestTimeout } from './schema.js'
import type { ChatLog } from '../../../engine/types.js'
import { parseVariables, singleVariable } from '../../../engine/variables.js'
import type { ActionKind, ActionResult, BlockContext } from '../../../engine/kinds.js'
import { type HttpResponse, mapResponse, parseResponseReply } from '../../shared/responseMapping.js'

type Options = NonNullable<HttpRequestBlock['options']>
type Built = { url: string; method: string; headers: Record<string, string>; body?: string; jsonBody?: unknown }

const buildUrl = (options: Options, ctx: BlockContext): string => {
  const base = options.webhook?.url ?? ''
  const params = new URLSearchParams()
  for (const p of options.webhook?.queryParams ?? []) {
    const key = parseVariables(p.key, ctx.variables)
    const value = parseVariables(p.value, ctx.variables)
    if (key && value) params.append(key, value)
  }
  const query = params.toString()
  const withQuery = query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base
  return parseVariables(withQuery, ctx.variables).trim()
}

const buildHeaders = (options: Options, ctx: BlockContext): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const h of options.webhook?.headers ?? []) {
    const key = parseVariables(h.key, ctx.variables).trim()
    const value = parseVariables(h.value, ctx.variables)
    if (!key || !value) continue
    // "Basic user:pass" in clear is turned into proper basic-auth credentials.
    const basic = /^Basic\s+(.+:.*)$/i.exec(value)
    headers[key] = key.toLowerCase() === 'authorization' && basic ? `Basic ${Buffer.from(basic[1]).toString('base64')}` : value
  }
  return headers
}

/** The default body: when the request was made, every answer by its key and every variable with a value. */
const defaultBody = (ctx: BlockContext): Record<string, unknown> => {
  const body: Record<string, unknown> = { submittedAt: ctx.runtime.now().toISOString() }
  for (const answer of ctx.entry.answers) body[answer.key] = answer.value
  for (const v of ctx.variables) {
    if (v.value === undefined || v.value === null) continue
    body[v.name] = typeof v.value === 'string' ? v.value : JSON.stringify(v.value)
  }
  return body
}

const buildBody = (options: Options, ctx: BlockContext): { body?: string; jsonBody?: unknown } => {
  const custom = options.webhook?.body
  if (options.isCustomBody !== true || !custom?.trim() || custom.trim() === '{{state}}') {
    const jsonBody = defaultBody(ctx)
    return { body: JSON.stringify(jsonBody), jsonBody }
  }
  const single = singleVariable(custom, ctx.variables)
  const text = single
    ? typeof single.value === 'string'
      ? single.value
      : JSON.stringify(single.value ?? null)
    : parseVariables(custom, ctx.variables, { isInsideJson: true })
  try {
    return { body: text, jsonBody: JSON.parse(text) }
  } catch {
    return { body: text }
  }
}

export const buildHttpRequest = (options: Options, ctx: BlockContext): Built => {
  const method = options.webhook?.method ?? 'POST'
  const headers = buildHeaders(options, ctx)
  if (method === 'GET' || method === 'HEAD') return { url: buildUrl(options, ctx), method, headers }
  const { body, jsonBody } = buildBody(options, ctx)
  const contentTypeKey = Object.keys(headers).find((k) => k.toLowerCase() === 'content-type')
  const contentType = contentTypeKey ? headers[contentTypeKey] : undefined
  if (contentType?.includes('x-www-form-urlencoded') && jsonBody && typeof jsonBody === 'object') {
    const form = new URLSearchParams(
      Object.entries(jsonBody as Record<string, unknown>).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    )
    return { url: buildUrl(options, ctx), method, headers, body: form.toString(), jsonBody }
  }
  if (!contentType && jsonBody !== undefined) headers['content-type'] = 'application/json'
  return { url: buildUrl(options, ctx), method, headers, body, jsonBody }
}

const parseData = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The request as logs show it (stored on the result, shown in preview): URL, method and body, as in Typebot, never
 * the headers (bearer tokens, API keys, basic credentials) nor credentials written in the URL (`user:pass@`).
 */
const requestForLogs = (built: Built) => ({ url: withoutUserinfo(built.url), method: built.method, body: built.jsonBody ?? built.body })

const withoutUserinfo = (url: string): string => {
  try {
    const parsed = new URL(url)
    if (!parsed.username && !parsed.password) return url
    parsed.username = ''
    parsed.password = ''
    return parsed.toString()
  } catch {
    // Unparsable: a password may hold '/', '?' or '#', so everything up to the last '@' goes.
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[\s\S]*@/i, '$1')
  }
}

/** Text with whatever looks like `scheme://userinfo@` cut to `scheme://` (messages that quote a URL). */
const withoutUserinfoIn = (text: string): string => text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi, '$1')

/**
 * The egress proxy the block names (workspace credentials of type "http proxy", `{ url }` with any login in the
 * URL). Typebot sends directly when they are missing; here the request is not sent, so that a proxy an operator
 * configured is never silently bypassed.
 */
const proxyOf = async (
  credentialsId: string | null | undefined,
  ctx: BlockContext,
): Promise<{ ok: true; url: string } | { ok: false; message: string } | undefined> => {
  if (!credentialsId) return undefined
  const credentials = await ctx.credentials(credentialsId)
  const url = credentials?.type === 'http proxy' ? credentials.data.url : undefined
  if (typeof url === 'string' && url.trim()) return { ok: true, url: url.trim() }
  return {
    ok: false,
    message: credentials
      ? 'HTTP request not sent: its proxy credentials are not of type "http proxy" with a `url`.'
      : 'HTTP request not sent: its proxy credentials were not found in this workspace.',
  }
}

const applyResponse = async (options: Options, response: HttpResponse, ctx: BlockContext, log: ChatLog): Promise<ActionResult> => ({
  variableUpdates: await mapResponse(options.responseVariableMapping, response, ctx),
  logs: [log],
})

/** The HTTP request block's behaviour under a given block type (Webhook, Zapier, Make.com, Pabbly). */
export const httpRequestKind = (type: string, options: { boundedTimeout: boolean }): ActionKind<HttpRequestBlock> => ({
  type,
  category: 'integration',
  async execute(block, ctx) {
    const blockOptions = block.options ?? {}
    const built = buildHttpRequest(blockOptions, ctx)
    if (!built.url) return { logs: [{ status: 'error', description: 'HTTP request has no URL; skipped.' }] }
    // A chat on a messaging app has no browser to send it: the server does, as Typebot does for WhatsApp.
    if (blockOptions.isExecutedOnClient && !ctx.client) {
      const { jsonBody, body, ...request } = built
      return {
        clientSideActions: [
          {
            type: 'httpRequestToExecute',
            httpRequestToExecute: { ...request, body: jsonBody ?? body, withCredentials: blockOptions.withCredentials ?? false },
            expectsDedicatedReply: true,
          },
        ],
        waitsForReply: true,
      }
    }
    const proxy = await proxyOf(blockOptions.proxyCredentialsId, ctx)
    if (proxy && !proxy.ok) return { logs: [{ status: 'error', description: proxy.message }] }
    const seconds = options.boundedTimeout
      ? Math.min(Math.max(blockOptions.timeout ?? defaultHttpRequestTimeout, 1), maxHttpRequestTimeout)
      : maxHttpRequestTimeout
    const outcome = await ctx.runtime.httpRequest({
      url: built.url,
      method: built.method,
      headers: built.headers,
      body: built.body,
      timeoutMs: seconds * 1000,
      ...(proxy && { proxyUrl: proxy.url }),
    })
    const request = requestForLogs(built)
    if (!outcome.ok) {
      const statusCode = outcome.reason === 'timeout' ? 408 : outcome.reason === 'blocked' ? 400 : 500
      // The client's message may quote the URL (an invalid one): without its userinfo, like the logged request.
      const said = withoutUserinfoIn(outcome.message)
      const message = outcome.reason === 'network' ? `Error from Parley server: ${said}` : said
      const response = { statusCode, data: { message } }
      // A refused request (bad URL, internal host, metadata header) is a security log as in Typebot, not an error of
      // the peer; its details name the request tried, so that the author sees which URL a template resolved to.
      // A timeout is an error of the peer, as in Typebot: the time it was given is in the details.
      return applyResponse(blockOptions, response, ctx, {
        status: 'error',
        description: outcome.reason === 'blocked' ? message : 'Webhook returned an error.',
        details: JSON.stringify({ statusCode, response: response.data, request }),
      })
    }
    const response = { statusCode: outcome.status, data: parseData(outcome.text) }
    const isError = outcome.status >= 400
    return applyResponse(blockOptions, response, ctx, {
      status: isError ? 'error' : 'success',
      description: isError ? 'Webhook returned an error.' : 'Webhook successfuly executed.',
      details: JSON.stringify({ statusCode: outcome.status, response: response.data, request }),
    })
  },
  async resume(block, reply, ctx) {
    const response = reply?.type === 'text' ? parseResponseReply(reply.text) : undefined
    if (!response) return { logs: [{ status: 'error', description: 'Provided response is not valid JSON ({ statusCode, data } expected).' }] }
    return { variableUpdates: await mapResponse(block.options?.responseVariableMapping, response, ctx) }
  },
})

export const httpRequest = httpRequestKind('Webhook', { boundedTimeout: true })
