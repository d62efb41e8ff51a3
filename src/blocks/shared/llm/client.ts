// OpenAI-compatible chat completions (OpenAI, Azure OpenAI, Mistral, proxies): `POST {baseUrl}/chat/completions`
// with a bearer key, answered as one JSON document or, with `stream: true`, as server-sent events. Calls go through
// the runtime's guarded HTTP client, so the SSRF rules apply to a credential's base URL too.
import type { Runtime } from '../../../engine/types.js'
import { masked } from './credentials.js'
import type { LlmMessage } from './messages.js'

export type LlmEndpoint = { baseUrl: string; apiKey: string; apiVersion?: string }
export type ChatRequest = { model: string; messages: LlmMessage[]; temperature?: number; jsonObject?: boolean }
export type ChatUsage = { totalTokens?: number; promptTokens?: number; completionTokens?: number }
export type ChatFailure = { ok: false; status?: number; message: string }
export type ChatOutcome = { ok: true; content: string; usage: ChatUsage } | ChatFailure

/** Models can take long to answer, streamed ones longest; this bounds a single call. */
export const LLM_TIMEOUT_MS = 120_000

/** `path` under the endpoint's base URL (with Azure's API version). */
export const endpointUrl = (endpoint: LlmEndpoint, path: string) => {
  const url = `${endpoint.baseUrl.trim().replace(/\/+$/, '')}${path}`
  // Azure OpenAI selects its API version with a query parameter.
  return endpoint.apiVersion ? `${url}?api-version=${encodeURIComponent(endpoint.apiVersion)}` : url
}

/** The key as OpenAI-compatible APIs read it. */
export const authHeaders = (endpoint: LlmEndpoint): Record<string, string> => ({
  authorization: `Bearer ${endpoint.apiKey}`,
  // Azure OpenAI reads the key from `api-key` instead of the bearer token.
  ...(endpoint.apiVersion && { 'api-key': endpoint.apiKey }),
})

const headers = (endpoint: LlmEndpoint): Record<string, string> => ({ ...authHeaders(endpoint), 'content-type': 'application/json' })

const requestBody = (request: ChatRequest, stream: boolean) =>
  JSON.stringify({
    model: request.model,
    messages: request.messages,
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.jsonObject && { response_format: { type: 'json_object' } }),
    ...(stream && { stream: true }),
  })

const parseJson = (text: string): any => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The readable part of a provider's error body: OpenAI's `{ error: { message } }`, Mistral's `{ message }` or `{ detail }`,
 * ElevenLabs' `{ detail: { status, message } }`.
 */
export const errorMessage = (text: string): string => {
  const body = parseJson(text)
  const candidate = body?.error?.message ?? body?.message ?? body?.detail?.message ?? body?.detail ?? body?.error
  if (typeof candidate === 'string' && candidate) return candidate
  if (candidate !== undefined && candidate !== null) return JSON.stringify(candidate).slice(0, 500)
  return text.trim().slice(0, 500) || 'no error message'
}

const usageOf = (body: any): ChatUsage => ({
  totalTokens: numberOrUndefined(body?.usage?.total_tokens),
  promptTokens: numberOrUndefined(body?.usage?.prompt_tokens),
  completionTokens: numberOrUndefined(body?.usage?.completion_tokens),
})

const numberOrUndefined = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

const completionOf = (text: string): ChatOutcome => {
  const body = parseJson(text)
  const content = body?.choices?.[0]?.message?.content
  if (typeof content !== 'string') return { ok: false, message: `The response has no message content: ${text.slice(0, 200)}` }
  return { ok: true, content, usage: usageOf(body) }
}

/**
 * A failure's message without the key: providers (or whatever answers at the base URL) may quote it back, and
 * failure messages reach logs and streamed answers.
 */
const withoutKey = (endpoint: LlmEndpoint, outcome: ChatOutcome): ChatOutcome =>
  outcome.ok ? outcome : { ...outcome, message: masked(outcome.message, endpoint.apiKey) }

/** One completion, answered whole. */
export const createChatCompletion = async (runtime: Runtime, endpoint: LlmEndpoint, request: ChatRequest): Promise<ChatOutcome> =>
  withoutKey(endpoint, await callCompletion(runtime, endpoint, request))

const callCompletion = async (runtime: Runtime, endpoint: LlmEndpoint, request: ChatRequest): Promise<ChatOutcome> => {
  const outcome = await runtime.httpRequest({
    url: endpointUrl(endpoint, '/chat/completions'),
    method: 'POST',
    headers: headers(endpoint),
    body: requestBody(request, false),
    timeoutMs: LLM_TIMEOUT_MS,
  })
  if (!outcome.ok) return { ok: false, message: outcome.message }
  if (outcome.status >= 400) return { ok: false, status: outcome.status, message: errorMessage(outcome.text) }
  return completionOf(outcome.text)
}

/**
 * Splits a server-sent event stream into its `data:` payloads, across chunk boundaries (and multi-byte characters
 * cut between chunks). Each `data:` line is one payload: providers send single-line JSON events.
 */
export const sseReader = (onData: (data: string) => void) => {
  const decoder = new TextDecoder()
  let pending = ''
  const feed = (text: string) => {
    pending += text
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end).replace(/\r$/, '')
      pending = pending.slice(end + 1)
      if (line.startsWith('data:')) onData(line.slice(5).trimStart())
    }
  }
  return {
    push: (chunk: Uint8Array) => feed(decoder.decode(chunk, { stream: true })),
    end: () => feed(`${decoder.decode()}\n`),
  }
}

/** A streamed completion: `onText` gets each piece of text as it arrives; the outcome has the whole text. */
export const streamChatCompletion = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ChatRequest,
  onText: (text: string) => void,
): Promise<ChatOutcome> => withoutKey(endpoint, await callStream(runtime, endpoint, request, onText))

const callStream = async (runtime: Runtime, endpoint: LlmEndpoint, request: ChatRequest, onText: (text: string) => void): Promise<ChatOutcome> => {
  let content = ''
  let usage: ChatUsage = {}
  let sawEvents = false
  const reader = sseReader((data) => {
    sawEvents = true
    if (data === '[DONE]') return
    const event = parseJson(data)
    const piece = event?.choices?.[0]?.delta?.content
    if (typeof piece === 'string' && piece) {
      content += piece
      onText(piece)
    }
    if (event?.usage) usage = usageOf(event)
  })
  const outcome = await runtime.httpRequest({
    url: endpointUrl(endpoint, '/chat/completions'),
    method: 'POST',
    headers: headers(endpoint),
    body: requestBody(request, true),
    timeoutMs: LLM_TIMEOUT_MS,
    onChunk: reader.push,
  })
  if (!outcome.ok) return { ok: false, message: outcome.message }
  reader.end()
  if (outcome.status >= 400) return { ok: false, status: outcome.status, message: errorMessage(outcome.text) }
  if (sawEvents) return { ok: true, content, usage }
  // A server that ignored `stream: true` answered with one JSON document: relay its text in one piece.
  const whole = completionOf(outcome.text)
  if (whole.ok) onText(whole.content)
  return whole
}

/** A failed call as a chat log entry: the provider's status and message when it answered. */
export const failureLog = (label: string, failure: ChatFailure) =>
  failure.status !== undefined
    ? { status: 'error' as const, description: `${label} API error - ${failure.status}: ${failure.message}` }
    : { status: 'error' as const, description: `${label} request failed: ${failure.message}` }
