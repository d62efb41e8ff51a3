// `npm run bench`: runs every benchmark, prints a table (figure, value, target, holds) and writes
// bench/results.json. Options: --only=engine,statements,turns,noisy,listing,memory,webchat,editor,cluster,versions  --profile (CPU profiles of the
// servers under load and of the engine, summarised; figures are then slower)  --quick  --no-postgres
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { benchEngine } from './engine.js'
import { benchDir, ensureBuilt, killAll, log, machineInfo, pgAdminUrl, round } from './lib/common.js'
import { describeTarget, type Figure } from './lib/figures.js'
import type { ProfileSummary } from './lib/profile.js'
import { benchMemory } from './memory.js'
import { benchNoisy } from './noisy.js'
import { benchResultsListing } from './results-listing.js'
import { benchStatements } from './statements.js'
import { benchThroughput } from './throughput.js'
import { benchWebChat } from './webchat.js'
import { benchEditor } from './editor.js'
import { benchCluster } from './cluster.js'
import { benchVersions } from './versions.js'

const ALL = ['engine', 'statements', 'turns', 'noisy', 'listing', 'memory', 'webchat', 'editor', 'cluster', 'versions'] as const
type Name = (typeof ALL)[number]

const args = process.argv.slice(2)
const flag = (name: string) => args.includes(`--${name}`)
const onlyArg = args.find((a) => a.startsWith('--only='))
const only = new Set<Name>(onlyArg ? (onlyArg.slice('--only='.length).split(',') as Name[]) : ALL)
for (const name of only) if (!ALL.includes(name)) throw new Error(`Unknown benchmark "${name}" (one of ${ALL.join(', ')})`)
const profile = flag('profile')
const quick = flag('quick')

process.once('SIGINT', () => {
  killAll()
  process.exit(130)
})

const postgresReachable = async (): Promise<boolean> => {
  if (flag('no-postgres')) return false
  const client = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch (err) {
    log(`PostgreSQL not reachable at ${pgAdminUrl.replace(/:[^:@/]*@/, ':***@')} (${(err as Error).message}): its figures are skipped`)
    return false
  }
}

const started = Date.now()
const machine = machineInfo()
const loadAtStart = loadavg().map((l) => round(l, 2))
const build = ensureBuilt()
const postgres = await postgresReachable()
const figures: Figure[] = []
const profiles: Record<string, ProfileSummary> = {}
const timings: Record<string, number> = {}

const step = async (name: Name, work: () => Promise<void>) => {
  if (!only.has(name)) return
  const t = Date.now()
  log(`— ${name}`)
  await work()
  timings[name] = round((Date.now() - t) / 1000, 1)
}

await step('engine', async () => {
  const r = await benchEngine({ profile, seconds: quick ? 1 : 3 })
  figures.push(...r.figures)
  Object.assign(profiles, r.profiles)
})
await step('statements', async () => {
  figures.push(...(await benchStatements({ postgres })))
})
await step('turns', async () => {
  const r = await benchThroughput({ connections: 64, seconds: quick ? 4 : 10, warmupSeconds: quick ? 1 : 3, profile, postgres })
  figures.push(...r.figures)
  Object.assign(profiles, r.profiles)
})
await step('noisy', async () => {
  // 8 chats, not 64: the 2 cores are shared by the server, the load generator and the hostile clients.
  figures.push(...(await benchNoisy({ connections: 8, seconds: quick ? 4 : 10, warmupSeconds: quick ? 1 : 3, hostileClients: 2 })).figures)
})
await step('listing', async () => {
  figures.push(...(await benchResultsListing({ large: quick ? 100_000 : 1_000_000, small: 1000, runs: quick ? 9 : 21, postgres })))
})
await step('memory', async () => {
  figures.push(...(await benchMemory({ sessions: quick ? 10_000 : 100_000 })))
})
await step('webchat', async () => {
  figures.push(...(await benchWebChat({ runs: quick ? 3 : 9 })))
})
await step('editor', async () => {
  figures.push(...(await benchEditor({ runs: quick ? 3 : 7 })))
})
await step('cluster', async () => {
  if (!postgres) log('cluster: needs PostgreSQL, skipped')
  else figures.push(...(await benchCluster({ connections: 64, seconds: quick ? 4 : 10, warmupSeconds: quick ? 1 : 3 })))
})

await step('versions', async () => {
  figures.push(...(await benchVersions({ count: quick ? 10 : 50, runs: quick ? 3 : 9, postgres })))
})

const loadAtEnd = loadavg().map((l) => round(l, 2))
const rows = figures.map((f) => [f.label, `${f.value} ${f.unit}`, describeTarget(f.target), f.holds === undefined ? '' : f.holds ? 'yes' : 'NO'])
const header = ['Figure', 'Value', 'Target', 'Holds']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
console.log()
console.log(line(header))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const r of rows) console.log(line(r))
const misses = figures.filter((f) => f.holds === false)
console.log()
console.log(
  `${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; load average ${loadAtStart[0]} at start, ${loadAtEnd[0]} at end; ${round((Date.now() - started) / 1000, 0)} s`,
)
if (Math.max(loadAtStart[0], loadAtEnd[0]) > machine.cores)
  console.log('Warning: the machine was busy with other work (load average above the core count); absolute figures are depressed.')
console.log(misses.length ? `Targets missed: ${misses.map((f) => f.key).join(', ')}` : 'Every target holds.')

const out = {
  machine: { ...machine, loadAverage: { start: loadAtStart, end: loadAtEnd } },
  options: { only: [...only], profile, quick, postgres },
  build,
  seconds: { total: round((Date.now() - started) / 1000, 1), ...timings },
  figures,
  targets: Object.fromEntries(
    figures.filter((f) => f.target).map((f) => [f.key, { target: describeTarget(f.target), value: f.value, holds: f.holds }]),
  ),
  misses: misses.map((f) => f.key),
  ...(Object.keys(profiles).length && { profiles }),
}
writeFileSync(join(benchDir, 'results.json'), `${JSON.stringify(out, null, 2)}\n`)
log(`wrote bench/results.json`)
