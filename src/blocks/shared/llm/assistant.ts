// OpenAI's Assistants API (v2), streamed (the openai block's "Ask Assistant" when the client streams): the thread
// (created when the block's variable holds none), the user's message added, then a run created with `stream: true`
// whose `thread.message.delta` events carry the answer. The thread id travels as the outcome's `conversationId`.
// A run that asks for functions ends its stream with `requires_action`: their outputs (the block's functions, run in
// the sandbox) are submitted with `stream: true`, and the run's answer goes on streaming.
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
import { parseArguments, type ToolRunner } from './tools.js'

/** Rounds of function calls one run may ask for. */
export const MAX_ASSISTANT_TOOL_ROUNDS = 10

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
  tools?: ToolRunner,
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
  let path = `/threads/${threadId}/runs`
  let body: unknown = {
    assistant_id: request.assistantId,
    ...(request.instructions && { additional_instructions: request.instructions }),
    stream: true,
  }
  for (let round = 0; ; round++) {
    let failure: ChatFailure | undefined
    // A run that asks for functions ends its stream there; their outputs are submitted in a new stream.
    let action: { runId: string; calls: any[] } | undefined
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
      else if (event?.object === 'thread.run' && event.status === 'requires_action' && typeof event.id === 'string')
        action = { runId: event.id, calls: event.required_action?.submit_tool_outputs?.tool_calls ?? [] }
      else if (event?.error) failure ??= { ok: false, message: event.error.message ?? data }
    })
    const run = await call(runtime, endpoint, path, body, reader.push)
    if (!run.ok) return run
    reader.end()
    if (failure) return failure
    if (!action) return { ok: true, content: content.replace(/【[^】]*】/g, ''), usage: {}, conversationId: threadId }
    const problem = !tools
      ? 'the assistant asked for a function, and this block has none'
      : round >= MAX_ASSISTANT_TOOL_ROUNDS
        ? `it asked for functions more than ${MAX_ASSISTANT_TOOL_ROUNDS} times and was cancelled`
        : undefined
    if (problem) {
      // A run left waiting would keep the thread locked: the next message could not be added.
      await call(runtime, endpoint, `/threads/${threadId}/runs/${action.runId}/cancel`, {})
      return { ok: false, message: problem }
    }
    const toolOutputs = []
    for (const c of action.calls)
      toolOutputs.push({ tool_call_id: c?.id, output: await tools!.run(c?.function?.name, parseArguments(c?.function?.arguments)) })
    path = `/threads/${threadId}/runs/${action.runId}/submit_tool_outputs`
    body = { tool_outputs: toolOutputs, stream: true }
  }
}

export const streamAssistant = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: AssistantRequest,
  onText: (text: string) => void,
  tools?: ToolRunner,
) => withoutKey(endpoint, await streamRun(runtime, endpoint, request, onText, tools))
