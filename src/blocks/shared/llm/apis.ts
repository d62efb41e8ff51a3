// The chat APIs LLM blocks call, by name: a paused block keeps the name in the session (functions cannot be kept),
// and the stream call finds the API again by it.
import type { Runtime } from '../../../engine/types.js'
import { createAnthropicMessage, streamAnthropicMessage } from './anthropic.js'
import { type AssistantRequest, streamAssistant } from './assistant.js'
import { type ChatOutcome, type ChatRequest, createChatCompletion, type LlmEndpoint, streamChatCompletion } from './client.js'
import { type DifyRequest, sendDifyChatMessage } from './dify.js'
import { createResponse, type ResponsesRequest, streamResponse } from './responses.js'
import type { ToolRunner } from './tools.js'

export type ChatApi<R> = {
  /** `tools` answers the model's function calls (APIs without them ignore it). */
  complete(runtime: Runtime, endpoint: LlmEndpoint, request: R, tools?: ToolRunner): Promise<ChatOutcome>
  /** `tools` answers the model's function calls between the streamed steps. */
  stream(runtime: Runtime, endpoint: LlmEndpoint, request: R, onText: (text: string) => void, tools?: ToolRunner): Promise<ChatOutcome>
}

type ApiRequests = { openai: ChatRequest; anthropic: ChatRequest; dify: DifyRequest; responses: ResponsesRequest; assistant: AssistantRequest }
export type ChatApiName = keyof ApiRequests
/** The request each API takes. */
export type ApiRequest<N extends ChatApiName> = ApiRequests[N]

export const chatApis: { [N in ChatApiName]: ChatApi<ApiRequests[N]> } = {
  openai: { complete: createChatCompletion, stream: streamChatCompletion },
  anthropic: {
    complete: (runtime, endpoint, request, tools) => createAnthropicMessage(runtime, endpoint, request, { tools }),
    stream: streamAnthropicMessage,
  },
  dify: {
    complete: (runtime, endpoint, request) => sendDifyChatMessage(runtime, endpoint, request),
    stream: (runtime, endpoint, request, onText) => sendDifyChatMessage(runtime, endpoint, request, onText),
  },
  responses: { complete: createResponse, stream: streamResponse },
  // Ask Assistant answers whole through its own polling flow; this API only serves its streams.
  assistant: {
    complete: (runtime, endpoint, request, tools) => streamAssistant(runtime, endpoint, request, () => {}, tools),
    stream: streamAssistant,
  },
}
