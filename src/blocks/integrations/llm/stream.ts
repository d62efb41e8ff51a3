// The server side of a streamed completion: what `POST /v1/sessions/{id}/streamMessage` runs for a chat paused on
// an LLM block (client actions `stream` and `streamOpenAiChatCompletion`). The request was stored in the session
// state when the block paused; only the API key is read now, from the workspace credentials.
import type { SessionState } from '../../../engine/state.js'
import type { Runtime } from '../../../engine/types.js'
import type { StoredCredentials } from '../../actions/types.js'
import { failureLog, streamChatCompletion } from './client.js'
import { credentialText } from './completion.js'

export type StreamEnd = { ok: true; text: string } | { ok: false; message: string }
/** Runs the provider call, handing each piece of text to `onText`. Never throws for provider failures. */
export type CompletionStream = (onText: (text: string) => void) => Promise<StreamEnd>

export const pendingCompletionStream = async (
  state: SessionState,
  runtime: Runtime,
  credentials: (credentialsId: string) => Promise<StoredCredentials | undefined>,
): Promise<{ stream: CompletionStream } | { error: string }> => {
  const pending = state.pendingCompletion
  if (!pending || pending.blockId !== state.currentBlockId) return { error: 'This chat is not waiting for a streamed completion.' }
  const found = await credentials(pending.credentialsId)
  const apiKey = found && credentialText(found, 'apiKey')
  if (!apiKey) return { error: `The ${pending.label} credentials of this block no longer exist or have no API key.` }
  const endpoint = { baseUrl: pending.baseUrl, apiKey, apiVersion: pending.apiVersion }
  return {
    stream: async (onText) => {
      const outcome = await streamChatCompletion(runtime, endpoint, pending.request, onText)
      return outcome.ok ? { ok: true, text: outcome.content } : { ok: false, message: failureLog(pending.label, outcome).description }
    },
  }
}
