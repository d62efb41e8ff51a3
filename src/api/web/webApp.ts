// The builder's web application (web/app, built by `npm run build` into dist/web/app): index.html for every page
// of the app, hashed assets under /assets. Served where the management API is, on the builder's origin only (asked
// for elsewhere, the same address there), since the app calls nothing else.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Sites } from '../sites.js'

/**
 * First path segments of the app's pages. They are reserved public ids too (contract/api.ts), so a bot's hosted page
 * never hides one of them.
 */
export const WEB_APP_SECTIONS = ['signin', 'signup', 'setup', 'reset-password', 'magic-link', 'invitations', 'account', 'w'] as const

/**
 * The app only talks to its own origin and runs only its own scripts; Mantine sets inline styles (hence
 * 'unsafe-inline' for styles only); the one frame it shows is the editor's preview, on the user-content origin; no
 * other site may frame it (clickjacking of the builder's buttons).
 */
const appCsp = (contentUrl: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${new URL(contentUrl).origin}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')

export const webAppPlugin: FastifyPluginAsync<{ dir: string; sites: Sites }> = async (fastify, { dir, sites }) => {
  fastify.addHook('onRequest', async (req, reply) => {
    if (req.site !== 'builder') return reply.redirect(`${sites.builderUrl()}${req.url}`, 302)
  })
  // Read per request until it exists (a build made after start-up is picked up), then kept.
  let index: string | undefined
  const sendIndex = async (reply: FastifyReply) => {
    index ??= await readFile(join(dir, 'index.html'), 'utf8').catch(() => undefined)
    if (!index) {
      return reply.code(503).send({
        code: 'web_app_not_built',
        message: 'The web application is not built: run `npm run build` (it writes dist/web/app), or set WEB_APP_DIR.',
      })
    }
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', appCsp(sites.contentUrl()))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .header('x-frame-options', 'DENY')
      .send(index)
  }
  fastify.get('/', (_req, reply) => sendIndex(reply))
  for (const section of WEB_APP_SECTIONS) {
    fastify.get(`/${section}`, (_req, reply) => sendIndex(reply))
    fastify.get(`/${section}/*`, (_req, reply) => sendIndex(reply))
  }
  await fastify.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/assets/',
    // Names carry a content hash: a changed file is a new URL.
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    index: false,
    wildcard: true,
  })
}
