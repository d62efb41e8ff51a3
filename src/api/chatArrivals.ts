// Numbers continueChat requests as they arrive, per session, for repeat detection (app/recentTurns.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ChatsApp } from '../app/chats.js'
import type { Arrival } from '../app/recentTurns.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** A continueChat request's place in arrival order (null: another route). */
    arrival: Arrival | null
  }
}

/** The arrival of a continueChat request, as its handler passes it on (`order`). */
export const arrivalOf = (req: FastifyRequest) => req.arrival!.order

export const numberArrivals = (fastify: FastifyInstance, chats: Pick<ChatsApp, 'arrive'>) => {
  // First, before anything can wait: a reply that arrived before its original was answered is recognised by it.
  fastify.addHook('onRequest', (req, reply, done) => {
    const sessionId = (req.params as { sessionId?: string } | undefined)?.sessionId
    if (sessionId && req.routeOptions.url?.endsWith('/continueChat')) {
      req.arrival = chats.arrive(sessionId)
      // A client gone after its body was read fires neither onResponse nor onRequestAbort; the socket's close does.
      reply.raw.once('close', () => req.arrival?.leave())
    }
    done()
  })
  // Answered, failed or abandoned by its client: either way no longer on its way (`leave` counts once).
  const leave = (req: FastifyRequest, _reply: unknown, done: () => void) => {
    req.arrival?.leave()
    done()
  }
  fastify.addHook('onResponse', leave)
  fastify.addHook('onRequestAbort', (req, done) => leave(req, undefined, done))
}
