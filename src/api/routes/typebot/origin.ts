import type { FastifyRequest } from 'fastify'

/**
 * The origin a chat request comes from. A page served by Parley itself (the hosted bot page) that is embedded in an
 * iframe sends the embedding site's origin in `x-typebot-iframe-referrer-origin`: that site is the one to check
 * against the bot's allowed origins. The header is only believed from Parley's own origin (any page may send it).
 */
export const chatOrigin = (req: FastifyRequest): string | undefined => {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined
  const referrer = req.headers['x-typebot-iframe-referrer-origin']
  const own = `${req.protocol}://${req.headers.host}`
  return origin === own && typeof referrer === 'string' && referrer ? referrer : origin
}
