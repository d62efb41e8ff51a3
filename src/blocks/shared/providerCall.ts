// A call to a provider's API with a workspace secret, through the runtime's guarded HTTP client: the answer when the
// provider accepted the request, else an error log (provider's status and message, or why the call failed) with
// the secret masked. Logs of integration blocks are for the bot's owners only (see BlockLog).
import type { BlockContext, BlockLog } from '../../engine/kinds.js'
import type { HttpOutcome, HttpRequest } from '../../engine/types.js'
import { errorMessage, failureLog } from './llm/client.js'
import { masked } from './llm/credentials.js'

export type ProviderAnswer = Extract<HttpOutcome, { ok: true }>

export const callProvider = async (
  ctx: BlockContext,
  label: string,
  secret: string,
  request: HttpRequest,
): Promise<{ ok: true; answer: ProviderAnswer } | { ok: false; log: BlockLog }> => {
  const outcome = await ctx.runtime.httpRequest({ ...request, purpose: 'service' })
  if (!outcome.ok) return { ok: false, log: failureLog(label, { ok: false, message: masked(outcome.message, secret) }) }
  if (outcome.status >= 400) {
    return { ok: false, log: failureLog(label, { ok: false, status: outcome.status, message: masked(errorMessage(outcome.text), secret) }) }
  }
  return { ok: true, answer: outcome }
}
