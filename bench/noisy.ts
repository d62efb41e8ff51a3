// Noisy neighbour: the p99 of normal chats while hostile chats run, ÷ their p99 without them, same server, same run.
// The server awaits bot code (QuickJS in a worker pool, regexes in a worker) instead of blocking its event loop, so
// a hostile chat should cost other chats little. What it still costs is CPU: each runaway evaluation burns a core
// until its deadline, and this machine's cores are shared by the server, the load generator and the hostile clients.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { hostileBots, loopBot, regexBombSubject } from './lib/bots.js'
import { ADMIN_TOKEN, freshDir, httpCaller, log, round, runHelper, setupBots, spawnParley } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'
import type { LoadOptions, LoadResult } from './loadgen.js'
import { describe, loadDetails } from './lib/load-report.js'

export type NoisyOptions = { connections: number; seconds: number; warmupSeconds: number; hostileClients: number }

/** Small budgets, as an operator worried about hostile bots would set them (defaults: 2 s and 30 s). */
const SANDBOX_TIMEOUT_MS = 500
const TURN_TIMEOUT_MS = 3000

type Kind = 'codes' | 'regexes' | 'setCode'
type HostileStats = Record<Kind, { turns: number; ms: number[]; statuses: Record<string, number> }>

/** utime + stime of a /proc stat line, in seconds (clock ticks of 1/100 s on Linux). */
const statCpu = (path: string) => {
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * CPU the server used (whole process, exited worker threads included; its main thread alone) and the machine's busy
 * share, to tell a blocked event loop (main thread busy, turns slow) from a starved one (main thread gets less CPU
 * because the sandbox and regex workers, and everything else on the machine, take the cores). Linux only.
 */
const cpuMeter = (pid: number) => {
  const sample = () => {
    const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    return {
      at: performance.now(),
      process: statCpu(`/proc/${pid}/stat`),
      main: statCpu(`/proc/${pid}/task/${pid}/stat`),
      machineIdle: machine[3] + machine[4],
      machineTotal: machine.reduce((a, b) => a + b, 0),
    }
  }
  return () => {
    const a = sample()
    return () => {
      const b = sample()
      const wall = (b.at - a.at) / 1000
      const mainCores = (b.main - a.main) / wall
      return {
        serverMainCores: round(mainCores, 2),
        serverOtherThreadsCores: round((b.process - a.process) / wall - mainCores, 2),
        machineBusy: round(1 - (b.machineIdle - a.machineIdle) / (b.machineTotal - a.machineTotal), 2),
      }
    }
  }
}

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

    const meter = cpuMeter(server.child.pid!)
    const cpu: Record<string, ReturnType<ReturnType<ReturnType<typeof cpuMeter>>>> = {}
    const load = () =>
      runHelper<LoadResult>('loadgen.ts', {
        url: server.url,
        mode: 'chat',
        connections: o.connections,
        warmupSeconds: o.warmupSeconds,
        seconds: o.seconds,
        token: ADMIN_TOKEN,
        publicId: normal,
      } satisfies LoadOptions)

    // Quiet runs before and after the noisy one; the ratio's denominator is their mean, so background load on the
    // shared machine that comes or goes during the run weighs on both sides alike.
    log(`quiet (before): ${o.connections} normal chats, ${o.seconds} s`)
    let done = meter()
    const quietBefore = await load()
    cpu.quietBefore = done()
    log(`quiet (before): ${describe(quietBefore)}`)

    log(`noisy: the same, with ${o.hostileClients} hostile clients (sandbox deadline ${SANDBOX_TIMEOUT_MS} ms, turn budget ${TURN_TIMEOUT_MS} ms)`)
    const clients = startHostileClients(server.url, o.hostileClients, hostileIds)
    const noisyStarted = performance.now()
    done = meter()
    const noisy = await load()
    cpu.noisy = done()
    const noisySeconds = (performance.now() - noisyStarted) / 1000
    await clients.stop()
    log(`noisy: ${describe(noisy)}`)
    const hostileSummary = Object.fromEntries(
      Object.entries(clients.stats).map(([k, s]) => [
        k,
        { turns: s.turns, meanMs: round(mean(s.ms), 0), maxMs: round(Math.max(...s.ms), 0), statuses: s.statuses },
      ]),
    )
    log(`hostile turns over ${round(noisySeconds, 1)} s (warm-up included): ${JSON.stringify(hostileSummary)}`)

    log(`quiet (after): ${o.connections} normal chats, ${o.seconds} s`)
    done = meter()
    const quietAfter = await load()
    cpu.quietAfter = done()
    log(`CPU (cores used over each phase, warm-up included): ${JSON.stringify(cpu)}`)
    log(`quiet (after): ${describe(quietAfter)}`)
    if (server.child.exitCode !== null) throw new Error(`the server died: ${server.stderr().slice(-500)}`)

    const quietP99 = (quietBefore.latencyMs.p99 + quietAfter.latencyMs.p99) / 2
    const quietPerSecond = (quietBefore.perSecond + quietAfter.perSecond) / 2
    const hostileTurns = Object.values(clients.stats).reduce((n, s) => n + s.turns, 0)
    const allMs = Object.values(clients.stats).flatMap((s) => s.ms)
    return {
      figures: [
        figure(
          'noisy.sqlite.p99Ratio',
          `Normal chats' p99 with ${o.hostileClients} hostile clients / without (SQLite, ${o.connections} chats)`,
          round(noisy.latencyMs.p99 / quietP99, 2),
          'ratio',
          { op: '<=', value: 2 },
          {
            quietBefore: loadDetails(quietBefore),
            noisy: loadDetails(noisy),
            quietAfter: loadDetails(quietAfter),
            quietP99Mean: round(quietP99, 2),
            hostile: {
              clients: o.hostileClients,
              seconds: round(noisySeconds, 1),
              turns: hostileTurns,
              meanMs: round(mean(allMs), 0),
              byBot: hostileSummary,
            },
            cpu,
            budgets: { sandboxTimeoutMs: SANDBOX_TIMEOUT_MS, turnTimeoutMs: TURN_TIMEOUT_MS },
          },
        ),
        figure(
          'noisy.sqlite.p99',
          'Normal chats p99 with hostile chats (quiet p99, mean of before and after, in details)',
          round(noisy.latencyMs.p99),
          'ms',
          undefined,
          { quietMs: round(quietP99) },
        ),
        figure('noisy.sqlite.p50', 'Normal chats p50 with hostile chats', round(noisy.latencyMs.p50), 'ms', undefined, {
          quietBeforeMs: round(quietBefore.latencyMs.p50),
          quietAfterMs: round(quietAfter.latencyMs.p50),
        }),
        figure(
          'noisy.sqlite.throughputRatio',
          'Normal chats turns/s with hostile chats / without',
          round(noisy.perSecond / quietPerSecond, 2),
          'ratio',
          undefined,
          {
            noisyPerSecond: round(noisy.perSecond, 0),
            quietPerSecond: round(quietPerSecond, 0),
          },
        ),
        figure(
          'noisy.sqlite.hostileTurns',
          'Hostile turns completed during the noisy run (mean duration in details)',
          hostileTurns,
          'turns',
          undefined,
          { meanMs: round(mean(allMs), 0) },
        ),
      ],
    }
  } finally {
    await server.stop()
  }
}
