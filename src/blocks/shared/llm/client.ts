// OpenAI-compatible chat completions (OpenAI, Azure OpenAI, Mistral, proxies): `POST {baseUrl}/chat/completions`
// with a bearer key, answered as one JSON document or, with `stream: true`, as server-sent events. Calls go through
// the runtime's guarded HTTP client, so the SSRF rules apply to a credential's base URL too.
import type { Runtime } from '../../../engine/types.js'
import { masked } from './credentials.js'
import type { LlmMessage } from './messages.js'
import { MAX_TOOL_STEPS, parseArguments, type ToolRunner, type ToolSpec } from './tools.js'

export type LlmEndpoint = { baseUrl: string; apiKey: string; apiVersion?: string }
export type ChatRequest = {
  model: string
  messages: LlmMessage[]
  temperature?: number
  jsonObject?: boolean
  /** Anthropic's required `max_tokens`; OpenAI-style APIs leave it to the model. */
  maxTokens?: number
  /** Functions the model may call (answered by a `ToolRunner`). */
  tools?: ToolSpec[]
  /** Streams ask for the token counts too (`stream_options.include_usage`), for APIs known to take it. */
  streamUsage?: boolean
}
export type ChatUsage = { totalTokens?: number; promptTokens?: number; completionTokens?: number }
export type ChatFailure = { ok: false; status?: number; message: string }
/** `conversationId`: the provider's conversation the answer belongs to (Dify). */
export type ChatOutcome = { ok: true; content: string; usage: ChatUsage; conversationId?: string } | ChatFailure
/** What an answer gives the mapped variables: its text, token counts and conversation (those known). */
export type Answer = { content?: string; usage: ChatUsage; conversationId?: string }

/** Models can take long to answer, streamed ones longest; this bounds a single call. */
export const LLM_TIMEOUT_MS = 120_000

/** `path` (which may carry a query) under the endpoint's base URL, with Azure's API version. */
export const endpointUrl = (endpoint: LlmEndpoint, path: string) => {
  const url = `${endpoint.baseUrl.trim().replace(/\/+$/, '')}${path}`
  // Azure OpenAI selects its API version with a query parameter.
  return endpoint.apiVersion ? `${url}${url.includes('?') ? '&' : '?'}api-version=${encodeURIComponent(endpoint.apiVersion)}` : url
}

/** The key as OpenAI-compatible APIs read it. */
export const openAiHeaders = (endpoint: LlmEndpoint): Record<string, string> => ({
  authorization: `Bearer ${endpoint.apiKey}`,
  'content-type': 'application/json',
  // Azure OpenAI reads the key from `api-key` instead of the bearer token.
  ...(endpoint.apiVersion && { 'api-key': endpoint.apiKey }),
})

/** Messages as OpenAI-style APIs take them: a message with images as text and `image_url` parts. */
const wireMessages = (messages: LlmMessage[]) =>
  messages.map(({ parts, ...message }) =>
    parts
      ? {
          ...message,
          content: parts.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: p.url } })),
        }
      : message,
  )

/** `messages`: the request's, or those of a conversation with tool calls and their results. */
const requestBody = (request: ChatRequest, stream: boolean, messages: unknown[] = wireMessages(request.messages)) =>
  JSON.stringify({
    model: request.model,
    messages,
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.jsonObject && { response_format: { type: 'json_object' } }),
    ...(request.tools?.length && {
      tools: request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })),
    }),
    ...(stream && { stream: true }),
    ...(stream && request.streamUsage && { stream_options: { include_usage: true } }),
  })

export const parseJson = (text: string): any => {
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

export const usageOf = (body: any): ChatUsage => ({
  totalTokens: numberOrUndefined(body?.usage?.total_tokens),
  promptTokens: numberOrUndefined(body?.usage?.prompt_tokens),
  completionTokens: numberOrUndefined(body?.usage?.completion_tokens),
})

/** Token counts of several calls (the steps of one answer with tool calls), added up. */
export const addUsage = (a: ChatUsage, b: ChatUsage): ChatUsage => {
  const add = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : x + y)
  return {
    totalTokens: add(a.totalTokens, b.totalTokens),
    promptTokens: add(a.promptTokens, b.promptTokens),
    completionTokens: add(a.completionTokens, b.completionTokens),
  }
}

export const numberOrUndefined = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

const completionOf = (text: string): ChatOutcome => {
  const body = parseJson(text)
  const message = body?.choices?.[0]?.message
  // A last step that still calls tools has no text.
  const content = message?.content ?? (Array.isArray(message?.tool_calls) ? '' : undefined)
  if (typeof content !== 'string') return { ok: false, message: `The response has no message content: ${text.slice(0, 200)}` }
  return { ok: true, content, usage: usageOf(body) }
}

/**
 * A failure's message without the key: providers (or whatever answers at the base URL) may quote it back, and
 * failure messages reach logs and streamed answers.
 */
export const withoutKey = (endpoint: LlmEndpoint, outcome: ChatOutcome): ChatOutcome => (outcome.ok ? outcome : maskKey(endpoint, outcome))

export const maskKey = (endpoint: LlmEndpoint, failure: ChatFailure): ChatFailure => ({
  ...failure,
  message: masked(failure.message, endpoint.apiKey),
})

/** One completion, answered whole; with `tools`, the model's calls are answered until it gives its text. */
export const createChatCompletion = async (runtime: Runtime, endpoint: LlmEndpoint, request: ChatRequest, tools?: ToolRunner): Promise<ChatOutcome> =>
  withoutKey(endpoint, await callCompletion(runtime, endpoint, request, tools))

