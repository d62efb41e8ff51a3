// Stripe's API through the runtime's guarded HTTP client: the `stripe` SDK builds the requests and reads the
// answers, and a fetch function over `runtime.httpRequest` sends them, so the SSRF rules apply to the credentials'
// base URL too and the secret key only goes to that URL (or to Stripe's).
import Stripe from 'stripe'
import type { StoredCredentials } from '../../../engine/kinds.js'
import type { Runtime } from '../../../engine/types.js'
import { credentialsBaseUrl, credentialText } from '../../shared/llm/credentials.js'

export const STRIPE_API_URL = 'https://api.stripe.com'
const STRIPE_TIMEOUT_MS = 30_000

export type StripeKeys = { secretKey: string; publicKey: string }

/** The keys a chat uses: test keys in preview when the credentials have them, live keys otherwise (as Typebot). */
export const stripeKeys = (credentials: StoredCredentials, isPreview: boolean): StripeKeys | undefined => {
  const pick = (mode: 'test' | 'live') => {
    const secretKey = credentialText(credentials, `${mode}SecretKey`)
    const publicKey = credentialText(credentials, `${mode}PublicKey`)
    return secretKey && publicKey ? { secretKey, publicKey } : undefined
  }
  return (isPreview && pick('test')) || pick('live')
}

/** `fetch` as the SDK calls it, answered by the runtime's guarded client (whole bodies: Stripe's are small JSON). */
const guardedFetch =
  (runtime: Runtime): typeof fetch =>
  async (input, init) => {
    const outcome = await runtime.httpRequest({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers)),
      body: typeof init?.body === 'string' ? init.body : undefined,
      timeoutMs: STRIPE_TIMEOUT_MS,
    })
    if (!outcome.ok) throw new Error(outcome.message)
    const empty = outcome.status === 204 || outcome.status === 304
    return new Response(empty ? null : outcome.text, { status: outcome.status, headers: outcome.headers })
  }

/** A Stripe client for these credentials' API (their `baseUrl`, else Stripe's), without retries or telemetry. */
export const stripeClient = (runtime: Runtime, credentials: StoredCredentials, secretKey: string): Stripe => {
  const url = new URL(credentialsBaseUrl(credentials, STRIPE_API_URL))
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(guardedFetch(runtime)),
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: STRIPE_TIMEOUT_MS,
  })
}

/** A Stripe failure as log text, without the secret key (whatever answers at the base URL may quote it back). */
export const stripeFailure = (err: unknown, secretKey: string): { message: string; details: Record<string, unknown> } => {
  const e = err as Partial<Stripe.errors.StripeError>
  const message = (err instanceof Error ? err.message : String(err)).split(secretKey).join('***')
  return { message, details: { statusCode: e.statusCode, type: e.type, code: e.code } }
}
