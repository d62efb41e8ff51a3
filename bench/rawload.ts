// The plain load generator (issue 31's outside measurement): node:http with a keep-alive http.Agent, `connections`
// closed-loop chats, each sending continueChat after continueChat on its own session as soon as the previous answer
// arrived. A warm-up on other chats, a pause for its last requests to drain, then the measured window. Same options
// and result as loadgen.ts (autocannon), so the two are interchangeable; run as its own process, prints one JSON object.
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { LoadOptions, LoadResult } from './loadgen.js'
import { startChats } from './lib/startChats.js'

const options: LoadOptions = JSON.parse(process.argv[2])
const base = new URL(options.url)
const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' }

const post = (path: string, body: string): Promise<{ status: number; text: string }> =>
  new Promise((resolvePost, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, method: 'POST', path, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, text }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })

const startOne = async () => {
  const res = await post(`/v1/bots/${options.publicId}/startChat`, '{}')
  const id = res.status === 200 ? (JSON.parse(res.text).sessionId as string | undefined) : undefined
  if (!id) throw new Error(`startChat answered ${res.status}: ${res.text.slice(0, 300)}`)
  return id
}

let replies = 0

const run = async (sessions: string[], seconds: number): Promise<Omit<LoadResult, 'connections' | 'seconds' | 'cpuCores'>> => {
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let non2xx = 0
  let errors = 0
  let mismatches = 0
  let bodyBytes = 0
  let sampleError: string | undefined
  const started = performance.now()
  const deadline = started + seconds * 1000
  const chat = async (sessionId: string) => {
    const path = `/v1/sessions/${sessionId}/continueChat`
    while (performance.now() < deadline) {
      const sent = performance.now()
      try {
        const res = await post(path, JSON.stringify({ message: `Reply number ${++replies}, written at ${Date.now()}` }))
        latencies.push(performance.now() - sent)
        if (res.status < 200 || res.status >= 300) {
          non2xx++
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
          sampleError ??= res.text.slice(0, 300)
        } else if (!res.text.includes('"input"')) mismatches++
        bodyBytes = Buffer.byteLength(res.text)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(sessions.map(chat))
  const elapsed = (performance.now() - started) / 1000
  const ok = latencies.length - non2xx
  const sorted = Float64Array.from(latencies).sort()
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  return {
    requests: ok,
    perSecond: ok / elapsed,
    latencyMs: {
      mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
      p50: pct(50),
      p90: pct(90),
      p99: pct(99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
    },
    non2xx,
    statuses,
    ...(sampleError && { sampleError }),
    errors,
    timeouts: 0,
    mismatches,
    bodyBytes,
  }
}

// The warm-up has its own chats: a turn it leaves in flight must not race the measured run's turns on the same session.
if (options.warmupSeconds > 0) {
  await run(await startChats(options, startOne), options.warmupSeconds)
  await new Promise((r) => setTimeout(r, 500))
}
const sessions = await startChats(options, startOne)
const cpuBefore = process.cpuUsage()
const runStarted = performance.now()
const result = await run(sessions, options.seconds)
const cpu = process.cpuUsage(cpuBefore)
const cpuCores = (cpu.user + cpu.system) / 1e3 / (performance.now() - runStarted)
agent.destroy()
process.stdout.write(JSON.stringify({ connections: options.connections, seconds: options.seconds, ...result, cpuCores } satisfies LoadResult))
