// Noisy neighbour: the p99 of normal chats while hostile chats run, ÷ their p99 without them, same server, same run.
// The server awaits bot code (QuickJS in a worker pool, regexes in a worker) instead of blocking its event loop, so
// a hostile chat should cost other chats little. What it still costs is CPU: each runaway evaluation burns a core
// until its deadline, and this machine's cores are shared by the server, the load generator and the hostile clients.
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { hostileBots, loopBot, regexBombSubject } from './lib/bots.js'
import { ADMIN_TOKEN, freshDir, httpCaller, log, round, runHelper, setupBots, spawnParley } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'
import type { LoadOptions, LoadResult } from './loadgen.js'

export type NoisyOptions = { connections: number; seconds: number; warmupSeconds: number; hostileClients: number }

/** Small budgets, as an operator worried about hostile bots would set them (defaults: 2 s and 30 s). */
const SANDBOX_TIMEOUT_MS = 500
const TURN_TIMEOUT_MS = 3000

type Kind = 'codes' | 'regexes' | 'setCode'
type HostileStats = Record<Kind, { turns: number; ms: number[]; statuses: Record<string, number> }>

const latencyDetails = (r: LoadResult) => ({
  perSecond: round(r.perSecond, 1),
  requests: r.requests,
  latencyMs: Object.fromEntries(Object.entries(r.latencyMs).map(([k, v]) => [k, round(v, 2)])),
  non2xx: r.non2xx,
  ...(r.non2xx && { statuses: r.statuses, sampleError: r.sampleError }),
  errors: r.errors,
  timeouts: r.timeouts,
  mismatches: r.mismatches,
})

const describe = (r: LoadResult) =>
  `${round(r.perSecond, 0)} turns/s, p50 ${round(r.latencyMs.p50)} ms, p99 ${round(r.latencyMs.p99)} ms, max ${round(r.latencyMs.max)} ms, non-2xx ${r.non2xx}, errors ${r.errors}, mismatches ${r.mismatches}`

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN)

/**
 * Hostile clients in this process (idle otherwise: the load generator is its own process): each starts chats on the
 * hostile bots in turn, one at a time, until stopped. Every startChat runs one hostile turn to its end.
 */
const startHostileClients = (url: string, clients: number, bots: Record<Kind, string>) => {
  const stats = Object.fromEntries((Object.keys(bots) as Kind[]).map((k) => [k, { turns: 0, ms: [], statuses: {} }])) as unknown as HostileStats
  let stopped = false
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }
  const client = async (offset: number) => {
    const kinds = Object.keys(bots) as Kind[]
    for (let i = offset; !stopped; i++) {
      const kind = kinds[i % kinds.length]
      const body = kind === 'regexes' ? { prefilledVariables: { Subject: regexBombSubject } } : {}
      const started = performance.now()
      const res = await fetch(`${url}/v1/bots/${bots[kind]}/startChat`, { method: 'POST', headers, body: JSON.stringify(body) })
      await res.arrayBuffer()
      const s = stats[kind]
      s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1
      if (res.status === 200) {
        s.turns++
        s.ms.push(performance.now() - started)
      }
    }
  }
  // Clients start on different bots, so the kinds of runaway work overlap.
  const running = Array.from({ length: clients }, (_, i) => client(i))
  return {
    stats,
    stop: async () => {
      stopped = true
      await Promise.all(running)
    },
  }
}

