// Many cores: continueChat turns per second of `parley serve` with PARLEY_WORKERS=2 (node:cluster, one port)
// divided by the same with one process, on one PostgreSQL database, in the same run (one worker measured before
// and after two, the ratio taken against their mean). Also where the CPU went: the server's processes, the load
// generator, and the machine as a whole (PostgreSQL's backends and anything else running are the rest). Linux only.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { loopBot } from './lib/bots.js'
import { ADMIN_TOKEN, createPgDatabase, httpCaller, log, round, runHelper, setupBots, spawnParley } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'
import { describe, loadDetails } from './lib/load-report.js'
import type { LoadOptions, LoadResult } from './loadgen.js'

export type ClusterOptions = { connections: number; seconds: number; warmupSeconds: number }

/** utime + stime of a /proc stat line, in seconds (clock ticks of 1/100 s); 0 once the process is gone. */
const statCpu = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** CPU of a process and its children (a cluster's workers), and the machine's busy share, over a window. */
const cpuMeter = (pid: number) => {
  const sample = () => {
    const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    return {
      at: performance.now(),
      server: [pid, ...childrenOf(pid)].reduce((sum, p) => sum + statCpu(p), 0),
      machineIdle: machine[3] + machine[4],
      machineTotal: machine.reduce((a, b) => a + b, 0),
    }
  }
  const a = sample()
  return () => {
    const b = sample()
    return {
      serverCores: round((b.server - a.server) / ((b.at - a.at) / 1000), 2),
      machineBusy: round(1 - (b.machineIdle - a.machineIdle) / (b.machineTotal - a.machineTotal), 2),
    }
  }
}

export const benchCluster = async (o: ClusterOptions): Promise<Figure[]> => {
  const db = await createPgDatabase('cluster')
  try {
    let publicId: string | undefined
    const measure = async (workers: number) => {
      const server = await spawnParley({ DATABASE_URL: db.url, PARLEY_WORKERS: String(workers) })
      try {
        // /health answers once one worker listens: wait for all of them (the warm-up then covers their start).
        for (const deadline = Date.now() + 60_000; workers > 1 && childrenOf(server.child.pid!).length < workers; ) {
          if (Date.now() > deadline) throw new Error(`${workers} workers did not start: ${server.stderr()}`)
          await new Promise((r) => setTimeout(r, 100))
        }
        publicId ??= (await setupBots(httpCaller(server.url), [loopBot()])).bots[0].publicId
        log(`PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}: continueChat, ${o.connections} chats, ${o.seconds} s`)
        const done = cpuMeter(server.child.pid!)
        const result = await runHelper<LoadResult>('loadgen.ts', {
          url: server.url,
          mode: 'chat',
          connections: o.connections,
          warmupSeconds: o.warmupSeconds,
          seconds: o.seconds,
          token: ADMIN_TOKEN,
          publicId,
        } satisfies LoadOptions)
        // Warm-up included: the meter runs across the load generator's whole life.
        const cpu = done()
        log(
          `${workers} worker(s): ${describe(result)}; CPU: server ${cpu.serverCores}, load generator ${round(result.cpuCores, 2)} cores, machine ${cpu.machineBusy * 100} % busy`,
        )
        if (result.non2xx || result.errors || result.mismatches) throw new Error(`${workers} worker(s) answered errors`)
        return { result, cpu }
      } finally {
        await server.stop()
      }
    }
    const oneBefore = await measure(1)
    const two = await measure(2)
    const oneAfter = await measure(1)
    const one = (oneBefore.result.perSecond + oneAfter.result.perSecond) / 2
    const details = (m: typeof two) => ({ ...loadDetails(m.result), cpu: m.cpu })
    return [
      figure('cluster.ratio', 'Turns/s with 2 workers ÷ 1 worker (PostgreSQL, same run)', round(two.result.perSecond / one, 3), 'ratio', undefined, {
        oneBefore: details(oneBefore),
        two: details(two),
        oneAfter: details(oneAfter),
      }),
      figure('cluster.one.perSecond', 'Turns per second, 1 worker (mean of before and after)', round(one, 0), 'turns/s'),
      figure('cluster.two.perSecond', 'Turns per second, 2 workers', round(two.result.perSecond, 0), 'turns/s'),
      figure('cluster.two.p99', 'Turn latency p99, 2 workers', round(two.result.latencyMs.p99), 'ms'),
      figure('cluster.loadgen.cores', 'Load generator CPU during the 2-worker run', round(two.result.cpuCores, 2), 'cores'),
    ]
  } finally {
    await db.drop()
  }
}
