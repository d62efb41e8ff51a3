// OpenAI's Assistants API (v2), streamed (the openai block's "Ask Assistant" when the client streams): the thread
// (created when the block's variable holds none), the user's message added, then a run created with `stream: true`
// whose `thread.message.delta` events carry the answer. The thread id travels as the outcome's `conversationId`.
// Runs that ask for functions are not streamed (the block answers them in its own turn, see forge/openai/assistant.ts).
import type { Runtime } from '../../../engine/types.js'
import {
  type ChatFailure,
  type ChatOutcome,
  callProvider,
  endpointUrl,
  type LlmEndpoint,
  openAiHeaders,
  parseJson,
  sseReader,
  withoutKey,
} from './client.js'

export type AssistantRequest = { assistantId: string; threadId?: string; message: string; instructions?: string }

/** The OpenAI headers plus the beta header the Assistants API v2 needs. */
export const assistantsHeaders = (endpoint: LlmEndpoint) => ({ ...openAiHeaders(endpoint), 'OpenAI-Beta': 'assistants=v2' })

const call = (runtime: Runtime, endpoint: LlmEndpoint, path: string, body: unknown, onChunk?: (chunk: Uint8Array) => void) =>
  callProvider(runtime, {
    url: endpointUrl(endpoint, path),
    headers: assistantsHeaders(endpoint),
    body: JSON.stringify(body),
    ...(onChunk && { onChunk }),
  })

const streamRun = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: AssistantRequest,
  onText: (text: string) => void,
): Promise<ChatOutcome> => {
  let threadId = request.threadId
  if (!threadId) {
    const thread = await call(runtime, endpoint, '/threads', {})
    if (!thread.ok) return thread
    threadId = parseJson(thread.text)?.id
    if (typeof threadId !== 'string') return { ok: false, message: `Unreadable answer: ${thread.text.slice(0, 200)}` }
  }
  const added = await call(runtime, endpoint, `/threads/${threadId}/messages`, { role: 'user', content: request.message })
  if (!added.ok) return added
  let content = ''
  let failure: ChatFailure | undefined
  const reader = sseReader((data) => {
    const event = parseJson(data)
    if (event?.object === 'thread.message.delta') {
      for (const part of event.delta?.content ?? []) {
        const value = part?.type === 'text' ? part.text?.value : undefined
        if (typeof value === 'string' && value) {
          content += value
          onText(value)
        }
      }
    } else if (event?.object === 'thread.run' && ['failed', 'cancelled', 'expired', 'incomplete'].includes(event.status))
      failure ??= { ok: false, message: `the run ended ${event.status}${event.last_error?.message ? `: ${event.last_error.message}` : ''}` }
    else if (event?.object === 'thread.run' && event.status === 'requires_action')
      failure ??= { ok: false, message: 'the assistant asked for a function, and this block has none' }
    else if (event?.error) failure ??= { ok: false, message: event.error.message ?? data }
  })
  const run = await call(
    runtime,
    endpoint,
    `/threads/${threadId}/runs`,
    { assistant_id: request.assistantId, ...(request.instructions && { additional_instructions: request.instructions }), stream: true },
    reader.push,
  )
  if (!run.ok) return run
  reader.end()
  if (failure) return failure
  return { ok: true, content: content.replace(/【[^】]*】/g, ''), usage: {}, conversationId: threadId }
}

export const streamAssistant = async (runtime: Runtime, endpoint: LlmEndpoint, request: AssistantRequest, onText: (text: string) => void) =>
  withoutKey(endpoint, await streamRun(runtime, endpoint, request, onText))
