// The server side of a streamed completion: what a chat's `streamMessage` call runs while it is paused on an LLM
// block (client actions `stream` and `streamOpenAiChatCompletion`). The request was kept in the session when the
// block paused (the waiting slot's data); the API key and the base URL are read now, from the workspace credentials.
import type { ActionKind, CompletionStream } from '../../../engine/kinds.js'
import { failureLog, type ChatRequest, streamChatCompletion } from './client.js'
import { credentialsBaseUrl, credentialText } from './credentials.js'

/** What a paused LLM block keeps in the session. It holds no secret. */
export type PendingCompletion = {
  credentialsId: string
  /** Shown in logs and errors ("OpenAI", "Mistral"). */
  label: string
  /** The provider's endpoint, for credentials without a base URL of their own (see `credentialsBaseUrl`). */
  defaultBaseUrl: string
  apiVersion?: string
  request: ChatRequest
}

export const pendingCompletionStream: NonNullable<ActionKind['stream']> = async (data, { runtime, credentials }) => {
  const pending = data as PendingCompletion | undefined
  if (!pending?.request) return { error: 'This chat is not waiting for a streamed completion.' }
  const found = await credentials(pending.credentialsId)
  const apiKey = found && credentialText(found, 'apiKey')
  if (!apiKey) return { error: `The ${pending.label} credentials of this block no longer exist or have no API key.` }
  // A session paused before base URLs came from the credentials only kept the one then chosen (possibly the bot's).
  if (typeof pending.defaultBaseUrl !== 'string') return { error: 'This completion was prepared by an older version of Parley; restart the chat.' }
  const endpoint = { baseUrl: credentialsBaseUrl(found, pending.defaultBaseUrl), apiKey, apiVersion: pending.apiVersion }
  const stream: CompletionStream = async (onText) => {
    const outcome = await streamChatCompletion(runtime, endpoint, pending.request, onText)
    return outcome.ok ? { ok: true, text: outcome.content } : { ok: false, message: failureLog(pending.label, outcome).description }
  }
  return stream
}
