// The part of `oidc-provider` (an OpenID provider, a dev dependency: it ships no types) the sign-in tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type Account = { accountId: string; claims: (...args: unknown[]) => Promise<Record<string, unknown>> }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[]
        claims?: Record<string, string[]>
        features?: Record<string, { enabled: boolean }>
        ttl?: Record<string, number>
        findAccount: (ctx: unknown, sub: string) => Promise<Account | undefined>
      },
    )
    callback(): (req: IncomingMessage, res: ServerResponse) => void
  }
}
