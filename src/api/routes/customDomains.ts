// Custom domains: a bot's domain state and its HTTP challenge (management API), and the question a reverse proxy's
// on-demand TLS asks before obtaining a certificate for a host name (any process, no sign-in).
import { z } from 'zod'
import { notFound } from '../../app/errors.js'
import { botParams } from '../../contract/api.js'
import { type CustomDomainStatus, customDomainStatusSchema } from '../../contract/customDomains.js'
import { errorSchema } from '../../contract/errors.js'
import { defineRoute } from '../route.js'
import { exampleIds } from './botExamples.js'
import { errors, tags } from './bots.js'

const exampleStatus: CustomDomainStatus = {
  domain: 'chat.example.org',
  verificationRequired: true,
  verifiedAt: '2026-11-29T19:40:00.000Z',
  served: true,
  target: 'chat.example.com',
  challenge: {
    url: 'http://chat.example.org/.well-known/parley-domain-challenge/5f0c9a4e2b7d41c8a3e6f1b2d4c8e9a0',
    answer: 'Vh2q0fYpM1dK7sQm3xWc9uEo5ZrT8bNa4iLgJ6kHy0E',
  },
}

export const customDomainRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/customDomain',
    operationId: 'getCustomDomain',
    auth: 'required',
    tags,
    summary: "Get the state of the bot's custom domain",
    description:
      'The bot\'s `customDomain` (set with PATCH /v1/bots/{botId}) serves its hosted page at that host name once the bot is published: point the domain at `target` (a CNAME record) through a reverse proxy that terminates TLS (docs/deploy.md, "Custom domains"). ' +
      'When the operator requires proof (CUSTOM_DOMAIN_VERIFICATION=http), the domain is served only once its owner proved control of it: publish `challenge.answer` as the file at `challenge.url` on the site the domain leads to now (Parley never serves that path itself), then call verify. Guests may read it.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: exampleStatus } },
    params: botParams,
    responses: { 200: { description: "The custom domain's state", schema: customDomainStatusSchema }, ...errors },
    async handler({ app, user, params }) {
      return app.customDomains.status(user, params.botId)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/customDomain/verify',
    operationId: 'verifyCustomDomain',
    auth: 'required',
    tags,
    summary: "Check the bot's custom domain now (its HTTP challenge)",
    description:
      'Fetches `http://<domain>/.well-known/parley-domain-challenge/<token>` through the domain (members and admins) and expects the file to hold `challenge.answer`: a pass marks the domain verified, so it is served even where the operator requires proof. ' +
      'The answer is the state with `check`: `ok` false and why (the domain does not resolve, answers 404, holds another text…) when it did not pass; a domain once verified stays verified. ' +
      "The fetch goes through the same guard as bots' HTTP requests: a domain resolving to a private or loopback address is refused unless HTTP_REQUEST_ALLOWLIST opens it. 400 when the bot has no custom domain.",
    example: {
      params: { botId: exampleIds.botId },
      response: { status: 200, body: { ...exampleStatus, check: { ok: true, message: 'chat.example.org reaches this server.' } } },
    },
    params: botParams,
    responses: { 200: { description: 'The state after the check, with its outcome', schema: customDomainStatusSchema }, ...errors },
    async handler({ app, user, params }) {
      return app.customDomains.verify(user, params.botId)
    },
  }),
]

const askAnswer = z.object({ domain: z.string() })

/** Served by every process, without sign-in: the reverse proxy asks it from the server's own network. */
export const customDomainAskRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/customDomains/ask',
    operationId: 'askCustomDomain',
    auth: 'none',
    tags: ['Service'],
    summary: 'May a TLS certificate be obtained for this host name? (reverse proxy on-demand TLS)',
    description:
      "For a reverse proxy that obtains certificates on demand (Caddy's `on_demand_tls { ask … }`): answers 200 when `domain` is a bot's custom domain on this server (verified, when CUSTOM_DOMAIN_VERIFICATION requires it), 404 otherwise, so certificates are only requested for domains a bot names. " +
      'No sign-in: it tells no more than requesting the domain would.',
    example: { query: { domain: 'chat.example.org' }, response: { status: 200, body: { domain: 'chat.example.org' } } },
    query: z.object({ domain: z.string().max(300).meta({ description: 'The host name the proxy was asked for' }) }),
    responses: {
      200: { description: 'A custom domain of a bot: a certificate may be obtained', schema: askAnswer },
      404: { description: 'Not a custom domain this server serves', schema: errorSchema },
    },
    async handler({ app, query }) {
      if (await app.customDomains.known(query.domain)) return { domain: query.domain.trim().toLowerCase() }
      throw notFound(`${query.domain} is not a custom domain served here.`)
    },
  }),
]
