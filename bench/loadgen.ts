// Closed-loop load generator, run as its own process (never on the server's event loop). Each of `connections`
// keep-alive connections owns one chat: it is started first (outside the measured window), then the connection
// sends continueChat after continueChat, each with a new reply text, as soon as the previous answer arrived.
// A warm-up run (on other chats) precedes the measured run. Prints one JSON object on stdout.
//
// Mode "fixed" sends the same requests to a server that has no chats (the bare Fastify baseline): fake session ids.
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { startChats } from './lib/startChats.js'

export type LoadOptions = {
  url: string
  mode: 'chat' | 'fixed'
  connections: number
  warmupSeconds: number
  seconds: number
  token: string
  /** chat mode: the bot to start chats on. */
  publicId?: string
}

export type LoadResult = {
  connections: number
  seconds: number
  requests: number
  perSecond: number
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number }
  non2xx: number
  /** Count of each non-2xx status, and one such answer. */
  statuses: Record<string, number>
  sampleError?: string
  errors: number
  timeouts: number
  /** 2xx answers that were not a next turn (no `input` in the body). */
  mismatches: number
  bodyBytes: number
  /** Cores this load generator used over the measured run (its own CPU time ÷ the run's wall time). */
  cpuCores: number
}

const options: LoadOptions = JSON.parse(process.argv[2])
const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' }

const startOne = async () => {
  const res = await fetch(`${options.url}/v1/bots/${options.publicId}/startChat`, { method: 'POST', headers, body: '{}' })
  const body = (await res.json()) as any
  if (res.status !== 200 || !body.sessionId) throw new Error(`startChat answered ${res.status}: ${JSON.stringify(body)}`)
  return body.sessionId as string
}

let replies = 0

const run = (sessions: string[], seconds: number, measure: boolean): Promise<Omit<LoadResult, 'connections' | 'seconds' | 'cpuCores'>> =>
  new Promise((resolveRun, reject) => {
    const latencies: number[] = []
    let next = 0
    let non2xx = 0
    const statuses: Record<string, number> = {}
    let sampleError: string | undefined
    let mismatches = 0
    let bodyBytes = 0
    const started = process.hrtime.bigint()
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        timeout: 30,
        // Every connection keeps its own chat: its session id lives in the request iterator's context, which
        // autocannon clones from `initialContext` (set here, per connection) whenever its request list wraps.
        setupClient(client: any) {
          const sessionId = sessions[next++ % sessions.length]
          client.requestIterator.initialContext = { sessionId }
          client.requestIterator.resetContext()
          client.requestIterator.rebuildRequest()
          if (measure) client.on('response', (_status: number, _bytes: number, duration: number) => latencies.push(duration))
        },
        requests: [
          {
            method: 'POST',
            headers,
            setupRequest(req: any, context: { sessionId: string }) {
              req.path = `/v1/sessions/${context.sessionId}/continueChat`
              req.body = JSON.stringify({ message: `Reply number ${++replies}, written at ${Date.now()}` })
              return req
            },
            onResponse(status: number, body: string) {
              if (status < 200 || status >= 300) {
                if (!measure) return
                non2xx++
                statuses[status] = (statuses[status] ?? 0) + 1
                sampleError ??= body.slice(0, 300)
              } else if (!body.includes('"input"')) mismatches++
              bodyBytes = Buffer.byteLength(body)
            },
          },
        ],
      },
      (err: Error | null, result: any) => {
        if (err) return reject(err)
        const elapsed = Number(process.hrtime.bigint() - started) / 1e9
        const ok = latencies.length - non2xx
        const mean = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)
        const sorted = Float64Array.from(latencies).sort()
        const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
        resolveRun({
          requests: ok,
          perSecond: ok / Math.min(elapsed, seconds),
          latencyMs: { mean, p50: pct(50), p90: pct(90), p99: pct(99), max: sorted[sorted.length - 1] ?? NaN },
          non2xx,
          statuses,
          ...(sampleError && { sampleError }),
          errors: result.errors,
          timeouts: result.timeouts,
          mismatches,
          bodyBytes,
        })
      },
    )
  })

// The warm-up has its own chats: requests it leaves in flight when it stops must not race the measured run's
// turns on the same sessions (they would answer 409), and a moment lets them drain.
if (options.warmupSeconds > 0) {
  await run(await startChats(options, startOne), options.warmupSeconds, false)
  await new Promise((r) => setTimeout(r, 500))
}
const sessions = await startChats(options, startOne)
const cpuBefore = process.cpuUsage()
const runStarted = performance.now()
const result = await run(sessions, options.seconds, true)
const cpu = process.cpuUsage(cpuBefore)
const cpuCores = (cpu.user + cpu.system) / 1e3 / (performance.now() - runStarted)
process.stdout.write(JSON.stringify({ connections: options.connections, seconds: options.seconds, ...result, cpuCores } satisfies LoadResult))
