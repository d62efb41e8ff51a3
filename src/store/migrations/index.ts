// Schema migrations, applied at start-up: one file each, named as the migration, listed here in order. Each runs
// once, recorded in `parleyMigrations`. The whole run is one transaction holding the dialect's migration lock
// (adapter.acquireMigrationLock), so processes starting together on one database apply each migration exactly once
// and never see half of it.
import type { Kysely } from 'kysely'
import type { DialectAdapter } from '../dialect/adapter.js'
import { migration as m001 } from './001_accounts_workspaces_bots.js'
import { migration as m002 } from './002_sessions_results.js'
import { migration as m003 } from './003_credentials.js'
import { migration as m004 } from './004_result_client_keys.js'
import { migration as m005 } from './005_results_by_session.js'
import { migration as m006 } from './006_sign_in.js'
import { migration as m007 } from './007_workspace_dashboard.js'
import { migration as m008 } from './008_results_table.js'
import { migration as m009 } from './009_webhooks.js'
import { migration as m010 } from './010_session_lifecycle.js'
import { migration as m011 } from './011_instance_id.js'
import { migration as m012 } from './012_rate_limits.js'
import { migration as m013 } from './013_email_verified.js'
import { migration as m014 } from './014_file_uploads.js'
import { migration as m015 } from './015_session_last_reply.js'
import { migration as m016 } from './016_theme_templates.js'
import { migration as m017 } from './017_user_language.js'
import { migration as m018 } from './018_channels.js'
import { migration as m019 } from './019_bot_versions.js'
import { migration as m020 } from './020_custom_domains.js'
import type { Migration } from './migration.js'

export type { Migration }

export const migrations: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
]

/** Applies pending migrations; returns the names applied now (empty when the database is up to date). */
export const migrate = async (db: Kysely<any>, adapter: DialectAdapter): Promise<string[]> =>
  db.transaction().execute(async (trx) => {
    await adapter.acquireMigrationLock(trx)
    await trx.schema
      .createTable('parleyMigrations')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('appliedAt', 'text', (c) => c.notNull())
      .execute()
    const done = new Set((await trx.selectFrom('parleyMigrations').select('name').execute()).map((r) => r.name))
    const applied: string[] = []
    for (const m of migrations) {
      if (done.has(m.name)) continue
      await m.up(trx, adapter)
      await trx.insertInto('parleyMigrations').values({ name: m.name, appliedAt: new Date().toISOString() }).execute()
      applied.push(m.name)
    }
    return applied
  })
