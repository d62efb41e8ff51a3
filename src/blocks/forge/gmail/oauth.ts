// Google OAuth for the Gmail block. Parley cannot run the consent screen, so the credentials carry what that grant
// produced: client id and secret and a refresh token. Each turn gets an access token from the token endpoint
// (`grant_type=refresh_token`, form-encoded as RFC 6749 has it), kept in memory per credentials until shortly
// before it expires. A still-valid `accessToken` + `expiryDate` stored with the credentials (Typebot's export) is
// used first.
import { createHash } from 'node:crypto'
import type { BlockContext, StoredCredentials } from '../../../engine/kinds.js'
import { callService, credentialText, type ServiceAnswer } from '../../shared/service.js'

export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
/** A token this close to its expiry is refreshed: a call may take this long. */
const MARGIN_MS = 60_000
const MAX_CACHED = 1000

const cache = new Map<string, { token: string; expiresAt: number }>()

/** The secrets of Gmail credentials, to keep out of every log. */
export const oauthSecrets = (credentials: StoredCredentials, accessToken?: string) => [
  credentialText(credentials, 'clientSecret'),
  credentialText(credentials, 'refreshToken'),
  credentialText(credentials, 'accessToken'),
  accessToken,
]

const cacheKey = (credentials: StoredCredentials) =>
  `${credentials.id}:${createHash('sha256')
    .update(`${credentialText(credentials, 'clientId')}\n${credentialText(credentials, 'refreshToken')}\n${credentialText(credentials, 'tokenUrl')}`)
    .digest('hex')}`

export const accessToken = async (
  credentials: StoredCredentials,
  ctx: BlockContext,
): Promise<{ token: string } | Extract<ServiceAnswer, { ok: false }>> => {
  const now = ctx.runtime.now().getTime()
  const stored = credentialText(credentials, 'accessToken')
  const storedExpiry = Number(credentials.data.expiryDate)
  if (stored && storedExpiry - MARGIN_MS > now) return { token: stored }
  const key = cacheKey(credentials)
  const cached = cache.get(key)
  if (cached && cached.expiresAt - MARGIN_MS > now) return { token: cached.token }
  const [clientId, clientSecret, refreshToken] = ['clientId', 'clientSecret', 'refreshToken'].map((field) => credentialText(credentials, field))
  if (!clientId || !clientSecret || !refreshToken) return { ok: false, message: 'the credentials need clientId, clientSecret and refreshToken' }
  const answer = await callService(
    ctx,
    {
      url: credentialText(credentials, 'tokenUrl') ?? DEFAULT_GOOGLE_TOKEN_URL,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    },
    oauthSecrets(credentials),
  )
  if (!answer.ok) return answer
  const token = answer.data?.access_token
  if (typeof token !== 'string' || !token) return { ok: false, message: 'the token endpoint answered without an access_token' }
  const expiresIn = typeof answer.data.expires_in === 'number' ? answer.data.expires_in : 3600
  if (cache.size >= MAX_CACHED) cache.clear()
  cache.set(key, { token, expiresAt: now + expiresIn * 1000 })
  return { token }
}