export const benchNoisy = async (o: NoisyOptions): Promise<{ figures: Figure[] }> => {
  const dir = freshDir('noisy-sqlite')
  const server = await spawnParley({
    DATABASE_URL: `sqlite:${join(dir, 'parley.db')}`,
    PARLEY_SANDBOX_TIMEOUT_MS: String(SANDBOX_TIMEOUT_MS),
    PARLEY_TURN_TIMEOUT_MS: String(TURN_TIMEOUT_MS),
  })
  try {
    const hostile = hostileBots()
    const { bots } = await setupBots(httpCaller(server.url), [loopBot(), hostile.codes, hostile.regexes, hostile.setCode])
    const [normal, codes, regexes, setCode] = bots.map((b) => b.publicId)
    const hostileIds: Record<Kind, string> = { codes, regexes, setCode }

    // Each hostile bot once, checked: a bot that failed fast (a 4xx) would measure nothing.
    const call = httpCaller(server.url)
    for (const [kind, id] of Object.entries(hostileIds)) {
      const t = performance.now()
      const res = await call('POST', `/v1/bots/${id}/startChat`, kind === 'regexes' ? { prefilledVariables: { Subject: regexBombSubject } } : {})
      if (res.status !== 200) throw new Error(`hostile bot ${kind} answered ${res.status}: ${res.text.slice(0, 300)}`)
      log(`hostile ${kind}: one turn ${round(performance.now() - t, 0)} ms, logs ${JSON.stringify(res.json.logs ?? []).slice(0, 160)}`)
    }

    const load = () =>
      runHelper<LoadResult>('loadgen.ts', { url: server.url, mode: 'chat', connections: o.connections, warmupSeconds: o.warmupSeconds, seconds: o.seconds, token: ADMIN_TOKEN, publicId: normal } satisfies LoadOptions)

    // Quiet runs before and after the noisy one; the ratio's denominator is their mean, so background load on the
    // shared machine that comes or goes during the run weighs on both sides alike.
    log(`quiet (before): ${o.connections} normal chats, ${o.seconds} s`)
    const quietBefore = await load()
    log(`quiet (before): ${describe(quietBefore)}`)

    log(`noisy: the same, with ${o.hostileClients} hostile clients (sandbox deadline ${SANDBOX_TIMEOUT_MS} ms, turn budget ${TURN_TIMEOUT_MS} ms)`)
    const clients = startHostileClients(server.url, o.hostileClients, hostileIds)
    const noisyStarted = performance.now()
    const noisy = await load()
    const noisySeconds = (performance.now() - noisyStarted) / 1000
    await clients.stop()
    log(`noisy: ${describe(noisy)}`)
    const hostileSummary = Object.fromEntries(
      Object.entries(clients.stats).map(([k, s]) => [k, { turns: s.turns, meanMs: round(mean(s.ms), 0), maxMs: round(Math.max(...s.ms), 0), statuses: s.statuses }]),
    )
    log(`hostile turns over ${round(noisySeconds, 1)} s (warm-up included): ${JSON.stringify(hostileSummary)}`)

    log(`quiet (after): ${o.connections} normal chats, ${o.seconds} s`)
    const quietAfter = await load()
    log(`quiet (after): ${describe(quietAfter)}`)
    if (server.child.exitCode !== null) throw new Error(`the server died: ${server.stderr().slice(-500)}`)

    const quietP99 = (quietBefore.latencyMs.p99 + quietAfter.latencyMs.p99) / 2
    const quietPerSecond = (quietBefore.perSecond + quietAfter.perSecond) / 2
    const hostileTurns = Object.values(clients.stats).reduce((n, s) => n + s.turns, 0)
    const allMs = Object.values(clients.stats).flatMap((s) => s.ms)
    return {
      figures: [
        figure('noisy.sqlite.p99Ratio', `Normal chats' p99 with ${o.hostileClients} hostile clients / without (SQLite, ${o.connections} chats)`, round(noisy.latencyMs.p99 / quietP99, 2), 'ratio', { op: '<=', value: 2 }, {
          quietBefore: latencyDetails(quietBefore),
          noisy: latencyDetails(noisy),
          quietAfter: latencyDetails(quietAfter),
          quietP99Mean: round(quietP99, 2),
          hostile: { clients: o.hostileClients, seconds: round(noisySeconds, 1), turns: hostileTurns, meanMs: round(mean(allMs), 0), byBot: hostileSummary },
          budgets: { sandboxTimeoutMs: SANDBOX_TIMEOUT_MS, turnTimeoutMs: TURN_TIMEOUT_MS },
        }),
        figure('noisy.sqlite.p99', 'Normal chats p99 with hostile chats (quiet: mean of before and after)', round(noisy.latencyMs.p99), 'ms', undefined, { quietMs: round(quietP99) }),
        figure('noisy.sqlite.p50', 'Normal chats p50 with hostile chats', round(noisy.latencyMs.p50), 'ms', undefined, { quietBeforeMs: round(quietBefore.latencyMs.p50), quietAfterMs: round(quietAfter.latencyMs.p50) }),
        figure('noisy.sqlite.throughputRatio', 'Normal chats turns/s with hostile chats / without', round(noisy.perSecond / quietPerSecond, 2), 'ratio', undefined, {
          noisyPerSecond: round(noisy.perSecond, 0),
          quietPerSecond: round(quietPerSecond, 0),
        }),
        figure('noisy.sqlite.hostileTurns', 'Hostile turns completed during the noisy run (mean duration in details)', hostileTurns, 'turns', undefined, { meanMs: round(mean(allMs), 0) }),
      ],
    }
  } finally {
    await server.stop()
  }
}
