// A local OpenAI Responses API for tests: `POST /responses` with a bearer key answers the next queued output (a text
// message, or a function call whose output the next request must bring back), with a fresh `resp_<n>` id; with
// `stream: true`, as server-sent events (a text's `response.output_text.delta` pieces, then `response.completed`).
import { json, type Peer, startPeer, startSse } from './peer.js'

export type ResponseScript = { text: string } | { call: { name: string; arguments: string } } | { error: string; status: number }

export type ResponsesServer = Peer & { baseUrl: string; answer: (...scripts: ResponseScript[]) => void }

export const startResponsesServer = async (): Promise<ResponsesServer> => {
  const queue: ResponseScript[] = []
  let ids = 0
  const peer = await startPeer(({ method, path, headers, body }, res) => {
    if (method !== 'POST' || path !== '/v1/responses') return json(res, 404, { error: { message: `Unknown route ${method} ${path}` } })
    if (!headers.authorization?.startsWith('Bearer ')) return json(res, 401, { error: { message: 'Missing bearer key' } })
    if (!headers['content-type']?.startsWith('application/json'))
      return json(res, 400, { error: { message: 'Expected Content-Type application/json' } })
    const script = queue.shift() ?? { text: 'Hello from the model' }
    if ('error' in script) return json(res, script.status, { error: { message: script.error } })
    const id = `resp_${++ids}`
    const output =
      'call' in script
        ? [{ type: 'function_call', id: `fc_${ids}`, call_id: `call_${ids}`, name: script.call.name, arguments: script.call.arguments }]
        : [{ type: 'message', id: `msg_${ids}`, role: 'assistant', content: [{ type: 'output_text', text: script.text, annotations: [] }] }]
    const response = { id, object: 'response', model: body?.model, output, usage: { input_tokens: 5, output_tokens: 7, total_tokens: 12 } }
    if (!body?.stream) return json(res, 200, response)
    startSse(res)
    // A function call streams no text: the completed response carries it.
    for (const delta of 'text' in script ? (script.text.match(/\S+\s*/g) ?? []) : [])
      res.write(`event: response.output_text.delta\ndata: ${JSON.stringify({ type: 'response.output_text.delta', delta })}\n\n`)
    res.end(`event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response })}\n\n`)
  })
  return { ...peer, baseUrl: `${peer.origin}/v1`, answer: (...scripts) => void queue.push(...scripts) }
}
