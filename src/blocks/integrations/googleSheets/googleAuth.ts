// Google access tokens for Sheets from workspace credentials: an OAuth refresh token (with its client id and secret)
// or a service account (an RS256-signed JWT assertion, RFC 7523). Tokens are cached in memory per credentials until
// shortly before they expire. The token endpoint and the API base come from the credentials only, never from the bot.
import { createHash, createSign } from 'node:crypto'
import type { StoredCredentials } from '../../../engine/kinds.js'
import type { Runtime } from '../../../engine/types.js'
import { credentialText } from '../../shared/llm/credentials.js'

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
export const SHEETS_API_URL = 'https://sheets.googleapis.com'
const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets'
export const GOOGLE_TIMEOUT_MS = 30_000
/** A token is renewed this long before Google's expiry, so that no call starts with one about to lapse. */
const EXPIRY_MARGIN_MS = 60_000
const MAX_CACHED_TOKENS = 1000

type Grant =
  | { kind: 'refresh'; refreshToken: string; clientId: string; clientSecret: string }
  | { kind: 'serviceAccount'; clientEmail: string; privateKey: string }

export type GoogleAccess = { accessToken: string; apiBaseUrl: string; secrets: string[] }
export type GoogleAuthFailure = { error: string; details?: Record<string, unknown> }

const cache = new Map<string, { accessToken: string; expiresAt: number }>()

const grantOf = (credentials: StoredCredentials): Grant | undefined => {
  const text = (key: string) => credentialText(credentials, key)
  const [refreshToken, clientId, clientSecret] = [text('refreshToken'), text('clientId'), text('clientSecret')]
  if (refreshToken && clientId && clientSecret) return { kind: 'refresh', refreshToken, clientId, clientSecret }
  const [clientEmail, privateKey] = [text('clientEmail'), text('privateKey')]
  // A key pasted from a service account's JSON file may keep its newlines escaped.
  if (clientEmail && privateKey) return { kind: 'serviceAccount', clientEmail, privateKey: privateKey.replace(/\\n/g, '\n') }
  return undefined
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** The signed JWT a service account exchanges for an access token. */
const assertion = (grant: Extract<Grant, { kind: 'serviceAccount' }>, tokenUrl: string, now: Date): string => {
  const iat = Math.floor(now.getTime() / 1000)
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))
  const claims = base64url(JSON.stringify({ iss: grant.clientEmail, scope: SHEETS_SCOPE, aud: tokenUrl, iat, exp: iat + 3600 }))
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(grant.privateKey)
  return `${header}.${claims}.${base64url(signature)}`
}

const tokenRequestBody = (grant: Grant, tokenUrl: string, now: Date): string => {
  if (grant.kind === 'refresh') {
    const { refreshToken, clientId, clientSecret } = grant
    return new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    }).toString()
  }
  return new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: assertion(grant, tokenUrl, now) }).toString()
}

/** Replaces every secret in a text that may reach a log (a token endpoint may quote what it was sent). */
export const redact = (text: string, secrets: string[]): string => secrets.reduce((t, secret) => (secret ? t.split(secret).join('***') : t), text)

const parseJson = (text: string): any => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An access token for these credentials (cached), with where Sheets calls go; or why there is none. */
export const googleAccess = async (runtime: Runtime, credentials: StoredCredentials): Promise<GoogleAccess | GoogleAuthFailure> => {
  const grant = grantOf(credentials)
  if (!grant) {
    return { error: 'The Google Sheets credentials need a refresh token with its client id and secret, or a service account email and private key.' }
  }
  const tokenUrl = credentialText(credentials, 'tokenUrl') ?? GOOGLE_TOKEN_URL
  const apiBaseUrl = (credentialText(credentials, 'apiBaseUrl') ?? SHEETS_API_URL).replace(/\/+$/, '')
  const secrets = grant.kind === 'refresh' ? [grant.refreshToken, grant.clientSecret] : [grant.privateKey]
  // Keyed by what the token was made from, so that credentials recreated under the same id never reuse another's.
  const key = createHash('sha256')
    .update(JSON.stringify([credentials.id, grant, tokenUrl]))
    .digest('base64')
  const now = runtime.now()
  const cached = cache.get(key)
  if (cached && cached.expiresAt > now.getTime()) return { accessToken: cached.accessToken, apiBaseUrl, secrets: [...secrets, cached.accessToken] }

  let body: string
  try {
    body = tokenRequestBody(grant, tokenUrl, now)
  } catch {
    return { error: 'The Google service account private key could not sign a token request (is it a PEM private key?).' }
  }
  const outcome = await runtime.httpRequest({
    url: tokenUrl,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    timeoutMs: GOOGLE_TIMEOUT_MS,
  })
  if (!outcome.ok) return { error: `Google token request failed: ${redact(outcome.message, secrets)}` }
  const answer = parseJson(outcome.text)
  if (outcome.status >= 400 || typeof answer?.access_token !== 'string') {
    const reason = answer?.error_description ?? answer?.error ?? outcome.text.slice(0, 300)
    return { error: `Google token request failed: ${redact(String(reason), secrets)}`, details: { status: outcome.status } }
  }
  const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) * 1000
  cache.delete(key)
  cache.set(key, { accessToken: answer.access_token, expiresAt: now.getTime() + lifetimeMs - EXPIRY_MARGIN_MS })
  if (cache.size > MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value!)
  return { accessToken: answer.access_token, apiBaseUrl, secrets: [...secrets, answer.access_token] }
}
