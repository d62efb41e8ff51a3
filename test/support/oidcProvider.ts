// A local OpenID Connect provider (npm `oidc-provider`, with its development login and consent pages) on loopback,
// and a Parley server configured to sign in with it.
import { createServer } from 'node:http'
import Provider from 'oidc-provider'
import { startTestServer, type TestServer } from './server.js'

export type OidcPerson = { email: string; email_verified: boolean; name: string }

export const startOidcSetup = async (people: Record<string, OidcPerson>, env: Record<string, string> = {}) => {
  let provider: Provider | undefined
  // The provider needs Parley's callback URL and Parley the provider's issuer: listen first, make the provider after.
  const providerServer = createServer((req, res) => (provider ? provider.callback()(req, res) : res.writeHead(503).end()))
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(providerServer.address() as { port: number }).port}`
  const server: TestServer = await startTestServer({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'parley',
    OIDC_CLIENT_SECRET: 'parley-client-secret',
    OIDC_NAME: 'Local ID',
    ...env,
  })
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'parley',
        client_secret: 'parley-client-secret',
        redirect_uris: [`${server.builderUrl}/v1/auth/oidc/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, ...people[sub] }) }),
  })
  return {
    server,
    issuer,
    async close() {
      await server.stop()
      await new Promise<void>((resolve) => providerServer.close(() => resolve()))
    },
  }
}
