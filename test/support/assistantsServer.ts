// A local OpenAI Assistants API (v2) for tests: threads, messages, runs polled until they end, function calls
// answered with submit_tool_outputs, and run cancellation. Each run follows the next queued script (or the default):
// it is `queued` when created; at the next poll it asks for its function call if it has one, else completes with its
// reply (`{output}` replaced by the submitted output) or fails. Requests without `OpenAI-Beta: assistants=v2` fail.
import { json, type Peer, startPeer } from './peer.js'

export type RunScript =
  | { reply: string; call?: { name: string; arguments: string } }
  | { fail: string }
  /** Stays in progress until cancelled. */
  | { stuck: true }

export type AssistantsServer = Peer & {
  baseUrl: string
  /** Assistants that exist, by id. */
  assistants: Set<string>
  runs: (...scripts: RunScript[]) => void
  /** Messages of a thread, as stored. */
  threads: Map<string, any[]>
}

export const startAssistantsServer = async (defaultScript: RunScript = { reply: 'Hello from the assistant' }): Promise<AssistantsServer> => {
  const queue: RunScript[] = []
  const threads = new Map<string, any[]>()
  const runs = new Map<string, { run: any; script: RunScript; output?: string }>()
  const assistants = new Set<string>()
  let ids = 0
  const message = (threadId: string, role: string, text: string, runId: string | null) => ({
    id: `msg_${++ids}`,
    object: 'thread.message',
    thread_id: threadId,
    role,
    run_id: runId,
    content: [{ type: 'text', text: { value: text, annotations: [] } }],
  })
  /**
   * A streamed run goes on: it asks for its function call (and its stream ends there) unless the output was
   * submitted, else its reply comes in word-sized deltas and it completes.
   */
  const streamReply = (send: (event: string, data: unknown) => void, entry: { run: any; script: RunScript; output?: string }) => {
    const { run, script } = entry
    if (!('reply' in script)) return
    if (script.call && entry.output === undefined) {
      Object.assign(run, {
        status: 'requires_action',
        required_action: {
          type: 'submit_tool_outputs',
          submit_tool_outputs: { tool_calls: [{ id: 'call_1', type: 'function', function: script.call }] },
        },
      })
      return send('thread.run.requires_action', run)
    }
    const reply = script.reply.replace('{output}', entry.output ?? '')
    for (const value of reply.match(/\S+\s*/g) ?? [])
      send('thread.message.delta', {
        id: 'msg_delta',
        object: 'thread.message.delta',
        delta: { content: [{ index: 0, type: 'text', text: { value } }] },
      })
    threads.get(run.thread_id)!.push(message(run.thread_id, 'assistant', reply, run.id))
    run.status = 'completed'
    send('thread.run.completed', run)
  }
  const peer = await startPeer(({ method, path, headers, body }, res) => {
    if (headers['openai-beta'] !== 'assistants=v2')
      return json(res, 400, { error: { message: 'You must provide the OpenAI-Beta header assistants=v2' } })
    if (!headers.authorization?.startsWith('Bearer ')) return json(res, 401, { error: { message: 'Missing bearer key' } })
    const url = new URL(path, 'http://peer')
    const parts = url.pathname.split('/').filter(Boolean) // v1, threads, <id>, …
    const thread = parts[2] ? threads.get(parts[2]) : undefined
    if (method === 'POST' && url.pathname === '/v1/threads') {
      const id = `thread_${++ids}`
      threads.set(id, [])
      return json(res, 200, { id, object: 'thread' })
    }
    if (parts[1] !== 'threads' || !thread) return json(res, 404, { error: { message: `No thread found with id '${parts[2]}'.` } })
    const threadId = parts[2]
    if (parts[3] === 'messages' && method === 'POST') {
      const active = [...runs.values()].find((r) => r.run.thread_id === threadId && !['completed', 'failed', 'cancelled'].includes(r.run.status))
      if (active) return json(res, 400, { error: { message: `Can't add messages to ${threadId} while a run ${active.run.id} is active.` } })
      const added = message(threadId, body.role, body.content, null)
      thread.push(added)
      return json(res, 200, added)
    }
    if (parts[3] === 'messages' && method === 'GET') {
      const runId = url.searchParams.get('run_id')
      const data = thread.filter((m) => !runId || m.run_id === runId)
      return json(res, 200, { object: 'list', data: url.searchParams.get('order') === 'asc' ? data : [...data].reverse() })
    }
    if (parts[3] !== 'runs') return json(res, 404, { error: { message: `No route ${path}` } })
    if (method === 'POST' && parts.length === 4) {
      if (!assistants.has(body.assistant_id)) return json(res, 404, { error: { message: `No assistant found with id '${body.assistant_id}'.` } })
      const run = { id: `run_${++ids}`, object: 'thread.run', thread_id: threadId, assistant_id: body.assistant_id, status: 'queued' }
      const script = queue.shift() ?? defaultScript
      const entry = { run, script }
      runs.set(run.id, entry)
      if (!body.stream) return json(res, 200, run)
      // Streamed: the run's events as server-sent events, the reply in word-sized deltas.
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      send('thread.run.created', run)
      if ('fail' in script) {
        Object.assign(run, { status: 'failed', last_error: { code: 'server_error', message: script.fail } })
        send('thread.run.failed', run)
      } else if ('reply' in script) streamReply(send, entry)
      return res.end('event: done\ndata: [DONE]\n\n')
    }
    const entry = runs.get(parts[4])
    if (!entry) return json(res, 404, { error: { message: `No run found with id '${parts[4]}'.` } })
    const { run, script } = entry
    if (method === 'POST' && parts[5] === 'cancel') {
      run.status = 'cancelled'
      return json(res, 200, run)
    }
    if (method === 'POST' && parts[5] === 'submit_tool_outputs') {
      if (run.status !== 'requires_action') return json(res, 400, { error: { message: 'Run is not waiting for tool outputs.' } })
      entry.output = body.tool_outputs?.[0]?.output
      run.status = 'queued'
      delete run.required_action
      if (!body.stream) return json(res, 200, run)
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      streamReply((event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`), entry)
      return res.end('event: done\ndata: [DONE]\n\n')
    }
    if (method !== 'GET') return json(res, 404, { error: { message: `No route ${path}` } })
    if ('stuck' in script || run.status === 'cancelled') run.status = run.status === 'cancelled' ? 'cancelled' : 'in_progress'
    else if ('fail' in script) Object.assign(run, { status: 'failed', last_error: { code: 'server_error', message: script.fail } })
    else if (script.call && entry.output === undefined) {
      Object.assign(run, {
        status: 'requires_action',
        required_action: {
          type: 'submit_tool_outputs',
          submit_tool_outputs: { tool_calls: [{ id: 'call_1', type: 'function', function: script.call }] },
        },
      })
    } else if (run.status !== 'completed') {
      run.status = 'completed'
      thread.push(message(threadId, 'assistant', script.reply.replace('{output}', entry.output ?? ''), run.id))
    }
    return json(res, 200, run)
  })
  return { ...peer, baseUrl: `${peer.origin}/v1`, assistants, threads, runs: (...scripts) => queue.push(...scripts) }
}
