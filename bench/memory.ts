// Figure 6: RSS of a server process (SQLite) whose database holds 100,000 idle sessions vs none. Sessions live in
// the database: the server must not load or keep them. Each case: a fresh `parley serve` on the database, the same
// few chats and turns, two full GCs, then RSS (median of three readings).
import { join } from 'node:path'
import Sqlite from 'better-sqlite3'
import { loopBot } from './lib/bots.js'
import { freshDir, httpCaller, log, median, round, setupBots, spawnParley } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'

const MiB = 2 ** 20

/** Copies a real session (and its result) `count` times with new ids, in one transaction. */
const seedSessions = (file: string, sessionId: string, count: number) => {
  const db = new Sqlite(file)
  db.pragma('synchronous = OFF')
  const session = db.prepare('select state, createdAt from chatSessions where id = ?').get(sessionId) as { state: string; createdAt: string }
  const result = db.prepare('select id, botId, variables from results where lastChatSessionId = ?').get(sessionId) as {
    id: string
    botId: string
    variables: string
  }
  db.transaction(() => {
    db.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < @count)
       insert into results (id, botId, createdAt, variables, isCompleted, hasStarted, isArchived, lastChatSessionId)
       select 'idle-r' || i, @botId, @createdAt, @variables, 0, 0, 0, lower(hex(randomblob(24))) from n`,
    ).run({ count, botId: result.botId, createdAt: session.createdAt, variables: result.variables })
    // Random 192-bit session ids as the server makes them (a B-tree of random keys, not a sequence).
    db.prepare(
      `insert into chatSessions (id, revision, state, createdAt, updatedAt)
       select lastChatSessionId, 1, replace(@state, @resultId, id), @createdAt, @createdAt
       from results where id like 'idle-r%'`,
    ).run({ state: session.state, resultId: result.id, createdAt: session.createdAt })
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  const stored = db.prepare('select count(*) as n, sum(length(state)) as bytes from chatSessions').get() as { n: number; bytes: number }
  db.close()
  return stored
}

/** The same traffic on every server: a few chats with a few turns each. */
const exercise = async (url: string, publicId: string) => {
  const call = httpCaller(url)
  for (let c = 0; c < 20; c++) {
    const start = await call('POST', `/v1/bots/${publicId}/startChat`, {})
    for (let t = 0; t < 5; t++) {
      const turn = await call('POST', `/v1/sessions/${start.json.sessionId}/continueChat`, { message: `turn ${t}` })
      if (turn.status !== 200) throw new Error(`continueChat answered ${turn.status}: ${turn.text}`)
    }
  }
}

const rssWith = async (idleSessions: number) => {
  const dir = freshDir(`memory-${idleSessions}`)
  const env = { DATABASE_URL: `sqlite:${join(dir, 'parley.db')}` }
  const first = await spawnParley(env)
  const { bots } = await setupBots(httpCaller(first.url), [loopBot()])
  const publicId = bots[0].publicId
  const sample = await httpCaller(first.url)('POST', `/v1/bots/${publicId}/startChat`, {})
  await first.stop()
  const stored = idleSessions ? seedSessions(join(dir, 'parley.db'), sample.json.sessionId, idleSessions) : undefined

  const server = await spawnParley(env)
  try {
    await exercise(server.url, publicId)
    const readings: { rss: number; heapUsed: number }[] = []
    for (let i = 0; i < 3; i++) {
      readings.push(await server.memory())
      await new Promise((r) => setTimeout(r, 200))
    }
    return { rss: median(readings.map((r) => r.rss)), heapUsed: median(readings.map((r) => r.heapUsed)), stored }
  } finally {
    await server.stop()
  }
}

export const benchMemory = async (options: { sessions: number }): Promise<Figure[]> => {
  const empty = await rssWith(0)
  const full = await rssWith(options.sessions)
  log(
    `memory: RSS ${round(empty.rss / MiB, 1)} MiB with 0 sessions, ${round(full.rss / MiB, 1)} MiB with ${full.stored?.n} stored (${round((full.stored?.bytes ?? 0) / MiB, 1)} MiB of state)`,
  )
  const details = {
    rssMiB: { empty: round(empty.rss / MiB, 1), full: round(full.rss / MiB, 1) },
    heapUsedMiB: { empty: round(empty.heapUsed / MiB, 1), full: round(full.heapUsed / MiB, 1) },
    storedSessions: full.stored?.n,
    storedStateMiB: round((full.stored?.bytes ?? 0) / MiB, 1),
  }
  return [
    figure(
      'memory.rssRatio',
      `Server RSS: ${options.sessions.toLocaleString('en')} idle sessions / 0`,
      round(full.rss / empty.rss, 3),
      'ratio',
      { op: '<=', value: 1.2 },
      details,
    ),
    figure(
      'memory.rssDeltaMiB',
      `Server RSS growth with ${options.sessions.toLocaleString('en')} idle sessions`,
      round((full.rss - empty.rss) / MiB, 1),
      'MiB',
    ),
  ]
}
