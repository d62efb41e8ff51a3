// The WebSocket rooms Typebot's embed client opens while its chat waits on a webhook block, at PartyKit's path on
// the API's own port: `/parties/main/{resultId}/webhooks` (its `wsHost` pointing here; `resultId` is the result's
// client key). The client treats a refused upgrade as "no webhook" and goes on without data, so every upgrade of
// that shape is accepted and a socket hears nothing but its deliveries (app/webhookRooms.ts). Served with the chat API.
import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import websocket from '@fastify/websocket'
import type { FastifyPluginAsync } from 'fastify'
import type { WebSocket } from 'ws'
import { ID_MAX_LENGTH } from '../../contract/api.js'
import type { Services } from '../route.js'

/** The room's path as the router matches it (duplicate slashes allowed), the key no longer than any routable id. */
const ROOM_PATH = new RegExp(`^/+parties/+main/+[^/?#]{1,${ID_MAX_LENGTH}}/+webhooks(?:[?#]|$)`)

/** Protocol pings (never seen by the page's script) find sockets whose client vanished without closing. */
const PING_INTERVAL_MS = 30_000

const NOT_FOUND = JSON.stringify({ code: 'not_found', message: 'No WebSocket at this path.' })

export const realtimePlugin: FastifyPluginAsync<Services> = async (fastify, { app }) => {
  // Upgrades reach the websocket plugin (and so the router) only for the room's path. Any other is refused and
  // closed here: answered by an HTTP route instead, its socket would stay open (upgrade sockets are not the HTTP
  // server's to close).
  const upgrades = new EventEmitter()
  const route = (req: { url?: string }, socket: Duplex, head: Buffer) => {
    if (ROOM_PATH.test(req.url ?? '')) return upgrades.emit('upgrade', req, socket, head)
    socket.on('error', () => socket.destroy())
    socket.end(
      `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(NOT_FOUND)}\r\nConnection: close\r\n\r\n${NOT_FOUND}`,
    )
  }
  fastify.server.on('upgrade', route)
  // Registered inside this plugin, the websocket plugin's hooks wrap only the room's route. Clients send nothing.
  await fastify.register(websocket, { options: { maxPayload: 1024, server: upgrades as Server } })
  const rooms = app.webhookRooms.open((err) => fastify.log.error({ err }, 'webhook delivery to a socket failed'))

  const answered = new WeakSet<WebSocket>()
  const pings = setInterval(() => {
    for (const socket of fastify.websocketServer.clients) {
      if (!answered.delete(socket)) socket.terminate()
      else socket.ping()
    }
  }, PING_INTERVAL_MS).unref()
  fastify.addHook('onClose', async () => {
    fastify.server.off('upgrade', route)
    clearInterval(pings)
    rooms.close()
  })

  fastify.get<{ Params: { room: string } }>('/parties/main/:room/webhooks', { websocket: true }, (socket, req) => {
    answered.add(socket)
    socket.on('pong', () => answered.add(socket))
    const { leave, joined } = rooms.join(req.params.room, {
      send: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text)
      },
    })
    socket.on('close', leave)
    joined.catch((err) => req.log.error({ err }, 'joining a webhook room failed'))
  })
}