const callCompletion = async (runtime: Runtime, endpoint: LlmEndpoint, request: ChatRequest, tools?: ToolRunner): Promise<ChatOutcome> => {
  const messages: unknown[] = wireMessages(request.messages)
  let usage: ChatUsage = {}
  for (let step = 1; ; step++) {
    const outcome = await callProvider(runtime, {
      url: endpointUrl(endpoint, '/chat/completions'),
      headers: openAiHeaders(endpoint),
      body: requestBody(request, false, messages),
    })
    if (!outcome.ok) return outcome
    const answer = completionOf(outcome.text)
    if (!answer.ok) return answer
    usage = addUsage(usage, answer.usage)
    const message = parseJson(outcome.text).choices[0].message
    const calls: any[] = Array.isArray(message.tool_calls) ? message.tool_calls : []
    if (!tools || calls.length === 0 || step >= MAX_TOOL_STEPS) return { ...answer, usage }
    messages.push(message)
    for (const call of calls) {
      messages.push({
        role: 'tool',
        tool_call_id: call?.id,
        content: await tools.run(call?.function?.name, parseArguments(call?.function?.arguments)),
      })
    }
  }
}

export type ProviderCall = { method?: string; url: string; headers: Record<string, string>; body?: string; onChunk?: (chunk: Uint8Array) => void }

/** One call to a provider: its body, or why it failed (no answer, or the provider's status and readable message). */
export const callProvider = async (runtime: Runtime, call: ProviderCall): Promise<{ ok: true; text: string } | ChatFailure> => {
  const outcome = await runtime.httpRequest({ method: 'POST', ...call, timeoutMs: LLM_TIMEOUT_MS, purpose: 'llm' })
  if (!outcome.ok) return { ok: false, message: outcome.message }
  if (outcome.status >= 400) return { ok: false, status: outcome.status, message: errorMessage(outcome.text) }
  return { ok: true, text: outcome.text }
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

/**
 * A streamed completion: `onText` gets each piece of text as it arrives; the outcome has the whole text. With
 * `tools`, the calls the model streams are answered and the conversation goes on in a new stream, up to
 * `MAX_TOOL_STEPS` model calls.
 */
export const streamChatCompletion = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ChatRequest,
  onText: (text: string) => void,
  tools?: ToolRunner,
): Promise<ChatOutcome> => withoutKey(endpoint, await callStream(runtime, endpoint, request, onText, tools))

/** A tool call as it streams: pieces of `delta.tool_calls` with the same `index` add up to one call. */
type StreamedCall = { id?: string; type: 'function'; function: { name: string; arguments: string } }

const callStream = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ChatRequest,
  onText: (text: string) => void,
  tools?: ToolRunner,
): Promise<ChatOutcome> => {
  const messages: unknown[] = wireMessages(request.messages)
  let content = ''
  let usage: ChatUsage = {}
  for (let step = 1; ; step++) {
    let stepText = ''
    let stepUsage: ChatUsage = {}
    const calls: StreamedCall[] = []
    let sawEvents = false
    const reader = sseReader((data) => {
      sawEvents = true
      if (data === '[DONE]') return
      const event = parseJson(data)
      const delta = event?.choices?.[0]?.delta
      if (typeof delta?.content === 'string' && delta.content) {
        stepText += delta.content
        onText(delta.content)
      }
      for (const piece of Array.isArray(delta?.tool_calls) ? delta.tool_calls : []) {
        const index = Number.isInteger(piece?.index) && piece.index >= 0 && piece.index < 128 ? piece.index : calls.length
        const call = (calls[index] ??= { type: 'function', function: { name: '', arguments: '' } })
        if (typeof piece.id === 'string') call.id = piece.id
        if (typeof piece.function?.name === 'string') call.function.name += piece.function.name
        if (typeof piece.function?.arguments === 'string') call.function.arguments += piece.function.arguments
      }
      // The last chunk carries the step's counts (some servers repeat running counts on every chunk).
      if (event?.usage) stepUsage = usageOf(event)
    })
    const outcome = await callProvider(runtime, {
      url: endpointUrl(endpoint, '/chat/completions'),
      headers: openAiHeaders(endpoint),
      body: requestBody(request, true, messages),
      onChunk: reader.push,
    })
    if (!outcome.ok) return outcome
    reader.end()
    if (!sawEvents) {
      // A server that ignored `stream: true` answered with one JSON document: its text is relayed in one piece.
      const whole = completionOf(outcome.text)
      if (!whole.ok) return whole
      stepText = whole.content
      if (stepText) onText(stepText)
      stepUsage = whole.usage
      const message = parseJson(outcome.text).choices[0].message
      if (Array.isArray(message.tool_calls)) calls.push(...message.tool_calls)
    }
    content += stepText
    usage = addUsage(usage, stepUsage)
    const made = calls.filter(Boolean)
    if (!tools || made.length === 0 || step >= MAX_TOOL_STEPS) return { ok: true, content, usage }
    messages.push({ role: 'assistant', content: stepText || null, tool_calls: made })
    for (const call of made)
      messages.push({ role: 'tool', tool_call_id: call.id, content: await tools.run(call.function.name, parseArguments(call.function.arguments)) })
  }
}

/** A failed call as a chat log entry: the provider's status and message when it answered. */
export const failureLog = (label: string, failure: ChatFailure) =>
  failure.status !== undefined
    ? { status: 'error' as const, description: `${label} API error - ${failure.status}: ${failure.message}` }
    : { status: 'error' as const, description: `${label} request failed: ${failure.message}` }
