// The server side of a streamed completion: what a chat's `streamMessage` call runs while it is paused on an LLM
// block (client actions `stream` and `streamOpenAiChatCompletion`). The request was kept in the session when the
// block paused (the waiting slot's data); the API key and the base URL are read now, from the workspace credentials.
import type { ActionKind, CompletionStream } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { type ApiRequest, type ChatApi, type ChatApiName, chatApis } from './apis.js'
import { type Answer, failureLog } from './client.js'
import { credentialsBaseUrl, credentialText } from './credentials.js'
import { type FunctionCode, toolRunner } from './tools.js'

/** What a paused LLM block keeps in the session. It holds no secret. */
export type PendingCompletion = {
  credentialsId: string
  /** Shown in logs and errors ("OpenAI", "Mistral"). */
  label: string
  /** The provider's endpoint, for credentials without a base URL of their own (see `credentialsBaseUrl`). */
  defaultBaseUrl: string
  /** The credentials' field holding the base URL, when not `baseUrl`. */
  baseUrlField?: string
  apiVersion?: string
  /** The API that streams it; absent: OpenAI-compatible. */
  api?: ChatApiName
  request: ApiRequest<ChatApiName>
  /** The functions the request offers the model (their code runs in the sandbox while the answer streams). */
  functions?: FunctionCode[]
}

/** What the stream leaves for the block's resume: the client only sends the text back. */
export type DeliveredCompletion = Omit<Answer, 'content'> & { variableUpdates?: VariableUpdate[] }

export const pendingCompletionStream: NonNullable<ActionKind['stream']> = async (data, { runtime, credentials, variables }) => {
  const pending = data as PendingCompletion | undefined
  if (!pending?.request) return { error: 'This chat is not waiting for a streamed completion.' }
  const found = await credentials(pending.credentialsId)
  const apiKey = found && credentialText(found, 'apiKey')
  if (!apiKey) return { error: `The ${pending.label} credentials of this block no longer exist or have no API key.` }
  // A session paused before base URLs came from the credentials only kept the one then chosen (possibly the bot's).
  if (typeof pending.defaultBaseUrl !== 'string') return { error: 'This completion was prepared by an older version of Parley; restart the chat.' }
  const api = chatApis[pending.api ?? 'openai'] as ChatApi<unknown> | undefined
  if (!api) return { error: `This completion needs an API Parley no longer has (${pending.api}); restart the chat.` }
  const endpoint = { baseUrl: credentialsBaseUrl(found, pending.defaultBaseUrl, pending.baseUrlField), apiKey, apiVersion: pending.apiVersion }
  const stream: CompletionStream = async (onText) => {
    const tools = pending.functions?.length ? toolRunner(pending.functions, { variables, runtime }) : undefined
    const outcome = await api.stream(runtime, endpoint, pending.request, onText, tools)
    if (!outcome.ok) return { ok: false, message: failureLog(pending.label, outcome).description }
    // Token counts, the conversation id and what the functions set, kept for the block's resume.
    const delivered: DeliveredCompletion = {
      usage: outcome.usage,
      ...(outcome.conversationId && { conversationId: outcome.conversationId }),
      ...(tools?.updates.length && { variableUpdates: tools.updates }),
    }
    return { ok: true, text: outcome.content, delivered }
  }
  return stream
}
