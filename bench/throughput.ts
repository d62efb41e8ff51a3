// The turn figures: continueChat turns per second of a real server under 64 concurrent chats (closed loop, load
// generator in its own process) on SQLite (file, WAL, synchronous=FULL) and on PostgreSQL (one process; two behind
// a round-robin proxy), each divided by the requests per second of a baseline answering a JSON body of the same
// size in the same run: a raw node:http server driven by a plain node:http load generator (issue 31's measurement,
// the targets), and a bare Fastify route driven by autocannon (the figures kept from the first bench).
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import Sqlite from 'better-sqlite3'
import { loopBot } from './lib/bots.js'
import {
  createPgDatabase,
  freshDir,
  httpCaller,
  log,
  mainThreadProfile,
  type ParleyServer,
  round,
  runHelper,
  setupBots,
  spawnHelper,
  spawnParley,
  ADMIN_TOKEN,
} from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'
import { formatSummary, type ProfileSummary, summarizeProfileFile } from './lib/profile.js'
import type { LoadOptions, LoadResult } from './loadgen.js'
import { describe, loadDetails } from './lib/load-report.js'

export type ThroughputOptions = { connections: number; seconds: number; warmupSeconds: number; profile: boolean; postgres: boolean }

/** One closed-loop load run: autocannon (loadgen.ts) or the plain node:http load generator (rawload.ts). */
const load = (url: string, mode: LoadOptions['mode'], o: ThroughputOptions, publicId?: string, generator = 'loadgen.ts') =>
  runHelper<LoadResult>(generator, {
    url,
    mode,
    connections: o.connections,
    warmupSeconds: o.warmupSeconds,
    seconds: o.seconds,
    token: ADMIN_TOKEN,
    publicId,
  } satisfies LoadOptions)

