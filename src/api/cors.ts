// Cross-origin access for what browsers call from other sites: the chat routes (Parley's and the Typebot-compatible
// `/api/…` ones), uploads and stored files. Every answer on them (errors and streams included) carries one
// `Access-Control-Allow-Origin`: the caller's origin echoed (or `*` without one), never with credentials, since
// the session id is the only credential. Which origins may chat with a bot is decided per bot by the application
// (`settings.security.allowedOrigins`), answering 403 with a message the client shows.
import cors from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** Paths browsers on other origins call (duplicate slashes allowed: clients build `${apiHost}/api/…`). */
const BROWSER_PATHS = /^\/+(api\/|v1\/sessions\/|v1\/files\/|v1\/uploads\/|v1\/bots\/[^/]+\/startChat)/

/** The headers clients send that are not CORS-safelisted: JSON bodies, the iframe referrer, raw uploads. */
const ALLOWED_HEADERS = ['content-type', 'x-typebot-iframe-referrer-origin', 'cache-control', 'authorization']

export const isBrowserPath = (url: string) => BROWSER_PATHS.test(url)

/** The options of the browser paths, made once: the plugin copies them on every request, a constant shape is cheap. */
const browserOptions = (origin: true | '*') => ({
  origin,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
  allowedHeaders: ALLOWED_HEADERS,
  maxAge: 86_400,
  credentials: false,
  // Any OPTIONS on these paths answers 204 (as Typebot's server does), not a text/plain 400.
  strictPreflight: false,
})
const ECHO_ORIGIN = browserOptions(true)
const ANY_ORIGIN = browserOptions('*')
const NO_CORS = { origin: false }

export const registerCors = (fastify: FastifyInstance) =>
  fastify.register(cors, {
    hook: 'onRequest',
    delegator: (req: FastifyRequest, callback) => {
      if (!isBrowserPath(req.url)) return callback(null, NO_CORS)
      callback(null, typeof req.headers.origin === 'string' ? ECHO_ORIGIN : ANY_ORIGIN)
    },
  })
