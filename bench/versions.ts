// Version history's storage cost: a large bot (300 groups, 2,000 blocks) published `count` times, one text changed
// between publishes, through the API. Every version is a whole snapshot (its JSON, kept as text): the figures are
// the database's growth per version against the bot's JSON size, on SQLite (file pages) and PostgreSQL (the table's
// total relation size, TOAST compression included), and the time to compare two versions of that bot.
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { createPgDatabase, freshDir, log, median, round, setupBots } from './lib/common.js'
import { largeBot } from './lib/editorScale.js'
import { type Figure, figure } from './lib/figures.js'
import { startInProcess } from './lib/inprocess.js'

export type VersionsOptions = { count: number; runs: number; postgres: boolean }

type Measured = { bytesPerVersion: number; jsonChars: number; compareMs: number }

const measure = async (
  databaseUrl: string,
  sizeOf: (app: Awaited<ReturnType<typeof startInProcess>>) => Promise<number>,
  options: VersionsOptions,
) => {
  const app = await startInProcess(databaseUrl, undefined, { env: { PARLEY_BOT_VERSIONS_KEPT: '0' } })
  try {
    const bot = largeBot()
    const { bots } = await setupBots(app.call, [bot])
    const botId = bots[0].id
    const before = await sizeOf(app)
    for (let i = 2; i <= options.count; i++) {
      const draft = (await app.call('GET', `/v1/bots/${botId}`)).json.bot
      draft.groups[i % draft.groups.length].blocks[0].content = { richText: [{ type: 'p', children: [{ text: `Edition ${i}` }] }] }
      const saved = await app.call('PATCH', `/v1/bots/${botId}`, { bot: draft })
      if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${saved.text.slice(0, 300)}`)
      const published = await app.call('POST', `/v1/bots/${botId}/publish`, { note: `Edition ${i}` })
      if (published.status !== 200) throw new Error(`publish answered ${published.status}`)
    }
    const after = await sizeOf(app)
    const listed = (await app.call('GET', `/v1/bots/${botId}/versions?limit=200`)).json
    const [newest, oldest] = [listed.versions[0], listed.versions.at(-1)]
    const times: number[] = []
    for (let r = 0; r < options.runs; r++) {
      const t = performance.now()
      const res = await app.call('GET', `/v1/bots/${botId}/versions/compare?from=${oldest.id}&to=${newest.id}`)
      times.push(performance.now() - t)
      if (res.status !== 200) throw new Error(`compare answered ${res.status}`)
    }
    // Versions 2..count were added between the two measures.
    return {
      bytesPerVersion: (after - before) / (options.count - 1),
      jsonChars: listed.bytes / listed.total,
      compareMs: median(times),
    } satisfies Measured
  } finally {
    await app.close()
  }
}

/** Growth per version, with its ratio to the bot's JSON size. */
const storageFigure = (key: string, name: string, m: Measured, options: VersionsOptions) =>
  figure(
    `versions.${key}BytesPerVersion`,
    `Storage per version of a 2,000-block bot, ${name} (KiB)`,
    round(m.bytesPerVersion / 1024, 1),
    'KiB',
    undefined,
    {
      botJsonKiB: round(m.jsonChars / 1024, 1),
      ratioToJson: round(m.bytesPerVersion / m.jsonChars, 2),
      versions: options.count,
    },
  )

export const benchVersions = async (options: VersionsOptions): Promise<Figure[]> => {
  const dir = freshDir('versions')
  const sqlite = await measure(
    `sqlite:${join(dir, 'parley.db')}`,
    async ({ store }) => {
      const db = store.db as any
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db)
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db)
      const size = await sql<{ page_size: number }>`pragma page_size`.execute(db)
      return Number(pages.rows[0].page_count) * Number(size.rows[0].page_size)
    },
    options,
  )
  log(`versions: SQLite ${round(sqlite.bytesPerVersion / 1024, 1)} KiB per version of a ${round(sqlite.jsonChars / 1024, 1)} KiB bot`)
  const figures = [
    storageFigure('sqlite', 'SQLite', sqlite, options),
    figure('versions.compareMs', 'Compare two versions of a 2,000-block bot (median, SQLite)', round(sqlite.compareMs, 1), 'ms'),
  ]
  if (options.postgres) {
    const database = await createPgDatabase('versions')
    try {
      const pg = await measure(
        database.url,
        async ({ store }) => {
          const res = await sql<{ size: string }>`select pg_total_relation_size('"publishedBots"') as size`.execute(store.db as any)
          return Number(res.rows[0].size)
        },
        options,
      )
      log(`versions: PostgreSQL ${round(pg.bytesPerVersion / 1024, 1)} KiB per version`)
      figures.push(storageFigure('postgres', 'PostgreSQL', pg, options))
    } finally {
      await database.drop()
    }
  }
  return figures
}
