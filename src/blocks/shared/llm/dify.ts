// Dify's app API: `POST {apiEndpoint}/v1/chat-messages` with a bearer app key. Answers are always asked for in
// `streaming` mode, as Typebot does (agent apps support no other), and read as server-sent events: `message` and
// `agent_message` carry text deltas, `message_replace` the whole text so far, `message_end` the token usage,
// `error` a failure; every event names the conversation.
import type { Runtime } from '../../../engine/types.js'
import {
  type ChatFailure,
  type ChatOutcome,
  type ChatUsage,
  callProvider,
  type LlmEndpoint,
  parseJson,
  sseReader,
  usageOf,
  withoutKey,
} from './client.js'

export type DifyRequest = { query: string; inputs: Record<string, string>; user: string; conversationId?: string }

/** Dify's credentials keep only the origin of the endpoint (`https://x/v1` is stored as `https://x`), as Typebot's do. */
export const difyUrl = (endpoint: LlmEndpoint, path: string) => {
  let origin = endpoint.baseUrl.trim().replace(/\/+$/, '')
  try {
    origin = new URL(origin).origin
  } catch {}
  return `${origin}/v1${path}`
}

const requestBody = (request: DifyRequest) =>
  JSON.stringify({
    inputs: request.inputs,
    query: request.query,
    response_mode: 'streaming',
    ...(request.conversationId && { conversation_id: request.conversationId }),
    user: request.user,
  })

/** A chat message; `onText` gets the answer's pieces as they arrive (a `message_replace` sends nothing). */
export const sendDifyChatMessage = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: DifyRequest,
  onText: (text: string) => void = () => {},
): Promise<ChatOutcome> => {
  let content = ''
  let usage: ChatUsage = {}
  let conversationId: string | undefined
  let failure: ChatFailure | undefined
  let sawEvents = false
  const reader = sseReader((data) => {
    const event = parseJson(data)
    if (!event) return
    sawEvents = true
    if (typeof event.conversation_id === 'string' && event.conversation_id) conversationId = event.conversation_id
    if ((event.event === 'message' || event.event === 'agent_message') && typeof event.answer === 'string' && event.answer) {
      content += event.answer
      onText(event.answer)
    } else if (event.event === 'message_replace' && typeof event.answer === 'string') content = event.answer
    else if (event.event === 'message_end' && event.metadata?.usage) usage = usageOf({ usage: event.metadata.usage })
    else if (event.event === 'error') failure ??= { ok: false, status: event.status, message: `${event.code ?? 'error'}: ${event.message ?? data}` }
  })
  const outcome = await callProvider(runtime, {
    url: difyUrl(endpoint, '/chat-messages'),
    headers: { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json' },
    body: requestBody(request),
    onChunk: reader.push,
  })
  if (!outcome.ok) return withoutKey(endpoint, outcome)
  reader.end()
  if (failure) return withoutKey(endpoint, failure)
  if (sawEvents) return { ok: true, content, usage, ...(conversationId && { conversationId }) }
  // A blocking answer: one JSON document.
  const body = parseJson(outcome.text)
  if (typeof body?.answer !== 'string')
    return withoutKey(endpoint, { ok: false, message: `The response has no answer: ${outcome.text.slice(0, 200)}` })
  onText(body.answer)
  return {
    ok: true,
    content: body.answer,
    usage: usageOf(body.metadata ?? {}),
    ...(body.conversation_id && { conversationId: body.conversation_id }),
  }
}
