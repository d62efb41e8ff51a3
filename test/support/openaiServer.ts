// A local OpenAI-compatible server for tests. `POST /v1/chat/completions` answers with the next queued reply (or
// the default one): one JSON document, or with `stream: true` server-sent event chunks `data: {…}` ending with
// `data: [DONE]`. Every request is recorded with its parsed JSON body.
import { json, pause, type RecordedRequest, startPeer, startSse } from './peer.js'

/**
 * A reply: text (`{toolResult}` in it is replaced by the last tool message of the request), function calls, or an
 * error.
 */
export type FakeReply =
  | {
      content: string
      totalTokens?: number
      /** Streamed, the connection is cut after this many pieces (a provider failing mid-answer). */
      cutAfter?: number
    }
  | { toolCalls: { name: string; arguments: string }[] }
  | { status: number; error: string }
export type { RecordedRequest } from './peer.js'

export type OpenAiServer = {
  /** Base URL to give credentials: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string
  requests: RecordedRequest[]
  /** Queues replies for the next requests; once they are used the default reply answers. */
  reply: (...replies: FakeReply[]) => void
  close: () => Promise<void>
}

/** Splits a text into word-sized pieces (spaces kept) as a model's stream would. */
export const pieces = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? []

export const startOpenAiServer = async (defaultReply: FakeReply = { content: 'Hello from the model' }): Promise<OpenAiServer> => {
  const queue: FakeReply[] = []
  const peer = await startPeer(async ({ method, path, headers, body }, res) => {
    if (method !== 'POST' || !path.startsWith('/v1/chat/completions')) return json(res, 404, { error: { message: `No route ${path}` } })
    // As OpenAI's API: a body that does not say it is JSON is not read as JSON.
    if (!headers['content-type']?.startsWith('application/json'))
      return json(res, 400, { error: { message: 'Expected Content-Type application/json', type: 'invalid_request_error' } })
    let reply = queue.shift() ?? defaultReply
    if ('status' in reply) return json(res, reply.status, { error: { message: reply.error, type: 'invalid_request_error' } })
    if ('toolCalls' in reply) {
      const tool_calls = reply.toolCalls.map((call, i) => ({ id: `call_${i + 1}`, type: 'function', function: call }))
      if (body?.stream) {
        // As OpenAI streams calls: the id and name first, then the arguments in pieces, all under the call's index.
        startSse(res)
        const chunk = (delta: unknown, extra: object = {}) =>
          res.write(`data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta }], ...extra })}\n\n`)
        tool_calls.forEach((call, index) => {
          chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] })
          const half = Math.ceil(call.function.arguments.length / 2)
          for (const part of [call.function.arguments.slice(0, half), call.function.arguments.slice(half)])
            chunk({ tool_calls: [{ index, function: { arguments: part } }] })
        })
        chunk({}, { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })
        return res.end('data: [DONE]\n\n')
      }
      return json(res, 200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      })
    }
    const toolResult = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'tool')?.content ?? ''
    reply = { ...reply, content: reply.content.replace('{toolResult}', toolResult) }
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: reply.totalTokens ?? 15 }
    if (!body?.stream) {
      return json(res, 200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body?.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
        usage,
      })
    }
    startSse(res)
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
    send({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })
    for (const [i, piece] of pieces(reply.content).entries()) {
      if (i === reply.cutAfter) return res.destroy()
      send({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] })
      await pause(5)
    }
    send({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage })
    res.end('data: [DONE]\n\n')
  })
  return { baseUrl: `${peer.origin}/v1`, requests: peer.requests, reply: (...replies) => void queue.push(...replies), close: peer.close }
}
