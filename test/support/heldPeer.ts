// An HTTP peer for a bot's HTTP request block that can hold its calls: a turn stays in flight at that block, having
// read its session, until the test lets it go. What "at the same time" means for a race, without timing anything.
import { createServer, type ServerResponse } from 'node:http'
import type { TestServer } from './server.js'

export const startHeldPeer = async () => {
  const held: ServerResponse[] = []
  let holding = false
  let changed = () => {}
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (!holding) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      held.push(res)
      changed()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hold`,
    /** From now on, calls wait for `release`. */
    hold: () => {
      holding = true
    },
    /** Resolves once `count` calls are held. */
    held: (count: number) =>
      new Promise<void>((resolve) => {
        changed = () => held.length >= count && resolve()
        changed()
      }),
    /** Answers the held calls, and the next ones at once. */
    release: () => {
      holding = false
      for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    },
    close: () => new Promise((r) => server.close(r)),
  }
}

/** An HTTP request block calling the peer (`Webhook`, Typebot's name for it). */
export const holdBlock = (id: string, url: string) => ({ id, type: 'Webhook', options: { webhook: { url, method: 'GET' } } })

/**
 * Resolves once the server counts `count` chat turns in flight (its metrics gauge: requests that arrived and are
 * not answered yet); the server must run with METRICS_TOKEN = `token`.
 */
export const turnsInFlight = async (s: TestServer, token: string, count: number) => {
  for (;;) {
    const text = await (await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
    const seen = Number(/^parley_chat_turns_in_flight (\d+)/m.exec(text)?.[1] ?? Number.NaN)
    if (Number.isNaN(seen)) throw new Error(`no in-flight gauge in /metrics: ${text.slice(0, 200)}`)
    if (seen >= count) return
    await new Promise((r) => setTimeout(r, 10))
  }
}
