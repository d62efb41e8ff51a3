// A fresh, empty database for one test file, on the backend chosen by TEST_BACKEND (sqlite by default).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export const backend = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite'

export type TestDatabase = { url: string; drop: () => Promise<void> }

export const createTestDatabase = async (): Promise<TestDatabase> => {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-'))
    return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const adminUrl = process.env.TEST_POSTGRES_URL
  if (!adminUrl) throw new Error('TEST_BACKEND=postgres needs TEST_POSTGRES_URL')
  const name = `parley_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      try {
        // An autovacuum worker in the database belongs to the superuser, which this role may not terminate (42501):
        // it is gone a moment later.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name} with (force)`)
            return
          } catch (err) {
            if ((err as { code?: string }).code !== '42501' || attempt === 20) throw err
            await new Promise((resolve) => setTimeout(resolve, 250))
          }
        }
      } finally {
        await c.end()
      }
    },
  }
}

/** A store on `url` whose schema stops just before migration `name` (to test what that migration does to old data). */
export const storeBefore = async (url: string, name: string) => {
  const { openStore } = await import('../../src/store/index.js')
  const { migrations } = await import('../../src/store/migrations/index.js')
  const store = await openStore(url, { migrate: false })
  const db = store.db as any
  await db.schema
    .createTable('parleyMigrations')
    .addColumn('name', 'text', (c: any) => c.primaryKey())
    .addColumn('appliedAt', 'text')
    .execute()
  const stop = migrations.findIndex((m) => m.name === name)
  if (stop < 0) throw new Error(`no migration ${name}`)
  for (const m of migrations.slice(0, stop)) {
    await m.up(db, store.adapter)
    await db.insertInto('parleyMigrations').values({ name: m.name, appliedAt: new Date().toISOString() }).execute()
  }
  return store
}
