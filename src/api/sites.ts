// The two origins by trust (docs/security.md). The builder's (web app, management API, the session cookie) and the
// user content's (bot pages, the editor's preview frame, stored files) are two host names, so that nothing bot
// authors or visitors supply runs, or is served, where the builder is signed in. Requests are told apart by their
// Host header; a host that is neither (an internal address, a health check) is `other`: it gets no cookies and no
// pages, only what bearer tokens and anonymous visitors may call anywhere.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../app/errors.js'
import { type Config, siteUrls } from '../config.js'
import { checkWriteOrigin } from './auth.js'
import { readSessionCookie } from './sessionCookie.js'

export type Site = 'builder' | 'content' | 'other'

declare module 'fastify' {
  interface FastifyRequest {
    /** Which origin the request was addressed to. */
    site: Site
    /** The session cookie it carries, read on the builder's origin only (sessionCookie.ts). */
    sessionCookie: string | null
  }
  interface FastifyContextConfig {
    /**
     * `builder`: served on the builder's origin only (routes that set or read the session cookie); `content`: never
     * on the builder's origin (bytes visitors and bots supplied).
     */
    site?: 'builder' | 'content'
  }
}

export type Sites = {
  /** The builder's address, e.g. https://build.example.com (no trailing slash). */
  builderUrl(): string
  /** The user content's address, e.g. https://chat.example.com. */
  contentUrl(): string
  /** Which origin a request was addressed to. */
  of(req: FastifyRequest): Site
  /** The port the server listens on, for the default addresses (PORT may be 0). */
  listening(port: number): void
}

/** By host name, and by port only where the address names one: proxies may or may not pass the port on in Host. */
const matches = (url: URL, req: FastifyRequest) =>
  req.hostname.toLowerCase() === url.hostname && (!url.port || req.port == null || String(req.port) === url.port)

export const createSites = (config: Pick<Config, 'urls' | 'port' | 'host'>): Sites => {
  let urls = siteUrls(config)
  let parsed = { builder: new URL(urls.builder), content: new URL(urls.content) }
  return {
    builderUrl: () => urls.builder,
    contentUrl: () => urls.content,
    of: (req) => (matches(parsed.builder, req) ? 'builder' : matches(parsed.content, req) ? 'content' : 'other'),
    listening(port) {
      urls = siteUrls(config, port)
      parsed = { builder: new URL(urls.builder), content: new URL(urls.content) }
    },
  }
}

/**
 * Tells every request its site, reads the session cookie where it counts, and holds routes to their origin: a GET
 * on the wrong one is redirected to the same path on the right one, anything else answers 421. A write to a
 * builder-only route (sign-in, sign-up…) must also come from the builder's own pages: no other site can sign a
 * browser in or out.
 */
export const registerSites = (fastify: FastifyInstance, sites: Sites) => {
  fastify.decorateRequest('site', 'other')
  fastify.decorateRequest('sessionCookie', null)
  fastify.addHook('onRequest', async (req, reply) => {
    req.site = sites.of(req)
    if (req.site === 'builder') req.sessionCookie = readSessionCookie(req, reply, sites.builderUrl()) ?? null
    const wanted = req.routeOptions.config.site
    if (!wanted) return
    if (wanted === 'builder' ? req.site === 'builder' : req.site !== 'builder') {
      if (wanted === 'builder') checkWriteOrigin(req, sites.builderUrl())
      return
    }
    const target = wanted === 'builder' ? sites.builderUrl() : sites.contentUrl()
    if (req.method === 'GET' || req.method === 'HEAD') return reply.redirect(`${target}${req.url}`, 302)
    throw new AppError('wrong_host', `This is served at ${target}, not on this host name.`)
  })
}
