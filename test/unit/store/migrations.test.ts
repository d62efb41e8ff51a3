// Migrations are recorded by name in `parleyMigrations`: the list is in order, names are unique and never change,
// and each lives in the file named as it, so the folder reads as the database's history.
import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { migrations } from '../../../src/store/migrations/index.js'

const folder = join(import.meta.dirname, '../../../src/store/migrations')

test('migrations are listed in the order of their numbers, one per file named as the migration', () => {
  const names = migrations.map((m) => m.name)
  assert.deepEqual(names, [...names].sort(), 'in order')
  assert.equal(new Set(names).size, names.length, 'unique')
  names.forEach((name, i) => assert.match(name, new RegExp(`^${String(i + 1).padStart(3, '0')}_[a-z_]+$`)))
  const files = readdirSync(folder)
    .filter((file) => /^\d{3}_/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
  assert.deepEqual(files.sort(), names, 'every file is listed, every listed migration has its file')
})

test('the names recorded by databases already in use are unchanged (new migrations only follow them)', () => {
  assert.deepEqual(
    migrations.slice(0, 15).map((m) => m.name),
    [
      '001_accounts_workspaces_bots',
      '002_sessions_results',
      '003_credentials',
      '004_result_client_keys',
      '005_results_by_session',
      '006_sign_in',
      '007_workspace_dashboard',
      '008_results_table',
      '009_webhooks',
      '010_session_lifecycle',
      '011_instance_id',
      '012_rate_limits',
      '013_email_verified',
      '014_file_uploads',
      '015_session_last_reply',
    ],
  )
})
