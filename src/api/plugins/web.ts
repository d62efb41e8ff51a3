// What browsers open on the server itself: the builder's web application (`/`, its pages and `/assets`, where the
// management API is served, on the builder's origin; a chat-only process shows a home page instead), the web chat
// widget's script (`/chat.js`, anywhere), and on the user-content origin the hosted page of each published bot
// (`/{publicId}`) and the editor's preview frame, and at a bot's custom domain its page. A page asked for on the
// other origin is redirected to its own (sites.ts). Not API operations: not in the OpenAPI document.
import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { publicIdSchema, RESERVED_PUBLIC_IDS } from '../../contract/api.js'
import type { Services } from '../route.js'
import { chatScriptLoader, matchesEtag, pickEncoding } from '../web/chatScript.js'
import { registerCustomDomainPages } from '../web/customDomainPages.js'
import { botPage, homePage, unavailablePage } from '../web/pages.js'
import { PREVIEW_FRAME_PATH, previewFramePage } from '../web/previewFrame.js'
import { webAppPlugin } from '../web/webApp.js'

/** Pages without scripts: only their own inline style may apply. */
const staticPageCsp = (nonce: string) => `default-src 'none'; style-src 'nonce-${nonce}'; img-src data:; base-uri 'none'; form-action 'none'`

/**
 * The bot page: its own scripts (`/chat.js`) and the nonce'd bootstrap; `'unsafe-eval'` because a bot's Script
 * blocks run their author's code in the widget (as in every embed). Bots show media and embeds from anywhere, and
 * their HTTP requests and Typebot-style webhooks run from the page, hence the open media, frame and connect sources.
 * The preview frame has the same, framed by the builder only.
 */
const botPageCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'unsafe-eval'`,
    "style-src 'self' 'unsafe-inline' https:",
    'img-src * data: blob:',
    'media-src * data: blob:',
    'font-src * data:',
    "connect-src 'self' http: https: ws: wss:",
    'frame-src *',
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')

const sendHtml = (reply: FastifyReply, status: number, html: string, csp: string | undefined) => {
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache')
  reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin')
  if (csp) reply.header('content-security-policy', csp)
  return reply.send(html)
}

const newNonce = () => randomBytes(16).toString('base64')

/** The last value of each query-string parameter (as URLSearchParams reads them), as prefilled variables. */
const queryVariables = (query: unknown): Record<string, string> => {
  const variables: Record<string, string> = {}
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value.at(-1) : value
    if (typeof last === 'string') variables[name] = last
  }
  return variables
}

/** The hosted page of the bot with this public id (its page saying why not, when it cannot be chatted with). */
const sendHostedPage = async (
  { app, config }: Pick<Services, 'app' | 'config'>,
  req: FastifyRequest,
  reply: FastifyReply,
  publicId: string | null,
) => {
  const nonce = newNonce()
  const bot = publicId && publicIdSchema.safeParse(publicId).success ? await app.hostedPages.bot(publicId) : ({ status: 'missing' } as const)
  if (bot.status !== 'live') return sendHtml(reply, bot.status === 'closed' ? 410 : 404, unavailablePage(bot, nonce), staticPageCsp(nonce))
  const code = bot.settings.metadata?.customHeadCode
  const customHeadCode = config.hostedPage.customHead && typeof code === 'string' && code.trim() ? code : undefined
  const html = botPage({ bot, prefilledVariables: queryVariables(req.query), nonce, customHeadCode })
  // The author's head code is any HTML (scripts, styles, trackers): no CSP can allow it and still mean anything.
  return sendHtml(reply, 200, html, customHeadCode ? undefined : botPageCsp(nonce))
}

export const webPlugin: FastifyPluginAsync<Services> = async (fastify, { app, config, sites }) => {
  // Bots' custom domains serve their bot's page at `/`: decided before the builder's app would claim that path.
  if (config.api !== 'management') {
    registerCustomDomainPages(fastify, app, (req, reply, publicId) => sendHostedPage({ app, config }, req, reply, publicId))
  }
  if (config.api === 'chat') {
    fastify.get('/', (_req, reply) => {
      const nonce = newNonce()
      return sendHtml(reply, 200, homePage(nonce), staticPageCsp(nonce))
    })
  } else await fastify.register(webAppPlugin, { dir: config.webAppDir, sites })
  // Bot pages and the widget where chats are served; a management-only process has neither.
  if (config.api === 'management') return

  /** Pages of the user-content origin, asked for elsewhere: the same address there (query kept). */
  const toContent = (req: FastifyRequest, reply: FastifyReply) => reply.redirect(`${sites.contentUrl()}${req.url}`, 302)

  const chatScript = chatScriptLoader(config.webChatScript)
  fastify.get('/chat.js', async (req, reply) => {
    const script = await chatScript()
    if (!script) {
      return reply.code(503).send({
        code: 'widget_not_built',
        message: 'The web chat script is not built: run `npm run build` (it writes dist/web/parley-chat.js), or set WEB_CHAT_SCRIPT.',
      })
    }
    const encoding = pickEncoding(req.headers['accept-encoding'])
    const { body, etag } = script[encoding]
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .header('vary', 'accept-encoding')
      .header('x-content-type-options', 'nosniff')
      // Any site may load it, also as a module or from a page isolated with COEP.
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send()
    if (encoding !== 'identity') reply.header('content-encoding', encoding)
    return reply.send(body)
  })

  fastify.get(PREVIEW_FRAME_PATH, async (req, reply) => {
    if (req.site !== 'content') return toContent(req, reply)
    const nonce = newNonce()
    const builder = new URL(sites.builderUrl()).origin
    return sendHtml(reply, 200, previewFramePage(builder, nonce), `${botPageCsp(nonce)}; frame-ancestors ${builder}`)
  })

  fastify.get<{ Params: { publicId: string } }>('/:publicId', async (req, reply) => {
    const { publicId } = req.params
    // `/v1`, `/api`… alone are the API's unknown paths: they keep its JSON 404.
    if (RESERVED_PUBLIC_IDS.has(publicId.toLowerCase())) return reply.callNotFound()
    if (req.site !== 'content') return toContent(req, reply)
    return sendHostedPage({ app, config }, req, reply, publicId)
  })
}