/** Milliseconds of one durable commit on the scratch disk (WAL, synchronous=FULL, as the server opens SQLite). */
const durableCommitMs = (dir: string, commits = 200): number => {
  const db = new Sqlite(join(dir, 'fsync-probe.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.exec('create table probe (id integer primary key, body text not null)')
  const insert = db.prepare('insert into probe (body) values (?)')
  const started = performance.now()
  for (let i = 0; i < commits; i++) insert.run('x'.repeat(400))
  const ms = (performance.now() - started) / commits
  db.close()
  return ms
}

/** One turn on a fresh chat: the answer's JSON, to size the baseline. */
const sampleTurn = async (url: string, publicId: string) => {
  const call = httpCaller(url)
  const start = await call('POST', `/v1/bots/${publicId}/startChat`, {})
  const turn = await call('POST', `/v1/sessions/${start.json.sessionId}/continueChat`, { message: `Reply number 1000000, written at ${Date.now()}` })
  if (turn.status !== 200) throw new Error(`sample turn answered ${turn.status}: ${turn.text}`)
  return turn.json
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789'

/** The turns the server's own histogram counted (/metrics): continues answered ok on the chat API. */
const turnsCounted = async (url: string): Promise<number> => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`)
  const line = (await res.text())
    .split('\n')
    .find(
      (l) =>
        l.startsWith('parley_chat_turn_duration_seconds_count{') &&
        l.includes('surface="chat_api"') &&
        l.includes('kind="continue"') &&
        l.includes('outcome="ok"'),
    )
  return line ? Number(line.split(' ').at(-1)) : 0
}

const serverWithBot = async (env: Record<string, string>, profileName?: string) => {
  const server = await spawnParley(env, { cpuProfile: profileName })
  const { bots } = await setupBots(httpCaller(server.url), [loopBot()])
  return { server, publicId: bots[0].publicId }
}

/** Stops servers; summarises their profiles over the measured window (the last `seconds` before the stop). */
const stopAndSummarize = async (
  servers: ParleyServer[],
  profileNames: (string | undefined)[],
  profiles: Record<string, ProfileSummary>,
  seconds = 0,
) => {
  await Promise.all(servers.map((s) => s.stop()))
  for (const name of profileNames) {
    if (!name) continue
    try {
      profiles[name] = summarizeProfileFile(mainThreadProfile(name), 15, { from: seconds + 0.3, to: 0.3 })
      log(formatSummary(`profile ${name}`, profiles[name]))
    } catch (err) {
      log(`no profile for ${name}: ${(err as Error).message}`)
    }
  }
}

export const benchThroughput = async (o: ThroughputOptions): Promise<{ figures: Figure[]; profiles: Record<string, ProfileSummary> }> => {
  const figures: Figure[] = []
  const profiles: Record<string, ProfileSummary> = {}

  // SQLite server, and the answer size the baselines mimic.
  const dir = freshDir('throughput-sqlite')
  const commitMs = durableCommitMs(dir)
  log(`one durable SQLite commit on this disk: ${round(commitMs, 3)} ms (at most ${round(1000 / commitMs, 0)} serial commits/s)`)
  const sqliteProfile = o.profile ? 'turns-sqlite' : undefined
  // With /metrics on, as an operator would run it: scraped before and after, its turn histogram must move.
  const sqlite = await serverWithBot({ DATABASE_URL: `sqlite:${join(dir, 'parley.db')}`, METRICS_TOKEN }, sqliteProfile)
  const sample = await sampleTurn(sqlite.server.url, sqlite.publicId)
  const db = o.postgres ? await createPgDatabase('turns') : undefined
  try {
    const pgProfile = o.profile ? 'turns-postgres' : undefined
    // Started now, idle until its runs: one server per database serves both load generators.
    const pg1 = db && (await serverWithBot({ DATABASE_URL: db.url }, pgProfile))

    // Each baseline runs before and after the turns it is compared with and the ratios use the mean of both: load
    // from outside this run that comes or goes during it (a shared machine) then weighs on both sides alike.
    const measureBaseline = async (kind: 'fastify' | 'raw', when: string) => {
      const baseline = await spawnHelper(kind === 'fastify' ? 'baseline-server.ts' : 'raw-server.ts', { body: sample })
      const what = kind === 'fastify' ? 'bare Fastify, autocannon' : 'raw node:http, plain node:http load generator'
      log(`baseline (${kind}, ${when}): ${what}, ${o.connections} connections, ${o.seconds} s`)
      const result = await load(`http://127.0.0.1:${baseline.port}`, 'fixed', o, undefined, kind === 'raw' ? 'rawload.ts' : 'loadgen.ts')
      await baseline.stop()
      log(`baseline (${kind}, ${when}): ${describe(result)}`)
      if (result.non2xx || result.mismatches || result.errors) throw new Error('the baseline answered errors')
      return result
    }
    const mean = (a: LoadResult, b: LoadResult) => ({ perSecond: (a.perSecond + b.perSecond) / 2, p99: Math.max(a.latencyMs.p99, b.latencyMs.p99) })

    // 1. autocannon against the bare Fastify route (the figures kept since the first bench).
    const before = await measureBaseline('fastify', 'before')
    log(`SQLite: continueChat, autocannon, ${o.connections} chats, ${o.seconds} s`)
    const countedBefore = await turnsCounted(sqlite.server.url)
    const onSqlite = await load(sqlite.server.url, 'chat', o, sqlite.publicId)
    const counted = (await turnsCounted(sqlite.server.url)) - countedBefore
    log(`SQLite: ${describe(onSqlite)}`)
    log(`SQLite: /metrics counted ${counted} turns in parley_chat_turn_duration_seconds during the run (warm-up included)`)
    if (counted < onSqlite.requests) throw new Error(`/metrics counted ${counted} turns, the load generator had ${onSqlite.requests} answered`)
    let onPg1: LoadResult | undefined
    if (pg1) {
      log(`PostgreSQL, 1 process: continueChat, autocannon, ${o.connections} chats, ${o.seconds} s`)
      onPg1 = await load(pg1.server.url, 'chat', o, pg1.publicId)
      log(`PostgreSQL, 1 process: ${describe(onPg1)}`)
    }
    const after = await measureBaseline('fastify', 'after')
    const base = mean(before, after)

    // 2. Issue 31's measurement: a plain node:http load generator against the raw node:http server and the turns.
    // The profiles (--profile) cover these runs: each server stops right after its own.
    const rawBefore = await measureBaseline('raw', 'before')
    log(`SQLite: continueChat, node:http load generator, ${o.connections} chats, ${o.seconds} s`)
    const rawSqlite = await load(sqlite.server.url, 'chat', o, sqlite.publicId, 'rawload.ts')
    log(`SQLite (node:http): ${describe(rawSqlite)}`)
    await stopAndSummarize([sqlite.server], [sqliteProfile], profiles, o.seconds)
    let rawPg1: LoadResult | undefined
    if (pg1) {
      log(`PostgreSQL, 1 process: continueChat, node:http load generator, ${o.connections} chats, ${o.seconds} s`)
      rawPg1 = await load(pg1.server.url, 'chat', o, pg1.publicId, 'rawload.ts')
      log(`PostgreSQL, 1 process (node:http): ${describe(rawPg1)}`)
      await stopAndSummarize([pg1.server], [pgProfile], profiles, o.seconds)
    }
    const rawAfter = await measureBaseline('raw', 'after')
    const raw = mean(rawBefore, rawAfter)
    const rawDetails = { rawBefore: loadDetails(rawBefore), rawAfter: loadDetails(rawAfter) }

    const baseDetails = { baselineBefore: loadDetails(before), baselineAfter: loadDetails(after) }
    figures.push(
      figure(
        'turns.sqlite.rawRatio',
        'Turn throughput / raw node:http JSON server (SQLite, node:http load generator)',
        round(rawSqlite.perSecond / raw.perSecond, 3),
        'ratio',
        { op: '>=', value: 0.35 },
        { turns: loadDetails(rawSqlite), ...rawDetails },
      ),
      figure('turns.sqlite.rawPerSecond', 'Turns per second (SQLite, node:http load generator)', round(rawSqlite.perSecond, 0), 'turns/s'),
      figure(
        'turns.raw.perSecond',
        'Raw node:http requests per second (same body size; mean of the runs before and after)',
        round(raw.perSecond, 0),
        'req/s',
      ),
      figure(
        'turns.sqlite.ratio',
        'Turn throughput / bare Fastify (SQLite, autocannon)',
        round(onSqlite.perSecond / base.perSecond, 3),
        'ratio',
        undefined,
        { turns: loadDetails(onSqlite), ...baseDetails },
      ),
      figure('turns.sqlite.perSecond', 'Turns per second (SQLite, autocannon)', round(onSqlite.perSecond, 0), 'turns/s'),
      figure(
        'turns.baseline.perSecond',
        'Bare Fastify requests per second (same body size; mean of the runs before and after)',
        round(base.perSecond, 0),
        'req/s',
      ),
      figure('turns.sqlite.p50', 'Turn latency p50 (SQLite, 64 chats)', round(onSqlite.latencyMs.p50), 'ms'),
      figure('turns.sqlite.p99', 'Turn latency p99 (SQLite, 64 chats)', round(onSqlite.latencyMs.p99), 'ms', { op: '<=', value: 10 }),
      figure('turns.baseline.p99', 'Bare Fastify latency p99 (64 connections, for reference)', round(base.p99), 'ms'),
      figure('turns.sqlite.metricsCounted', "Turns the server's /metrics histogram counted during the SQLite run", counted, 'turns'),
      figure('turns.sqlite.commitMs', 'One durable SQLite commit on this disk (fsync)', round(commitMs, 3), 'ms'),
    )

    if (db && pg1 && onPg1 && rawPg1) {
      // Two processes on the same database (and the same published bot), behind a round-robin proxy.
      const a = await spawnParley({ DATABASE_URL: db.url })
      const b = await spawnParley({ DATABASE_URL: db.url })
      const proxy = await spawnHelper('proxy.ts', { backends: [a, b].map((s) => Number(new URL(s.url).port)) })
      log(`PostgreSQL, 2 processes behind a proxy: continueChat, autocannon, ${o.connections} chats, ${o.seconds} s`)
      const onPg2 = await load(`http://127.0.0.1:${proxy.port}`, 'chat', o, pg1.publicId)
      log(`PostgreSQL, 2 processes: ${describe(onPg2)}`)
      await proxy.stop()
      await stopAndSummarize([a, b], [], profiles)

      figures.push(
        figure(
          'turns.pg1.rawRatio',
          'Turn throughput / raw node:http JSON server (PostgreSQL, 1 process, node:http load generator)',
          round(rawPg1.perSecond / raw.perSecond, 3),
          'ratio',
          { op: '>=', value: 0.3 },
          { turns: loadDetails(rawPg1) },
        ),
        figure('turns.pg1.rawPerSecond', 'Turns per second (PostgreSQL, 1 process, node:http load generator)', round(rawPg1.perSecond, 0), 'turns/s'),
        figure(
          'turns.pg1.ratio',
          'Turn throughput / bare Fastify (PostgreSQL, 1 process, autocannon)',
          round(onPg1.perSecond / base.perSecond, 3),
          'ratio',
          undefined,
          { turns: loadDetails(onPg1) },
        ),
        figure('turns.pg1.perSecond', 'Turns per second (PostgreSQL, 1 process, autocannon)', round(onPg1.perSecond, 0), 'turns/s'),
        figure('turns.pg1.p99', 'Turn latency p99 (PostgreSQL, 1 process)', round(onPg1.latencyMs.p99), 'ms', { op: '<=', value: 10 }),
        figure(
          'turns.pg2.ratio',
          'Turn throughput / bare Fastify (PostgreSQL, 2 processes, autocannon)',
          round(onPg2.perSecond / base.perSecond, 3),
          'ratio',
          undefined,
          { turns: loadDetails(onPg2) },
        ),
        figure('turns.pg2.perSecond', 'Turns per second (PostgreSQL, 2 processes + proxy)', round(onPg2.perSecond, 0), 'turns/s'),
        figure('turns.pg2.p99', 'Turn latency p99 (PostgreSQL, 2 processes + proxy)', round(onPg2.latencyMs.p99), 'ms', { op: '<=', value: 10 }),
      )
    }
  } finally {
    await db?.drop()
  }
  return { figures, profiles }
}
