// The service as an operator runs it: CLI tokens, admin token, migrations on restart and concurrent start.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, type TestDatabase } from '../support/database.js'
import { runCli, spawnServer } from '../support/process.js'

describe('operations', () => {
  let db: TestDatabase
  before(async () => {
    db = await createTestDatabase()
  })
  after(() => db.drop())

  test('two processes starting at the same moment migrate once and both serve', async () => {
    const started = await Promise.allSettled([spawnServer({ DATABASE_URL: db.url }), spawnServer({ DATABASE_URL: db.url })])
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    try {
      for (const s of started) if (s.status === 'rejected') throw s.reason
      const instances = new Set()
      for (const server of servers) {
        const { instance, ...health } = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>
        const port = new URL(server.url).port
        assert.deepEqual(health, {
          status: 'ok',
          database: 'up',
          api: 'all',
          publicUrl: `http://localhost:${port}`,
          chatUrl: `http://127.0.0.1:${port}`,
        })
        instances.add(instance)
      }
      assert.equal(instances.size, 1, 'one database, one instance id')
    } finally {
      // A server that started while the other failed must not outlive the test (it would keep this file running).
      await Promise.all(servers.map((server) => server.stop()))
    }
    const store = await openStore(db.url, { migrate: false })
    try {
      const rows = await store.db
        .selectFrom('parleyMigrations' as any)
        .select('name')
        .execute()
      assert.deepEqual(rows.map((r: any) => r.name).sort(), [
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
        '016_theme_templates',
        '017_user_language',
        '018_channels',
        '019_bot_versions',
        '020_custom_domains',
      ])
      assert.deepEqual(await store.migrate(), [], 'a re-run applies nothing')
    } finally {
      await store.close()
    }
  })

  test('CLI tokens: create, use, list, revoke', async () => {
    const created = runCli(['token', 'create', '--name', 'Carol', '--email', 'carol@example.com'], { DATABASE_URL: db.url })
    assert.equal(created.status, 0, created.stderr)
    const { id, token, email } = JSON.parse(created.stdout)
    assert.equal(email, 'carol@example.com')
    assert.ok(token.length >= 40)
    const second = JSON.parse(runCli(['token', 'create', '--name', 'Carol laptop', '--email', 'carol@example.com'], { DATABASE_URL: db.url }).stdout)
    assert.equal(second.userId, JSON.parse(created.stdout).userId, 'same email, same user')

    const server = await spawnServer({ DATABASE_URL: db.url })
    try {
      const ok = await fetch(`${server.url}/v1/workspaces`, { headers: { authorization: `Bearer ${token}` } })
      assert.equal(ok.status, 200)
      const list = runCli(['token', 'list'], { DATABASE_URL: db.url })
      const tokens = JSON.parse(list.stdout)
      assert.ok(tokens.some((t: any) => t.id === second.id && t.userEmail === 'carol@example.com'))
      assert.ok(!list.stdout.includes(second.token), 'secrets are never listed')
      assert.equal(runCli(['token', 'revoke', second.id], { DATABASE_URL: db.url }).status, 0)
      // runCli blocks this process for seconds, longer than the server's keep-alive timeout: let fetch see the
      // server close its idle connection before the next request instead of reusing it.
      await new Promise((r) => setTimeout(r, 100))
      const revoked = await fetch(`${server.url}/v1/workspaces`, { headers: { authorization: `Bearer ${second.token}` } })
      assert.equal(revoked.status, 401)
      assert.notEqual(runCli(['token', 'revoke', second.id], { DATABASE_URL: db.url }).status, 0)
      assert.notEqual(runCli(['token', 'create'], { DATABASE_URL: db.url }).status, 0)
      assert.ok(id)
    } finally {
      await server.stop()
    }
  })

  test('PARLEY_ADMIN_TOKEN makes sure an admin owns exactly that token, across restarts', async () => {
    const adminToken = 'admin-token-for-tests-0123456789'
    for (let i = 0; i < 2; i++) {
      const server = await spawnServer({ DATABASE_URL: db.url, PARLEY_ADMIN_TOKEN: adminToken })
      try {
        const res = await fetch(`${server.url}/v1/workspaces`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `w${i}` }),
        })
        assert.equal(res.status, 200)
      } finally {
        await server.stop()
      }
    }
    const tokens = JSON.parse(runCli(['token', 'list'], { DATABASE_URL: db.url }).stdout)
    assert.equal(tokens.filter((t: any) => t.name === 'PARLEY_ADMIN_TOKEN').length, 1)
  })
})
