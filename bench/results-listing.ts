// Figure 4: listing a page of 100 results (the store query behind GET /v1/bots/{botId}/results, answers included)
// for a bot with 1,000 results vs one with 1,000,000, both in the same database. Results (and one answer each) are
// seeded in bulk by SQL: a recursive CTE on SQLite, generate_series on PostgreSQL. Median of interleaved runs.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import Sqlite from 'better-sqlite3'
import pg from 'pg'
import type { Store } from '../src/store/index.js'
import { loopBot } from './lib/bots.js'
import { createPgDatabase, freshDir, log, median, round, setupBots } from './lib/common.js'
import { loadDist } from './lib/dist.js'
import { type Figure, figure } from './lib/figures.js'
import { startInProcess } from './lib/inprocess.js'

export type ListingOptions = { large: number; small: number; runs: number; postgres: boolean }

const SPAN_SECONDS = 30 * 86_400
const variablesJson = (n: string) => `'[{"id":"v-answer","name":"Answer","value":"Answer number ' || ${n} || '"}]'`

const seedSqlite = (file: string, botId: string, count: number, prefix: string) => {
  const db = new Sqlite(file)
  db.pragma('synchronous = OFF')
  const base = new Date().toISOString()
  db.transaction(() => {
    db.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < @count)
       insert into results (id, botId, createdAt, variables, isCompleted, hasStarted, isArchived, lastChatSessionId)
       select @prefix || i, @botId, strftime('%Y-%m-%dT%H:%M:%fZ', @base, '-' || ((@count - i) * @step) || ' seconds'),
              ${variablesJson('i')}, i % 2, 1, 0, null from n`,
    ).run({ count, prefix, botId, base, step: SPAN_SECONDS / count })
    db.prepare(
      `insert into answers (resultId, blockId, content, attachedFileUrls, createdAt)
       select id, 'b-input', 'Answer number ' || seq, null, createdAt from results where botId = @botId order by seq`,
    ).run({ botId })
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
}

const seedPostgres = async (url: string, botId: string, count: number, prefix: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // Foreign keys, unique constraints and plain indexes of the two tables are dropped during the load and rebuilt
    // from their own definitions after it: the same schema, checked and built in one pass each instead of a million
    // trigger calls and index insertions.
    const constraints = (
      await client.query(
        `select conrelid::regclass::text as "table", conname as name, contype as type, pg_get_constraintdef(oid) as def from pg_constraint
           where (conrelid in ('results'::regclass, 'answers'::regclass) or confrelid in ('results'::regclass, 'answers'::regclass))
             and contype in ('f', 'u') order by contype desc`,
      )
    ).rows as { table: string; name: string; type: string; def: string }[]
    const indexes = (
      await client.query(
        `select indexname, indexdef from pg_indexes i where tablename in ('results', 'answers') and schemaname = current_schema()
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    ).rows as { indexname: string; indexdef: string }[]
    await client.query(`set maintenance_work_mem = '256MB'`)
    await client.query('begin')
    for (const c of [...constraints].reverse()) await client.query(`alter table ${c.table} drop constraint "${c.name}"`)
    for (const index of indexes) await client.query(`drop index "${index.indexname}"`)
    await client.query(
      `insert into results (id, "botId", "createdAt", variables, "isCompleted", "hasStarted", "isArchived", "lastChatSessionId")
       select $1 || i, $2, to_char(($3::timestamptz - (($4 - i) * $5::float8) * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              ${variablesJson('i')}, i % 2, 1, 0, null from generate_series(1, $4::int) i`,
      [prefix, botId, new Date().toISOString(), count, SPAN_SECONDS / count],
    )
    await client.query(
      `insert into answers ("resultId", "blockId", content, "attachedFileUrls", "createdAt")
       select id, 'b-input', 'Answer number ' || seq, null, "createdAt" from results where "botId" = $1 order by seq`,
      [botId],
    )
    for (const index of indexes) await client.query(index.indexdef)
    // Unique constraints first (the foreign key to results.id needs one), then foreign keys.
    for (const c of constraints) await client.query(`alter table ${c.table} add constraint "${c.name}" ${c.def}`)
    await client.query('commit')
    // What autovacuum would have done by the time a table holds a million rows.
    await client.query('analyze results')
    await client.query('analyze answers')
  } finally {
    await client.end()
  }
}

/** The plan of the listing query, as the database explains it. */
const explain = async (dialect: 'sqlite' | 'postgres', url: string, sql: string, parameters: readonly unknown[]): Promise<string[]> => {
  if (dialect === 'sqlite') {
    const db = new Sqlite(url.slice('sqlite:'.length), { readonly: true })
    try {
      return (db.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as { detail: string }[]).map((r) => r.detail)
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(`explain ${sql}`, parameters as unknown[])).rows.map((r) => r['QUERY PLAN'])
  } finally {
    await client.end()
  }
}

