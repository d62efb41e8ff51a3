// The server side of a streamed completion: what a chat's `streamMessage` call runs while it is paused on an LLM
// block (client actions `stream` and `streamOpenAiChatCompletion`). The request was kept in the session when the
// block paused (the waiting slot's data); only the API key is read now, from the workspace credentials.
import type { ActionKind, CompletionStream } from '../../../engine/kinds.js'
import { failureLog, type ChatRequest, streamChatCompletion } from './client.js'
import { credentialText } from './credentials.js'

/** What a paused LLM block keeps in the session. It holds no secret. */
export type PendingCompletion = {
  credentialsId: string
  /** Shown in logs and errors ("OpenAI", "Mistral"). */
  label: string
  baseUrl: string
  apiVersion?: string
  request: ChatRequest
}

export const pendingCompletionStream: NonNullable<ActionKind['stream']> = async (data, { runtime, credentials }) => {
  const pending = data as PendingCompletion | undefined
  if (!pending?.request) return { error: 'This chat is not waiting for a streamed completion.' }
  const found = await credentials(pending.credentialsId)
  const apiKey = found && credentialText(found, 'apiKey')
  if (!apiKey) return { error: `The ${pending.label} credentials of this block no longer exist or have no API key.` }
  const endpoint = { baseUrl: pending.baseUrl, apiKey, apiVersion: pending.apiVersion }
  const stream: CompletionStream = async (onText) => {
    const outcome = await streamChatCompletion(runtime, endpoint, pending.request, onText)
    return outcome.ok ? { ok: true, text: outcome.content } : { ok: false, message: failureLog(pending.label, outcome).description }
  }
  return stream
}
