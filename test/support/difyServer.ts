// A local Dify app API for tests. `POST /v1/chat-messages` answers with the next queued reply (or the default one)
// as server-sent events in `streaming` mode (`message` or `agent_message` deltas, then `message_end` with usage;
// every event names the conversation: the request's, else a new `conv-<n>`), or as one JSON document in
// `blocking` mode. `POST /v1/datasets/<id>/retrieve` answers the dataset's chunks as `records`.
import { pieces } from './openaiServer.js'
import { json, type Peer, pause, startPeer, startSse } from './peer.js'

export type DifyReply =
  /** `replace`: after the pieces, a `message_replace` event with this whole text (what the app finally answers). */
  | { answer: string; agent?: boolean; totalTokens?: number; replace?: string }
  | { status: number; code: string; message: string }
  | { streamError: string }

export type DifyServer = Peer & {
  reply: (...replies: DifyReply[]) => void
  /** Chunks a dataset's retrieval answers with. */
  datasets: Map<string, string[]>
}

export const startDifyServer = async (defaultReply: DifyReply = { answer: 'Hello from Dify' }): Promise<DifyServer> => {
  const queue: DifyReply[] = []
  const datasets = new Map<string, string[]>()
  let conversations = 0
  const peer = await startPeer(async ({ method, path, headers, body }, res) => {
    if (!headers.authorization?.startsWith('Bearer ') || headers.authorization === 'Bearer ') {
      return json(res, 401, { code: 'unauthorized', message: 'Access token is invalid', status: 401 })
    }
    const retrieve = /^\/v1\/datasets\/([^/]+)\/retrieve$/.exec(path)
    if (method === 'POST' && retrieve) {
      const chunks = datasets.get(decodeURIComponent(retrieve[1]))
      if (!chunks) return json(res, 404, { code: 'not_found', message: 'Dataset not found.', status: 404 })
      return json(res, 200, {
        query: { content: body?.query },
        records: chunks.map((content, i) => ({ segment: { id: `s${i}`, content }, score: 0.9 - i / 10 })),
      })
    }
    if (method !== 'POST' || path !== '/v1/chat-messages') return json(res, 404, { code: 'not_found', message: `No route ${path}`, status: 404 })
    if (typeof body?.query !== 'string' || !body.query || typeof body.user !== 'string') {
      return json(res, 400, { code: 'invalid_param', message: 'query and user are required', status: 400 })
    }
    const reply = queue.shift() ?? defaultReply
    if ('status' in reply) return json(res, reply.status, { code: reply.code, message: reply.message, status: reply.status })
    const conversation_id = body.conversation_id || `conv-${++conversations}`
    const answer = 'answer' in reply ? reply.answer : ''
    const usage = { prompt_tokens: 9, completion_tokens: 4, total_tokens: 'answer' in reply ? (reply.totalTokens ?? 13) : 13 }
    if (body.response_mode === 'blocking') {
      return json(res, 200, { event: 'message', message_id: 'm1', conversation_id, mode: 'chat', answer, metadata: { usage } })
    }
    startSse(res)
    const send = (data: Record<string, unknown>) =>
      res.write(`data: ${JSON.stringify({ conversation_id, message_id: 'm1', created_at: 1, ...data })}\n\n`)
    send({ event: 'ping' })
    for (const piece of pieces(answer)) {
      send({ event: 'answer' in reply && reply.agent ? 'agent_message' : 'message', answer: piece })
      await pause()
    }
    if ('replace' in reply && reply.replace !== undefined) send({ event: 'message_replace', answer: reply.replace })
    if ('streamError' in reply) send({ event: 'error', status: 400, code: 'provider_quota_exceeded', message: reply.streamError })
    else send({ event: 'message_end', metadata: { usage } })
    res.end()
  })
  return { ...peer, datasets, reply: (...replies) => queue.push(...replies) }
}
