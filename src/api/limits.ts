// Limits that keep one client from holding the server's connections or memory: a cap on open connections per
// client address, and a small body limit for anonymous callers (the only ones who need no token to send a body).
import type { Server } from 'node:http'
import { Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify'

/** Whether the request announces a body that has not been read yet. */
export const hasPendingBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

const tooLarge = (limit: number) =>
  Object.assign(new Error(`Request body is larger than ${limit} bytes (the limit for callers without a token).`), { statusCode: 413 })

/**
 * Closes connections beyond `max` open ones from one address as soon as they are accepted (0: no cap). The
 * file descriptors a client can take are then bounded, whatever it sends or does not send on them.
 */
export const capConnectionsPerAddress = (server: Server, max: number) => {
  if (max <= 0) return
  const open = new Map<string, number>()
  server.on('connection', (socket) => {
    const raw = socket.remoteAddress
    if (!raw) return socket.destroy()
    // IPv4 clients of a dual-stack listener appear as ::ffff:a.b.c.d.
    const address = raw.startsWith('::ffff:') ? raw.slice(7) : raw
    const count = (open.get(address) ?? 0) + 1
    if (count > max) return socket.destroy()
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

/**
 * A `preParsing` hook (after authentication, before the body is read): bodies of anonymous callers stop at
 * `limit` bytes, announced or streamed. Callers with a token keep the global limit (a preview carries a whole bot).
 */
export const limitAnonymousBody = (limit: number) => async (req: FastifyRequest, reply: FastifyReply, payload: RequestPayload) => {
  if (req.user || req.routeOptions.config.auth === 'none') return payload
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    // Not read: closing the connection spares receiving (and discarding) the rest.
    reply.header('connection', 'close')
    throw tooLarge(limit)
  }
  return capBody(payload, limit, () => tooLarge(limit))
}

/** The body stream, failing with `error()` as soon as more than `limit` bytes came (for bodies that announce no length). */
export const capBody = (payload: RequestPayload, limit: number, error: () => Error): RequestPayload => {
  let received = 0
  return payload.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length
        done(received > limit ? error() : null, received > limit ? undefined : chunk)
      },
    }),
  )
}
