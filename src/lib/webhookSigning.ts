// Signatures of outgoing webhooks and their retry schedule (docs/webhooks.md). Receivers recompute the HMAC over
// "<t>.<raw body>" with their secret, compare in constant time, and refuse old timestamps (replays).
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The `Parley-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const signatureHeader = (secret: string, body: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`

/**
 * Whether a `Parley-Signature` header is valid for this body and secret, and at most `toleranceSeconds` old (or
 * ahead) at `nowSeconds`. Several `v1=` values are accepted (any one matching).
 */
export const verifySignature = (secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean => {
  const parts = header.split(',').map((p) => p.trim().split('='))
  const t = Number(parts.find(([k]) => k === 't')?.[1])
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'))
  return parts.some(([k, v]) => k === 'v1' && v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected))
}

/**
 * The wait before retry number `attempt` (1 = the retry after the first failure): `baseMs` × 2^(attempt-1), capped
 * at `maxMs`, with "equal jitter" (half fixed, half random) so that receivers coming back are not hit by every
 * retry at once. `random` is uniform in [0, 1).
 */
export const retryDelayMs = (attempt: number, baseMs: number, random: number, maxMs = 6 * 3600_000): number => {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(full / 2 + (full / 2) * random)
}
