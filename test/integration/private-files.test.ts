// What Parley keeps on disk is readable by its own user only, read back from the file system: a fresh start makes
// the database's directory 0700 and the database with its -wal and -shm files 0600, stored uploads 0600 in 0700
// directories; a start on what an earlier version left (0755 directories, 0644 files) makes those private too, but
// not a directory that holds anything else, nor what a link in FILES_DIR points at; `parley backup` writes a 0600 copy.
// SQLite only: the files are the point (with PostgreSQL only FILES_DIR is on disk, handled by the same code).
import assert from 'node:assert/strict'
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { after, before, describe, test } from 'node:test'
import Sqlite from 'better-sqlite3'
import { backupSqlite } from '../../src/cli/backup.js'
import { backend } from '../support/database.js'
import { bot } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

// The usual umask, so that what is not made private on purpose would show as 0644 / 0755.
process.umask(0o022)

const modeOf = (path: string) => (lstatSync(path).mode & 0o777).toString(8)

/** The mode of everything below `root` (links excluded), by path relative to it. */
const modesBelow = (root: string): Record<string, string> => {
  const found: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isSymbolicLink()) continue
      found[relative(root, path)] = modeOf(path)
      if (entry.isDirectory()) walk(path)
    }
  }
  walk(root)
  return found
}

const uploadBot = bot([['Ask', [{ id: 'askFile', type: 'file input', options: { variableId: 'vFile' } }]]], {
  variables: [{ id: 'vFile', name: 'File' }],
})

describe('Private data on disk', { skip: backend !== 'sqlite' && 'SQLite only' }, () => {
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-private-'))
    chmodSync(dir, 0o755)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  /** A server on `data` (the database `parley.db`, FILES_DIR `files`) that stored one upload. */
  const serveAndUpload = async (data: string, filesDir = join(data, 'files')) => {
    const s = await startTestServer({ DATABASE_URL: `sqlite:${join(data, 'parley.db')}`, FILES_DIR: filesDir, PUBLIC_CHAT: 'true' })
    const owner = await userWithWorkspace(s)
    const { publicId } = await importAndPublish(s, owner.token, owner.workspaceId, uploadBot)
    const start = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: null, body: {} })
    const granted = await s.call('POST', `/v1/sessions/${start.body.sessionId}/files`, {
      token: null,
      body: { blockId: 'askFile', fileName: 'id.pdf', contentType: 'application/pdf', size: 4 },
    })
    assert.equal((await fetch(granted.body.uploadUrl, { method: 'PUT', body: '%PDF', headers: { 'content-type': 'application/pdf' } })).status, 200)
    return s
  }

  const assertAllPrivate = (root: string) => {
    const modes = modesBelow(root)
    assert.ok(Object.keys(modes).length > 0)
    for (const [path, mode] of Object.entries(modes)) {
      assert.equal(mode, statSync(join(root, path)).isDirectory() ? '700' : '600', `${path} is ${mode}`)
    }
  }

  test('a fresh start: the directory made for the database 0700, the database and its WAL files 0600, uploads 0600 in 0700', async () => {
    const operators = join(dir, 'fresh')
    mkdirSync(operators, { mode: 0o755 })
    const data = join(operators, 'data')
    let s: TestServer | undefined
    try {
      s = await serveAndUpload(data)
      assert.equal(modeOf(data), '700')
      for (const name of ['parley.db', 'parley.db-wal', 'parley.db-shm']) assert.equal(modeOf(join(data, name)), '600', name)
      assert.equal(modeOf(join(data, 'files')), '700')
      assertAllPrivate(join(data, 'files'))
      assert.equal(modeOf(operators), '755', "the operator's directory above is left as it is")
    } finally {
      await s?.stop()
    }
  })

  test("a start on an earlier version's data makes it private; a directory with other things in it and a link's target stay", async () => {
    const data = join(dir, 'old', 'data')
    mkdirSync(data, { recursive: true, mode: 0o755 })
    // An earlier version's database, open as a running server holds it: its -wal and -shm files exist, 0644.
    const earlier = new Sqlite(join(data, 'parley.db'))
    earlier.pragma('journal_mode = WAL')
    earlier.exec('create table earlier (x)')
    const key = join(data, 'files', 'w1', 'b1', 'r1', 'aaaaaaaaaaaaaaaaaaaaaa')
    mkdirSync(key, { recursive: true, mode: 0o755 })
    writeFileSync(join(key, 'a.txt'), 'secret', { mode: 0o644 })
    writeFileSync(join(key, '.meta.json'), '{"name":"a.txt","contentType":"text/plain"}', { mode: 0o644 })
    const outside = join(dir, 'old', 'outside.txt')
    writeFileSync(outside, 'not Parley’s', { mode: 0o644 })
    symlinkSync(outside, join(data, 'files', 'w1', 'link.txt'))
    for (const name of ['parley.db', 'parley.db-wal', 'parley.db-shm']) assert.equal(modeOf(join(data, name)), '644', name)

    let s: TestServer | undefined
    try {
      s = await serveAndUpload(data)
      earlier.close()
      assert.equal(modeOf(data), '700', 'the default data directory holds only Parley’s files')
      for (const name of ['parley.db', 'parley.db-wal', 'parley.db-shm']) assert.equal(modeOf(join(data, name)), '600', name)
      assertAllPrivate(join(data, 'files'))
      assert.equal(modeOf(join(key, 'a.txt')), '600')
      assert.equal(modeOf(outside), '644', 'a link is not followed')
      assert.equal(modeOf(join(dir, 'old')), '755')
    } finally {
      if (earlier.open) earlier.close()
      await s?.stop()
    }

    // The database in a directory that holds more than Parley's files (here a project's root): the directory stays.
    const project = join(dir, 'project')
    mkdirSync(project, { mode: 0o755 })
    writeFileSync(join(project, 'notes.txt'), 'mine', { mode: 0o644 })
    new Sqlite(join(project, 'parley.db')).close()
    chmodSync(join(project, 'parley.db'), 0o644)
    const inProject = await serveAndUpload(project, join(dir, 'project-files'))
    try {
      assert.equal(modeOf(join(project, 'parley.db')), '600')
      assert.equal(modeOf(project), '755')
      assert.equal(modeOf(join(project, 'notes.txt')), '644')
    } finally {
      await inProject.stop()
    }
  })

  test('parley backup writes a 0600 copy', async () => {
    const data = join(dir, 'backed-up')
    const s = await serveAndUpload(data)
    try {
      const copy = join(dir, 'copy.db')
      const { pages } = await backupSqlite(`sqlite:${join(data, 'parley.db')}`, copy)
      assert.ok(pages > 0)
      assert.equal(modeOf(copy), '600')
      const opened = new Sqlite(copy, { readonly: true })
      assert.equal(opened.pragma('integrity_check', { simple: true }), 'ok')
      opened.close()
    } finally {
      await s.stop()
    }
  })
})
