// A local OpenAI-compatible server for tests. `POST /v1/chat/completions` answers with the next queued reply (or
// the default one): one JSON document, or with `stream: true` server-sent event chunks `data: {…}` ending with
// `data: [DONE]`. Every request is recorded with its parsed JSON body.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A reply: text (`{toolResult}` in it is replaced by the last tool message of the request), function calls, or an
 * error.
 */
export type FakeReply =
  | { content: string; totalTokens?: number }
  | { toolCalls: { name: string; arguments: string }[] }
  | { status: number; error: string }
export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: any }

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
  const requests: RecordedRequest[] = []
  const queue: FakeReply[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    let body: any
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      body = raw
    }
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) return json(404, { error: { message: `No route ${req.url}` } })
    // As OpenAI's API: a body that does not say it is JSON is not read as JSON.
    if (!req.headers['content-type']?.startsWith('application/json'))
      return json(400, { error: { message: 'Expected Content-Type application/json', type: 'invalid_request_error' } })
    let reply = queue.shift() ?? defaultReply
    if ('status' in reply) return json(reply.status, { error: { message: reply.error, type: 'invalid_request_error' } })
    if ('toolCalls' in reply) {
      const tool_calls = reply.toolCalls.map((call, i) => ({ id: `call_${i + 1}`, type: 'function', function: call }))
      return json(200, {
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
      return json(200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body?.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
        usage,
      })
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
    send({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })
    for (const piece of pieces(reply.content)) {
      send({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] })
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    send({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage })
    res.end('data: [DONE]\n\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => queue.push(...replies),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
