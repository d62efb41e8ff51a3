// What a bot's custom domain serves (app/customDomains.ts): the bot's page at `/` (and at its own `/{publicId}`);
// never the domain's HTTP challenge, which its owner serves (that is the proof). A custom domain is never the builder's origin: like any host that is neither of
// the server's own it gets no session cookie (sites.ts), and what it does not serve here goes on as on such a host
// (the chat API, /chat.js and stored files work there; builder pages redirect to the builder's origin).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app/index.js'
import { RESERVED_PUBLIC_IDS } from '../../contract/api.js'

type SendPage = (req: FastifyRequest, reply: FastifyReply, publicId: string | null) => Promise<unknown>

/** Registered before the pages it takes over (a hook of the plugin that registers them). */
export const registerCustomDomainPages = (fastify: FastifyInstance, app: App, sendPage: SendPage) => {
  fastify.addHook('onRequest', async (req, reply) => {
    if (req.site !== 'other' || (req.method !== 'GET' && req.method !== 'HEAD')) return
    const route = req.routeOptions.url
    if (route !== '/' && route !== '/:publicId') return
    const segment = route === '/' ? undefined : (req.params as { publicId: string }).publicId
    // `/v1`, `/api`… alone keep the API's JSON 404.
    if (segment !== undefined && RESERVED_PUBLIC_IDS.has(segment.toLowerCase())) return
    const found = await app.customDomains.publicIdFor(req.hostname)
    if (!found) return
    // The domain shows its own bot only: other bots' pages are not the domain owner's to show.
    return sendPage(req, reply, segment === undefined || segment === found.publicId ? found.publicId : null)
  })
}
