// A local ChatNode bot API for tests: `POST /v1/<botId>` with `{ message, chat_session_id? }` answers
// `{ message, chat_session_id }` (the request's session, else a new `session-<n>`) with the next queued reply.
import { json, type Peer, startPeer } from './peer.js'

export type ChatNodeReply = { message: string } | { status: number; error: string }

export type ChatNodeServer = Peer & {
  /** Base URL to give credentials: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string
  reply: (...replies: ChatNodeReply[]) => void
}

export const startChatNodeServer = async (defaultReply: ChatNodeReply = { message: 'Hello from ChatNode' }): Promise<ChatNodeServer> => {
  const queue: ChatNodeReply[] = []
  let sessions = 0
  const peer = await startPeer(({ method, path, headers, body }, res) => {
    if (!headers.authorization?.startsWith('Bearer ')) return json(res, 401, { detail: 'Not authenticated' })
    if (method !== 'POST' || !/^\/v1\/[^/]+$/.test(path)) return json(res, 404, { detail: `No route ${path}` })
    if (typeof body?.message !== 'string') return json(res, 422, { detail: 'message is required' })
    const reply = queue.shift() ?? defaultReply
    if ('status' in reply) return json(res, reply.status, { detail: reply.error })
    json(res, 200, { message: reply.message, chat_session_id: body.chat_session_id ?? `session-${++sessions}` })
  })
  return { ...peer, baseUrl: `${peer.origin}/v1`, reply: (...replies) => queue.push(...replies) }
}