type Page = { limit: number; cursor?: number; from?: string; to?: string }

const timeList = async (store: Store, botId: string, page: Page): Promise<number> => {
  const started = performance.now()
  const res = await store.chats.listResults(botId, page)
  const ms = performance.now() - started
  if (res.results.length !== page.limit) throw new Error(`listing returned ${res.results.length} results`)
  if (res.results[0].answers.length !== 1) throw new Error('listing returned results without their answer')
  return ms
}

const measure = async (dialect: 'sqlite' | 'postgres', url: string, o: ListingOptions) => {
  // Bots through the API (in process), then results in bulk.
  const app = await startInProcess(url)
  const { bots } = await setupBots(app.call, [loopBot(), loopBot()])
  await app.close()
  const [small, large] = bots
  const seedStarted = performance.now()
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length)
    seedSqlite(file, small.id, o.small, 'rs')
    seedSqlite(file, large.id, o.large, 'rl')
  } else {
    await seedPostgres(url, small.id, o.small, 'rs')
    await seedPostgres(url, large.id, o.large, 'rl')
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000
  log(`results listing (${dialect}): seeded ${o.small} + ${o.large} results with one answer each in ${round(seedSeconds, 1)} s`)

  const { openStore } = await loadDist<typeof import('../src/store/index.js')>('store/index.js')
  const { timeWindow } = await loadDist<typeof import('../src/domain/timeFilter.js')>('domain/timeFilter.js')
  // The plan, from the statement the store actually sends.
  let captured: { sql: string; parameters: readonly unknown[] } | undefined
  const probe = await openStore(url, { migrate: false, onQuery: (sql, parameters) => (captured ??= { sql, parameters }) })
  await probe.chats.listResults(large.id, { limit: 100 })
  await probe.close()
  const plan = captured ? await explain(dialect, url, captured.sql, captured.parameters) : []

  const store = await openStore(url, { migrate: false })
  try {
    const first: Page = { limit: 100 }
    const second = async (botId: string): Promise<Page> => ({ limit: 100, cursor: (await store.chats.listResults(botId, first)).nextCursor })
    const window: Page = { limit: 100, ...timeWindow('last7Days', 'UTC', new Date()) }
    const variants = {
      firstPage: { small: first, large: first },
      secondPage: { small: await second(small.id), large: await second(large.id) },
      last7Days: { small: window, large: window },
    } satisfies Record<string, { small: Page; large: Page }>
    type Timing = { smallMs: number; largeMs: number; ratio: number }
    const out = {} as Record<keyof typeof variants, Timing>
    for (const [name, pages] of Object.entries(variants) as [keyof typeof variants, { small: Page; large: Page }][]) {
      for (let i = 0; i < 3; i++) {
        await timeList(store, small.id, pages.small)
        await timeList(store, large.id, pages.large)
      }
      const smallMs: number[] = []
      const largeMs: number[] = []
      for (let i = 0; i < o.runs; i++) {
        smallMs.push(await timeList(store, small.id, pages.small))
        largeMs.push(await timeList(store, large.id, pages.large))
      }
      out[name] = { smallMs: round(median(smallMs), 3), largeMs: round(median(largeMs), 3), ratio: round(median(largeMs) / median(smallMs), 2) }
    }
    return { ...out, seedSeconds: round(seedSeconds, 1), plan }
  } finally {
    await store.close()
  }
}

export const benchResultsListing = async (o: ListingOptions): Promise<Figure[]> => {
  const figures: Figure[] = []
  const backends: ['sqlite' | 'postgres', () => Promise<{ url: string; drop: () => Promise<void> }>][] = [
    [
      'sqlite',
      async () => {
        const dir = freshDir('listing')
        return { url: `sqlite:${join(dir, 'parley.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
      },
    ],
  ]
  if (o.postgres) backends.push(['postgres', () => createPgDatabase('listing')])
  for (const [dialect, create] of backends) {
    const db = await create()
    try {
      const m = await measure(dialect, db.url, o)
      const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
      log(
        `results listing (${label}): page of 100, ${o.small}: ${m.firstPage.smallMs} ms, ${o.large}: ${m.firstPage.largeMs} ms (second page ${m.secondPage.smallMs} / ${m.secondPage.largeMs} ms, last 7 days ${m.last7Days.smallMs} / ${m.last7Days.largeMs} ms)`,
      )
      figures.push(
        figure(
          `listing.${dialect}.ratio`,
          `Results page of 100: ${o.large.toLocaleString('en')} vs ${o.small.toLocaleString('en')} results (${label})`,
          m.firstPage.ratio,
          'ratio',
          { op: '<=', value: 2 },
          m,
        ),
        figure(
          `listing.${dialect}.largeMs`,
          `Results page of 100 at ${o.large.toLocaleString('en')} results (${label}, median)`,
          m.firstPage.largeMs,
          'ms',
        ),
      )
    } finally {
      await db.drop()
    }
  }
  return figures
}
