// A local peer speaking Stripe's REST API for PaymentIntents: `POST /v1/payment_intents` (form-encoded, as Stripe
// takes it) and `GET /v1/payment_intents/{id}`, with bearer secret keys and Stripe's error shape. Intents start as
// `requires_payment_method`; `setStatus` plays the customer's payment. Every request is recorded.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StripeRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: Record<string, string> }
export type PaymentIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: string
  client_secret: string
} & Record<string, unknown>

export type StripeServer = {
  /** Base URL to give credentials: `http://127.0.0.1:<port>`. */
  baseUrl: string
  requests: StripeRequest[]
  intents: Map<string, PaymentIntent>
  setStatus(id: string, status: string): void
  close(): Promise<void>
}

const error = (status: number, message: string, extra: Record<string, string> = {}) => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
})

/** A peer that accepts these secret keys. */
export const startStripeServer = async (secretKeys: string[]): Promise<StripeServer> => {
  const requests: StripeRequest[] = []
  const intents = new Map<string, PaymentIntent>()
  let next = 1
  const answer = (req: StripeRequest): { status: number; body: unknown } => {
    const key = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
    if (!secretKeys.includes(key)) return error(401, `Invalid API Key provided: ${key.slice(0, 8)}****`)
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const amount = Number(req.form.amount)
      if (!Number.isInteger(amount) || amount < 1)
        return error(400, 'This value must be greater than or equal to 1.', { param: 'amount', code: 'parameter_invalid_integer' })
      if (!req.form.currency) return error(400, 'Missing required param: currency.', { param: 'currency', code: 'parameter_missing' })
      const id = `pi_test${next++}`
      const intent: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: req.form.currency.toLowerCase(),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${key.slice(-4)}${next}`,
        livemode: key.startsWith('sk_live'),
        receipt_email: req.form.receipt_email ?? null,
        description: req.form.description ?? null,
      }
      intents.set(id, intent)
      return { status: 200, body: intent }
    }
    const match = req.method === 'GET' && req.path.match(/^\/v1\/payment_intents\/([^/?]+)/)
    if (match) {
      const intent = intents.get(decodeURIComponent(match[1]))
      return intent ? { status: 200, body: intent } : error(404, `No such payment_intent: '${match[1]}'`, { code: 'resource_missing' })
    }
    return error(404, `Unrecognized request URL (${req.method}: ${req.path}).`)
  }
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, form: Object.fromEntries(new URLSearchParams(raw)) }
    requests.push(recorded)
    const { status, body } = answer(recorded)
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    intents,
    setStatus: (id, status) => {
      const intent = intents.get(id)
      if (!intent) throw new Error(`No intent ${id}`)
      intent.status = status
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
