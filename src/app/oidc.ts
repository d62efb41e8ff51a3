// Sign-in with an OpenID Connect provider (openid-client): authorization code flow with PKCE, state and nonce.
// The provider's metadata is discovered on first use (and again after a failure), not at start-up, so a provider
// that is down does not keep Parley from starting.
import * as client from 'openid-client'
import { AppError } from './errors.js'

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; name: string }
/** What the browser keeps (in a signed, short-lived cookie) between the redirect to the provider and its callback. */
export type OidcPending = { state: string; nonce: string; verifier: string }
export type OidcProfile = { issuer: string; subject: string; email?: string; emailVerified: boolean; name?: string }

const SCOPE = 'openid email profile'

/** Plain HTTP only to a provider on this machine (tests, development); anywhere else the issuer must use HTTPS. */
const isLoopback = (url: URL) => url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)

export const createOidcClient = (settings: OidcSettings, redirectUri: () => string) => {
  let configuration: Promise<client.Configuration> | undefined
  const configured = () =>
    (configuration ??= (async () => {
      const issuer = new URL(settings.issuer)
      return client.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        isLoopback(issuer) ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
    })().catch((err) => {
      configuration = undefined
      throw new AppError('bad_request', `The sign-in provider could not be reached (${err instanceof Error ? err.message : 'unknown error'}).`)
    }))

  return {
    /** The button label. */
    name: settings.name,

    /** Where to send the browser, and what to keep until the callback. */
    async start(): Promise<{ url: string; pending: OidcPending }> {
      const config = await configured()
      const pending = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(),
        scope: SCOPE,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      })
      return { url: url.href, pending }
    },

    /** Redeems the callback's code (checking state, nonce and PKCE) and reads who signed in. */
    async finish(callbackQuery: string, pending: OidcPending): Promise<OidcProfile> {
      const config = await configured()
      const currentUrl = new URL(redirectUri())
      currentUrl.search = callbackQuery
      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        })
        const claims = tokens.claims()!
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
        const email = typeof (info.email ?? claims.email) === 'string' ? String(info.email ?? claims.email) : undefined
        const name = typeof (info.name ?? claims.name) === 'string' ? String(info.name ?? claims.name) : undefined
        return {
          issuer: config.serverMetadata().issuer,
          subject: claims.sub,
          email,
          emailVerified: (info.email_verified ?? claims.email_verified) === true,
          name,
        }
      } catch (err) {
        throw new AppError('unauthorized', `Sign-in with ${settings.name} failed (${err instanceof Error ? err.message : 'unknown error'}).`)
      }
    },
  }
}

export type OidcClient = ReturnType<typeof createOidcClient>
