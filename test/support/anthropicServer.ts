// A local Anthropic Messages API for tests: `POST /v1/messages` answers with the next queued reply (or the default
// one) as one message, as a forced `json` tool call when the request asks for one, or with `stream: true` as
// Anthropic's server-sent events (`message_start`, `content_block_delta` text deltas, `message_delta` usage,
// `message_stop`; an `error` event for a reply that fails mid-stream).
import { pieces } from './openaiServer.js'
import { json, type Peer, pause, startPeer, startSse } from './peer.js'

export type AnthropicReply =
  | { content: string; inputTokens?: number; outputTokens?: number }
  | { json: Record<string, unknown> }
  /** A call of the named tool; a later reply's `{toolResult}` is replaced by the last tool result sent back. */
  | { toolUse: { name: string; input: Record<string, unknown> } }
  | { status: number; error: string }
  | { streamError: string }

export type AnthropicServer = Peer & {
  /** Base URL to give credentials: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string
  reply: (...replies: AnthropicReply[]) => void
}

export const startAnthropicServer = async (defaultReply: AnthropicReply = { content: 'Hello from Claude' }): Promise<AnthropicServer> => {
  const queue: AnthropicReply[] = []
  const peer = await startPeer(async ({ method, path, headers, body }, res) => {
    if (method !== 'POST' || path !== '/v1/messages')
      return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `No route ${path}` } })
    if (!headers['x-api-key'] || headers['anthropic-version'] !== '2023-06-01') {
      return json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key or anthropic-version' } })
    }
    if (typeof body?.max_tokens !== 'number')
      return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } })
    const reply = queue.shift() ?? defaultReply
    if ('status' in reply) return json(res, reply.status, { type: 'error', error: { type: 'api_error', message: reply.error } })
    const message = { id: 'msg_test', type: 'message', role: 'assistant', model: body.model, stop_reason: 'end_turn' }
    if ('json' in reply) {
      const forced = body.tool_choice?.type === 'tool' && body.tool_choice.name === 'json' && body.tools?.[0]?.name === 'json'
      if (!forced) return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'expected a forced json tool' } })
      return json(res, 200, {
        ...message,
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'json', input: reply.json }],
        usage: { input_tokens: 20, output_tokens: 8 },
      })
    }
    if ('toolUse' in reply) {
      if (!body.tools?.some((t: any) => t.name === reply.toolUse.name))
        return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'unknown tool' } })
      const content = [{ type: 'tool_use', id: 'toolu_9', ...reply.toolUse }]
      if (!body.stream) return json(res, 200, { ...message, stop_reason: 'tool_use', content, usage: { input_tokens: 15, output_tokens: 6 } })
      // As Anthropic streams a call: a short text block, then the tool_use block with its input as pieces of JSON.
      startSse(res)
      const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`)
      send('message_start', { message: { ...message, content: [], usage: { input_tokens: 15, output_tokens: 1 } } })
      send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Let me check. ' } })
      send('content_block_stop', { index: 0 })
      send('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_9', name: reply.toolUse.name, input: {} } })
      const input = JSON.stringify(reply.toolUse.input)
      for (const part of [input.slice(0, 5), input.slice(5)])
        send('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: part } })
      send('content_block_stop', { index: 1 })
      send('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 6 } })
      send('message_stop', {})
      return res.end()
    }
    const results = (body.messages ?? []).flatMap((m: any) =>
      Array.isArray(m.content) ? m.content.filter((c: any) => c.type === 'tool_result') : [],
    )
    const text = 'content' in reply ? reply.content.replace('{toolResult}', results.at(-1)?.content ?? '') : ''
    const usage = {
      input_tokens: 'content' in reply ? (reply.inputTokens ?? 12) : 12,
      output_tokens: 'content' in reply ? (reply.outputTokens ?? 7) : 0,
    }
    if (!body.stream) return json(res, 200, { ...message, content: [{ type: 'text', text }], usage })
    startSse(res)
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...(data as object) })}\n\n`)
    send('message_start', { message: { ...message, content: [], usage: { input_tokens: usage.input_tokens, output_tokens: 1 } } })
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
    send('ping', {})
    for (const piece of pieces(text)) {
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } })
      await pause()
    }
    if ('streamError' in reply) {
      send('error', { error: { type: 'overloaded_error', message: reply.streamError } })
      return res.end()
    }
    send('content_block_stop', { index: 0 })
    send('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: usage.output_tokens } })
    send('message_stop', {})
    res.end()
  })
  return { ...peer, baseUrl: `${peer.origin}/v1`, reply: (...replies) => queue.push(...replies) }
}
