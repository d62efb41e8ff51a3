// OpenAI's Responses API (the openai block's "Ask Model"): `POST {baseUrl}/responses`, answered as one response or,
// with `stream: true`, as server-sent events (`response.output_text.delta`, `response.completed`, `error`…). The
// response id continues the conversation next time (`previous_response_id`): it travels as the outcome's
// `conversationId`. Function calls are answered as `function_call_output` items, at most 10 rounds.
import type { Runtime } from '../../../engine/types.js'
import {
  addUsage,
  type ChatFailure,
  type ChatOutcome,
  type ChatUsage,
  callProvider,
  endpointUrl,
  type LlmEndpoint,
  numberOrUndefined,
  openAiHeaders,
  parseJson,
  sseReader,
  withoutKey,
} from './client.js'
import { parseArguments, type ToolRunner } from './tools.js'

export type ResponsesRequest = {
  model: string
  input: string
  instructions?: string
  /** Built-in tools and function descriptions, as the API takes them. */
  tools?: unknown[]
  previousResponseId?: string
  temperature?: number
}

/** Rounds of function calls one answer may take (as Typebot). */
export const MAX_FUNCTION_ROUNDS = 10

const requestBody = (request: ResponsesRequest, extra: { input?: unknown; previousResponseId?: string; stream?: boolean }) =>
  JSON.stringify({
    model: request.model,
    input: extra.input ?? request.input,
    ...(request.instructions && { instructions: request.instructions }),
    ...(request.tools?.length && { tools: request.tools }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    store: true,
    ...((extra.previousResponseId ?? request.previousResponseId) && { previous_response_id: extra.previousResponseId ?? request.previousResponseId }),
    ...(extra.stream && { stream: true }),
  })

const usageOf = (response: any): ChatUsage => ({
  totalTokens: numberOrUndefined(response?.usage?.total_tokens),
  promptTokens: numberOrUndefined(response?.usage?.input_tokens),
  completionTokens: numberOrUndefined(response?.usage?.output_tokens),
})

/** The text of a response's `message` output items. */
const outputText = (response: any): string =>
  (Array.isArray(response?.output) ? response.output : [])
    .filter((item: any) => item?.type === 'message')
    .flatMap((item: any) => (Array.isArray(item.content) ? item.content : []))
    .filter((part: any) => part?.type === 'output_text' && typeof part.text === 'string')
    .map((part: any) => part.text)
    .join('')

const functionCalls = (response: any): any[] =>
  Array.isArray(response?.output) ? response.output.filter((item: any) => item?.type === 'function_call') : []

const post = async (runtime: Runtime, endpoint: LlmEndpoint, body: string, onChunk?: (chunk: Uint8Array) => void) =>
  callProvider(runtime, { url: endpointUrl(endpoint, '/responses'), headers: openAiHeaders(endpoint), body, ...(onChunk && { onChunk }) })

const responseOf = (text: string): { ok: true; response: any } | ChatFailure => {
  const response = parseJson(text)
  return response && typeof response.id === 'string' ? { ok: true, response } : { ok: false, message: `Unreadable answer: ${text.slice(0, 200)}` }
}

/** One answer, read whole; the model's function calls are answered by `tools` until it gives its text. */
export const createResponse = async (runtime: Runtime, endpoint: LlmEndpoint, request: ResponsesRequest, tools?: ToolRunner): Promise<ChatOutcome> =>
  withoutKey(endpoint, await respond(runtime, endpoint, request, tools))

const respond = async (runtime: Runtime, endpoint: LlmEndpoint, request: ResponsesRequest, tools?: ToolRunner): Promise<ChatOutcome> => {
  let content = ''
  let usage: ChatUsage = {}
  let body = requestBody(request, {})
  for (let round = 0; ; round++) {
    const outcome = await post(runtime, endpoint, body)
    if (!outcome.ok) return outcome
    const read = responseOf(outcome.text)
    if (!read.ok) return read
    const { response } = read
    content += outputText(response)
    usage = addUsage(usage, usageOf(response))
    const calls = functionCalls(response)
    if (!calls.length || !tools) return { ok: true, content, usage, conversationId: response.id }
    if (round >= MAX_FUNCTION_ROUNDS) return { ok: false, message: `the model asked for functions more than ${MAX_FUNCTION_ROUNDS} times` }
    const input = []
    for (const call of calls)
      input.push({ type: 'function_call_output', call_id: call.call_id, output: await tools.run(call.name, parseArguments(call.arguments)) })
    body = requestBody(request, { input, previousResponseId: response.id })
  }
}

/**
 * One answer, streamed: `onText` gets the text as it arrives. With `tools`, the function calls of a completed
 * response are answered and the answer goes on in a new stream (at most `MAX_FUNCTION_ROUNDS` rounds).
 */
export const streamResponse = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ResponsesRequest,
  onText: (text: string) => void,
  tools?: ToolRunner,
): Promise<ChatOutcome> => withoutKey(endpoint, await streamRounds(runtime, endpoint, request, onText, tools))

const streamRounds = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ResponsesRequest,
  onText: (text: string) => void,
  tools?: ToolRunner,
): Promise<ChatOutcome> => {
  let content = ''
  let usage: ChatUsage = {}
  let body = requestBody(request, { stream: true })
  for (let round = 0; ; round++) {
    const streamed = await streamOne(runtime, endpoint, body, onText)
    if (!streamed.ok) return streamed
    const { response } = streamed
    content += streamed.text
    usage = addUsage(usage, usageOf(response))
    const calls = functionCalls(response)
    if (!calls.length || !tools) return { ok: true, content, usage, conversationId: response.id }
    if (round >= MAX_FUNCTION_ROUNDS) return { ok: false, message: `the model asked for functions more than ${MAX_FUNCTION_ROUNDS} times` }
    const input = []
    for (const call of calls)
      input.push({ type: 'function_call_output', call_id: call.call_id, output: await tools.run(call.name, parseArguments(call.arguments)) })
    body = requestBody(request, { input, previousResponseId: response.id, stream: true })
  }
}

/** One streamed response: its text as it came, and the completed response (its function calls and counts). */
const streamOne = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  body: string,
  onText: (text: string) => void,
): Promise<{ ok: true; text: string; response: any } | ChatFailure> => {
  let text = ''
  let completed: any
  let failure: ChatFailure | undefined
  const reader = sseReader((data) => {
    const event = parseJson(data)
    if (event?.type === 'response.output_text.delta' && typeof event.delta === 'string' && event.delta) {
      text += event.delta
      onText(event.delta)
    } else if (event?.type === 'response.completed') completed = event.response
    else if (event?.type === 'response.failed') failure ??= { ok: false, message: event.response?.error?.message ?? 'The response failed' }
    else if (event?.type === 'error') failure ??= { ok: false, message: event.message ?? event.error?.message ?? data }
  })
  const outcome = await post(runtime, endpoint, body, reader.push)
  if (!outcome.ok) return outcome
  reader.end()
  if (failure) return failure
  if (completed && typeof completed.id === 'string') return { ok: true, text, response: completed }
  // A server that ignored `stream: true` answered with one response: relay its text in one piece.
  const read = responseOf(outcome.text)
  if (!read.ok) return read
  const whole = outputText(read.response)
  onText(whole)
  return { ok: true, text: whole, response: read.response }
}
