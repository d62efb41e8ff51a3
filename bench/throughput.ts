// Figures 1 and 2: continueChat turns per second of a real server under 64 concurrent chats (closed loop, load
// generator in its own process), divided by the requests per second of a bare Fastify route answering a JSON
// body of the same size, measured in the same run. On SQLite (file, WAL, synchronous=FULL) and on PostgreSQL
// with one server process, then two behind a round-robin proxy sharing the database.
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

const load = (url: string, mode: LoadOptions['mode'], o: ThroughputOptions, publicId?: string) =>
  runHelper<LoadResult>('loadgen.ts', {
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

  // SQLite server, and the answer size the baseline mimics.
  const dir = freshDir('throughput-sqlite')
  const commitMs = durableCommitMs(dir)
  log(`one durable SQLite commit on this disk: ${round(commitMs, 3)} ms (at most ${round(1000 / commitMs, 0)} serial commits/s)`)
  const sqliteProfile = o.profile ? 'turns-sqlite' : undefined
  // With /metrics on, as an operator would run it: scraped before and after, its turn histogram must move.
  const sqlite = await serverWithBot({ DATABASE_URL: `sqlite:${join(dir, 'parley.db')}`, METRICS_TOKEN }, sqliteProfile)
  const sample = await sampleTurn(sqlite.server.url, sqlite.publicId)

  // The baseline runs before and after the SQLite turns and the ratios use the mean of both: load from outside
  // this run that comes or goes during it (a shared machine) then weighs on both sides of the ratio alike.
  const measureBaseline = async (when: string) => {
    const baseline = await spawnHelper('baseline-server.ts', { body: sample })
    log(`baseline (${when}): bare Fastify, ${o.connections} connections, ${o.seconds} s`)
    const result = await load(`http://127.0.0.1:${baseline.port}`, 'fixed', o)
    await baseline.stop()
    log(`baseline (${when}): ${describe(result)}`)
    if (result.non2xx || result.mismatches) throw new Error('the baseline answered errors')
    return result
  }
  const before = await measureBaseline('before')

  log(`SQLite: continueChat, ${o.connections} chats, ${o.seconds} s`)
  const countedBefore = await turnsCounted(sqlite.server.url)
  const onSqlite = await load(sqlite.server.url, 'chat', o, sqlite.publicId)
  const counted = (await turnsCounted(sqlite.server.url)) - countedBefore
  log(`SQLite: ${describe(onSqlite)}`)
  log(`SQLite: /metrics counted ${counted} turns in parley_chat_turn_duration_seconds during the run (warm-up included)`)
  if (counted < onSqlite.requests) throw new Error(`/metrics counted ${counted} turns, the load generator had ${onSqlite.requests} answered`)
  await stopAndSummarize([sqlite.server], [sqliteProfile], profiles, o.seconds)
  const after = await measureBaseline('after')
  const base = { perSecond: (before.perSecond + after.perSecond) / 2, p99: Math.max(before.latencyMs.p99, after.latencyMs.p99) }

  const baseDetails = { baselineBefore: loadDetails(before), baselineAfter: loadDetails(after) }
  figures.push(
    figure(
      'turns.sqlite.ratio',
      'Turn throughput / bare Fastify (SQLite)',
      round(onSqlite.perSecond / base.perSecond, 3),
      'ratio',
      { op: '>=', value: 0.3 },
      {
        turns: loadDetails(onSqlite),
        ...baseDetails,
      },
    ),
    figure('turns.sqlite.p50', 'Turn latency p50 (SQLite, 64 chats)', round(onSqlite.latencyMs.p50), 'ms'),
    figure('turns.sqlite.p99', 'Turn latency p99 (SQLite, 64 chats)', round(onSqlite.latencyMs.p99), 'ms', { op: '<=', value: 10 }),
    figure('turns.baseline.p99', 'Bare Fastify latency p99 (64 connections, for reference)', round(base.p99), 'ms'),
    figure('turns.sqlite.metricsCounted', "Turns the server's /metrics histogram counted during the SQLite run", counted, 'turns'),
    figure('turns.sqlite.commitMs', 'One durable SQLite commit on this disk (fsync)', round(commitMs, 3), 'ms'),
  )

  if (o.postgres) {
    const db = await createPgDatabase('turns')
    try {
      const pgProfile = o.profile ? 'turns-postgres' : undefined
      const one = await serverWithBot({ DATABASE_URL: db.url }, pgProfile)
      log(`PostgreSQL, 1 process: continueChat, ${o.connections} chats, ${o.seconds} s`)
      const onPg1 = await load(one.server.url, 'chat', o, one.publicId)
      log(`PostgreSQL, 1 process: ${describe(onPg1)}`)
      await stopAndSummarize([one.server], [pgProfile], profiles, o.seconds)

      // Two processes on the same database (and the same published bot), behind a round-robin proxy.
      const a = await spawnParley({ DATABASE_URL: db.url })
      const b = await spawnParley({ DATABASE_URL: db.url })
      const proxy = await spawnHelper('proxy.ts', { backends: [a, b].map((s) => Number(new URL(s.url).port)) })
      log(`PostgreSQL, 2 processes behind a proxy: continueChat, ${o.connections} chats, ${o.seconds} s`)
      const onPg2 = await load(`http://127.0.0.1:${proxy.port}`, 'chat', o, one.publicId)
      log(`PostgreSQL, 2 processes: ${describe(onPg2)}`)
      await proxy.stop()
      await stopAndSummarize([a, b], [], profiles)

      figures.push(
        figure(
          'turns.pg1.ratio',
          'Turn throughput / bare Fastify (PostgreSQL, 1 process)',
          round(onPg1.perSecond / base.perSecond, 3),
          'ratio',
          { op: '>=', value: 0.3 },
          {
            turns: loadDetails(onPg1),
          },
        ),
        figure('turns.pg1.perSecond', 'Turns per second (PostgreSQL, 1 process)', round(onPg1.perSecond, 0), 'turns/s'),
        figure('turns.pg1.p99', 'Turn latency p99 (PostgreSQL, 1 process)', round(onPg1.latencyMs.p99), 'ms', { op: '<=', value: 10 }),
        figure(
          'turns.pg2.ratio',
          'Turn throughput / bare Fastify (PostgreSQL, 2 processes)',
          round(onPg2.perSecond / base.perSecond, 3),
          'ratio',
          { op: '>=', value: 0.3 },
          {
            turns: loadDetails(onPg2),
          },
        ),
        figure('turns.pg2.perSecond', 'Turns per second (PostgreSQL, 2 processes + proxy)', round(onPg2.perSecond, 0), 'turns/s'),
        figure('turns.pg2.p99', 'Turn latency p99 (PostgreSQL, 2 processes + proxy)', round(onPg2.latencyMs.p99), 'ms', { op: '<=', value: 10 }),
      )
    } finally {
      await db.drop()
    }
  }
  figures.splice(1, 0, figure('turns.sqlite.perSecond', 'Turns per second (SQLite)', round(onSqlite.perSecond, 0), 'turns/s'))
  figures.splice(
    2,
    0,
    figure(
      'turns.baseline.perSecond',
      'Bare Fastify requests per second (same body size; mean of the runs before and after)',
      round(base.perSecond, 0),
      'req/s',
    ),
  )
  return { figures, profiles }
}
