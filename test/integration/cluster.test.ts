// `parley serve --workers N` on PostgreSQL (one port, several processes: a chat and a browser session go on
// whichever worker a connection lands on; what one worker signs another accepts without a configured secret; the
// primary serves all workers' metrics; a killed worker is replaced; SIGTERM stops all), its refusal on SQLite, and
// `parley backup`.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import Sqlite from 'better-sqlite3'
import { backend, createTestDatabase, type TestDatabase } from '../support/database.js'
import { bot, say } from '../support/engine.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { repoRoot, runCliAsync, spawnServer } from '../support/process.js'
import { promtoolProblems } from '../support/promtool.js'

const ADMIN = 'cluster-admin-token-0123456789'
const METRICS_TOKEN = 'cluster-metrics-token-0123456789'
const cli = join(repoRoot, 'src/cli/main.ts')

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: any }

/** One request on a connection of its own (no keep-alive), so that the primary hands each to the next worker. */
const call = (base: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const req = request(`${base}${path}`, {
      method,
      agent: false,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...options.headers },
    })
    req.on('response', async (res) => {
      let text = ''
      for await (const chunk of res) text += chunk
      let json: any
      try {
        json = JSON.parse(text)
      } catch {}
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json })
    })
    req.on('error', reject)
    req.end(body)
  })

type Cluster = {
  url: string
  /** The builder's origin, where the browser session lives. */
  builderUrl: string
  /** The primary's metrics listener (METRICS_PORT). */
  metricsUrl: string
  child: ChildProcess
  /** The JSON log lines of the primary and its workers so far. */
  lines: () => any[]
  /** Waits until a log line satisfies `match` (the logs arrive a little after the answers). */
  waitFor: (match: (line: any) => boolean, what: string) => Promise<any>
}

const startCluster = async (env: Record<string, string>): Promise<Cluster> => {
  const port = 10000 + Math.floor(Math.random() * 22000)
  const metricsPort = port + 1
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--workers', '2'], {
    cwd: repoRoot,
    // Every request is logged (info) with the pid of the worker that served it.
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      PARLEY_ADMIN_TOKEN: ADMIN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const lines = () =>
    out.split('\n').flatMap((l) => {
      try {
        return [JSON.parse(l)]
      } catch {
        return []
      }
    })
  const waitFor = async (match: (line: any) => boolean, what: string) => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const found = lines().find(match)
      if (found) return found
      if (child.exitCode !== null) break
    }
    throw new Error(`no log line: ${what}\n${out.slice(-2000)}\n${err.slice(-2000)}`)
  }
  await waitFor((l) => /listening on port \d+ with 2 workers/.test(l.msg ?? ''), 'the cluster listens')
  return {
    url: `http://127.0.0.1:${port}`,
    builderUrl: `http://localhost:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    child,
    lines,
    waitFor,
  }
}

/** The sum of a metric's samples (Prometheus' text format); `name` may end with a full label set. */
const sample = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(name.includes('{') ? name : `${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)

/** The pids of the workers that served the requests whose log line (one per request: route, ids) matches, in order. */
const servedBy = (cluster: Cluster, match: (line: any) => boolean) =>
  cluster
    .lines()
    .filter((l) => l.msg === 'request' && match(l))
    .map((l) => l.pid as number)
const health = (l: any) => l.route === '/health'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const legacyStreamingBot = (credentialsId: string) =>
  bot(
    [
      [
        'chat',
        [
          { id: 'ask', type: 'text input', options: { variableId: 'vUser' } },
          {
            id: 'ai',
            type: 'OpenAI',
            options: {
              task: 'Create chat completion',
              credentialsId,
              messages: [{ id: 'm1', role: 'user', content: '{{User}}' }],
              responseMapping: [{ id: 'r1', variableId: 'vAnswer' }],
            },
          },
          // Shown by the stream already: the chat skips it.
          say('streamed', '{{Answer}}'),
          say('answer', 'You said {{User}}; the model said {{Answer}}'),
          { id: 'again', type: 'text input', options: { variableId: 'vUser' } },
          say('bye', 'Bye {{User}}'),
        ],
      ],
    ],
    { variables: ['User', 'Answer'].map((name) => ({ id: `v${name}`, name })) },
  )

const textOf = (message: any): string => (message.content.richText ?? []).map((p: any) => p.children.map((c: any) => c.text).join('')).join('\n')

describe('two workers on PostgreSQL', { skip: backend !== 'postgres' }, () => {
  let db: TestDatabase
  let cluster: Cluster
  let llm: OpenAiServer
  const admin = { authorization: `Bearer ${ADMIN}` }

  before(async () => {
    db = await createTestDatabase()
    llm = await startOpenAiServer()
    cluster = await startCluster({
      DATABASE_URL: db.url,
      HTTP_REQUEST_ALLOWLIST: '127.0.0.1',
      ENCRYPTION_SECRET: 'cluster-secret-0123456789',
      METRICS_TOKEN,
    })
  })
  after(async () => {
    if (cluster.child.exitCode === null) cluster.child.kill('SIGKILL')
    await llm.close()
    await db.drop()
  })

  test('one port, answered by two processes that share the key the primary drew', async () => {
    for (let i = 0; i < 6; i++) assert.equal((await call(cluster.url, 'GET', `/health?i=${i}`)).status, 200)
    await cluster.waitFor(() => servedBy(cluster, health).length === 6, 'the health requests')
    const pids = new Set(servedBy(cluster, health))
    assert.equal(pids.size, 2, 'two workers served them')
    assert.ok(!pids.has(cluster.child.pid!), 'the primary serves nothing')
    // What one worker signs (OpenID Connect cookies, upload URLs) the other accepts: the same key in both.
    const secrets = [...pids].map((pid) => /PARLEY_WORKER_SECRET=([^\0]+)/.exec(readFileSync(`/proc/${pid}/environ`, 'latin1'))?.[1])
    assert.ok(secrets[0] && secrets[0].length >= 32)
    assert.equal(secrets[0], secrets[1])
  })

  test('a chat with a streamed LLM turn goes on on whichever worker', async () => {
    const ws = await call(cluster.url, 'POST', '/v1/workspaces', { headers: admin, body: { name: 'Cluster' } })
    assert.equal(ws.status, 200, ws.text)
    const workspaceId = ws.json.workspace.id
    const credentials = await call(cluster.url, 'POST', `/v1/workspaces/${workspaceId}/credentials`, {
      headers: admin,
      body: { type: 'openai', name: 'Local model', data: { apiKey: 'test', baseUrl: llm.baseUrl } },
    })
    assert.equal(credentials.status, 200, credentials.text)
    const imported = await call(cluster.url, 'POST', '/v1/bots/import', {
      headers: admin,
      body: { workspaceId, bot: legacyStreamingBot(credentials.json.credentials.id) },
    })
    assert.equal(imported.status, 200, imported.text)
    assert.equal((await call(cluster.url, 'POST', `/v1/bots/${imported.json.bot.id}/publish`, { headers: admin })).status, 200)
    const publicId = (await call(cluster.url, 'GET', `/v1/bots/${imported.json.bot.id}`, { headers: admin })).json.bot.publicId

    const start = await call(cluster.url, 'POST', `/v1/bots/${publicId}/startChat`, { headers: admin, body: { isStreamEnabled: true } })
    assert.equal(start.status, 200, start.text)
    const session = start.json.sessionId as string
    const send = (message: string) => call(cluster.url, 'POST', `/v1/sessions/${session}/continueChat`, { headers: admin, body: { message } })
    const paused = await send('Tell me a story')
    assert.equal(paused.status, 200, paused.text)
    assert.equal(paused.json.clientSideActions[0].type, 'streamOpenAiChatCompletion')

    llm.reply({ content: 'Once upon a time.' })
    const streamed = await call(cluster.url, 'POST', `/v1/sessions/${session}/streamMessage`, { headers: admin })
    assert.equal(streamed.status, 200, streamed.text)
    assert.match(streamed.text, /event: done\ndata: {"text":"Once upon a time."}/)
    const resumed = await send('Once upon a time.')
    assert.deepEqual(resumed.json.messages.map(textOf), ['You said Tell me a story; the model said Once upon a time.'])
    const last = await send('Ada')
    assert.deepEqual(last.json.messages.map(textOf), ['Bye Ada'])

    // The start (its line names the session it made), three continues and the stream.
    const ofChat = (l: any) => l.sessionId === session
    await cluster.waitFor(() => servedBy(cluster, ofChat).length === 5, 'the requests of the chat')
    const pids = servedBy(cluster, ofChat)
    assert.equal(new Set(pids).size, 2, `the turns went to both workers: ${pids.join(', ')}`)
  })

  test("one scrape of the primary's METRICS_PORT sums the workers; /metrics on the API port points there", async () => {
    const listening = await cluster.waitFor((l) => /listening on port/.test(l.msg ?? ''), 'the start')
    assert.equal(listening.metrics, cluster.metricsUrl)
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` }
    assert.equal((await call(cluster.metricsUrl, 'GET', '')).status, 401)
    const scrape = await call(cluster.metricsUrl, 'GET', '', { headers: bearer })
    assert.equal(scrape.status, 200, scrape.text)
    // The chat above: a start and three continues, served by both workers (the stream is not a turn).
    assert.equal(sample(scrape.text, 'parley_chat_turns_total'), 4)
    assert.equal(sample(scrape.text, 'parley_chat_starts_total'), 1)
    // Its one session had turns on both workers: each counts it.
    assert.equal(sample(scrape.text, 'parley_chat_sessions_active'), 2)
    assert.match(scrape.text, /^parley_process_resident_memory_bytes \d+/m)
    assert.match(scrape.text, /^parley_cluster_workers\{state="answered"\} 2$/m)
    // Requests by route, summed too; the build is reported once, not once per worker.
    assert.equal(
      sample(scrape.text, 'parley_http_request_duration_seconds_count{method="POST",route="/v1/sessions/{sessionId}/continueChat",status="200"}'),
      3,
    )
    assert.match(scrape.text, /^parley_build_info\{version="[^"]+",node="v[\d.]+"\} 1$/m)
    // The summed figures pass Prometheus' linter as a single process's do (metrics.test.ts); skipped without promtool.
    assert.equal(promtoolProblems(scrape.text) ?? '', '')
    for (let i = 0; i < 2; i++) {
      const api = await call(cluster.url, 'GET', '/metrics', { headers: bearer })
      assert.equal(api.status, 404)
      assert.match(api.json.message, /served by the primary on METRICS_PORT/)
    }
  })

  test('a browser session made on one worker is honoured by the other', async () => {
    // PARLEY_ADMIN_TOKEN made an account already, so setup is closed: the browser account signs up.
    const signedUp = await call(cluster.builderUrl, 'POST', '/v1/auth/signup', {
      body: { name: 'Ada', email: 'ada@example.com', password: 'a long password 1' },
    })
    assert.equal(signedUp.status, 200, signedUp.text)
    const cookie = (signedUp.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ')
    const csrf = signedUp.json.csrfToken as string
    for (let i = 0; i < 4; i++) {
      const me = await call(cluster.builderUrl, 'GET', `/v1/me?i=${i}`, { headers: { cookie } })
      assert.equal(me.json?.user?.name, 'Ada', me.text)
    }
    const created = await call(cluster.builderUrl, 'POST', '/v1/workspaces', {
      headers: { cookie, 'x-csrf-token': csrf },
      body: { name: 'Ada at home' },
    })
    assert.equal(created.status, 200, created.text)
    const me = (l: any) => l.route === '/v1/me'
    await cluster.waitFor(() => servedBy(cluster, me).length === 4, 'the /v1/me requests')
    assert.equal(new Set(servedBy(cluster, me)).size, 2)
  })

  test('a killed worker is replaced; SIGTERM stops the primary and every worker', async () => {
    const workers = () =>
      cluster
        .lines()
        .filter((l) => l.msg === 'worker listening')
        .map((l) => l.worker as number)
    const [victim, survivor] = workers()
    // Scraped all along: a worker that is dead or still starting is left out of the figures, never a failed scrape.
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` }
    const scrapes: { status: number; ms: number; text: string }[] = []
    let restarting = true
    const scraping = (async () => {
      while (restarting) {
        const at = Date.now()
        const scrape = await call(cluster.metricsUrl, 'GET', '', { headers: bearer })
        scrapes.push({ status: scrape.status, ms: Date.now() - at, text: scrape.text })
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    process.kill(victim, 'SIGKILL')
    const died = await cluster.waitFor((l) => l.msg === 'worker died; starting another' && l.worker === victim, 'the death is logged')
    assert.equal(died.exit, 'signal SIGKILL')
    await cluster.waitFor(() => workers().length === 3, 'a third worker listens')
    restarting = false
    await scraping
    assert.deepEqual(
      scrapes.filter((s) => s.status !== 200).map((s) => `${s.status} in ${s.ms} ms`),
      [],
      'every scrape answered',
    )
    const starting = scrapes.filter((s) => /^parley_cluster_workers\{state="starting"\} 1$/m.test(s.text))
    assert.ok(starting.length > 0, `a scrape saw the replacement starting (${scrapes.length} scrapes)`)
    for (const s of starting) assert.match(s.text, /^parley_cluster_workers\{state="answered"\} 1$/m)
    const replacement = workers()[2]
    assert.ok(alive(replacement) && alive(survivor))
    const earlier = servedBy(cluster, health).length
    for (let i = 0; i < 4; i++) assert.equal((await call(cluster.url, 'GET', `/health?after=${i}`)).status, 200)
    await cluster.waitFor(() => servedBy(cluster, health).length === earlier + 4, 'the health requests')
    assert.deepEqual(new Set(servedBy(cluster, health).slice(earlier)), new Set([survivor, replacement]))

    const exited = new Promise<number | null>((resolve) => cluster.child.once('exit', resolve))
    cluster.child.kill('SIGTERM')
    assert.equal(await exited, 0)
    assert.ok(!alive(survivor) && !alive(replacement), 'no worker outlives the primary')
  })
})

describe('two workers on PostgreSQL without a configured secret', { skip: backend !== 'postgres' }, () => {
  let db: TestDatabase
  let files: string
  let cluster: Cluster
  before(async () => {
    db = await createTestDatabase()
    files = mkdtempSync(join(tmpdir(), 'parley-cluster-files-'))
    cluster = await startCluster({ DATABASE_URL: db.url, FILES_DIR: files })
  })
  after(async () => {
    const exited = new Promise((resolve) => cluster.child.once('exit', resolve))
    cluster.child.kill('SIGTERM')
    await exited
    await db.drop()
    rmSync(files, { recursive: true, force: true })
  })

  test('an upload URL one worker signed is accepted by the other (the key the primary drew)', async () => {
    const admin = { authorization: `Bearer ${ADMIN}` }
    const ws = await call(cluster.url, 'POST', '/v1/workspaces', { headers: admin, body: { name: 'Uploads' } })
    const uploadBot = bot([['Upload', [{ id: 'askFile', type: 'file input', options: { variableId: 'vFile' } }, say('bye', 'Got it')]]], {
      variables: [{ id: 'vFile', name: 'File' }],
    })
    const imported = await call(cluster.url, 'POST', '/v1/bots/import', {
      headers: admin,
      body: { workspaceId: ws.json.workspace.id, bot: uploadBot },
    })
    assert.equal((await call(cluster.url, 'POST', `/v1/bots/${imported.json.bot.id}/publish`, { headers: admin })).status, 200)
    const publicId = (await call(cluster.url, 'GET', `/v1/bots/${imported.json.bot.id}`, { headers: admin })).json.bot.publicId
    const start = await call(cluster.url, 'POST', `/v1/bots/${publicId}/startChat`, { headers: admin, body: {} })
    const session = start.json.sessionId as string
    const content = '%PDF-1.7\n% a test\n'
    for (let i = 0; i < 4; i++) {
      const granted = await call(cluster.url, 'POST', `/v1/sessions/${session}/files`, {
        headers: admin,
        body: { blockId: 'askFile', fileName: `f${i}.pdf`, contentType: 'application/pdf', size: content.length },
      })
      assert.equal(granted.status, 200, granted.text)
      const path = new URL(granted.json.uploadUrl).pathname + new URL(granted.json.uploadUrl).search
      const put = await new Promise<number>((resolve, reject) =>
        request(`${cluster.url}${path}`, { method: 'PUT', agent: false, headers: { 'content-type': 'application/pdf' } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
          .on('error', reject)
          .end(content),
      )
      assert.equal(put, 200, `upload ${i}`)
    }
    // Requests in order: each grant, then its upload.
    const served = () =>
      cluster
        .lines()
        .filter((l) => l.msg === 'request' && ((l.route === '/v1/sessions/:sessionId/files' && l.sessionId === session) || l.method === 'PUT'))
        .sort((a, b) => a.time - b.time)
        .map((l) => l.pid as number)
    await cluster.waitFor(() => served().length === 8, 'the grants and uploads')
    const pids = served()
    const crossed = [0, 2, 4, 6].filter((i) => pids[i] !== pids[i + 1])
    assert.ok(crossed.length > 0, `an upload reached another worker than its grant: ${pids.join(', ')}`)
  })
})

describe('workers on SQLite, backups', { skip: backend !== 'sqlite' }, () => {
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-cluster-'))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('serve --workers 2 on SQLite refuses, saying why and what to do', async () => {
    const res = await runCliAsync(['serve', '--workers', '2'], { DATABASE_URL: `sqlite:${join(dir, 'refused.db')}`, PORT: '0' })
    assert.equal(res.status, 1)
    assert.match(res.stderr, /2 workers need PostgreSQL \(DATABASE_URL=postgres:\/\/…\)/)
    assert.match(res.stderr, /PARLEY_WORKERS=1/)
    const env = await runCliAsync(['serve'], { DATABASE_URL: `sqlite:${join(dir, 'refused.db')}`, PORT: '0', PARLEY_WORKERS: '3' })
    assert.match(env.stderr, /3 workers need PostgreSQL/)
  })

  test('backup --to copies the database while the server runs', async () => {
    const databaseUrl = `sqlite:${join(dir, 'live.db')}`
    const server = await spawnServer({ DATABASE_URL: databaseUrl, PARLEY_ADMIN_TOKEN: ADMIN })
    try {
      const admin = { authorization: `Bearer ${ADMIN}` }
      assert.equal((await call(server.url, 'POST', '/v1/workspaces', { headers: admin, body: { name: 'Before the backup' } })).status, 200)
      const target = join(dir, 'copy.db')
      // Writes go on during the backup.
      const writes = Promise.all(
        Array.from({ length: 20 }, (_, i) => call(server.url, 'POST', '/v1/workspaces', { headers: admin, body: { name: `During ${i}` } })),
      )
      const res = await runCliAsync(['backup', '--to', target], { DATABASE_URL: databaseUrl })
      assert.equal(res.status, 0, res.stderr)
      assert.match(res.stdout, /^Backed up \d+ pages to /)
      for (const w of await writes) assert.equal(w.status, 200)

      const copy = new Sqlite(target, { readonly: true })
      try {
        assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok')
        const names = copy.prepare('select name from workspaces').pluck().all()
        assert.ok(names.includes('Before the backup'))
      } finally {
        copy.close()
      }
      const again = await runCliAsync(['backup', '--to', target], { DATABASE_URL: databaseUrl })
      assert.equal(again.status, 1)
      assert.match(again.stderr, /exists: back up to a new file/)
    } finally {
      await server.stop()
    }
    const missing = await runCliAsync(['backup', '--to', join(dir, 'x.db')], { DATABASE_URL: `sqlite:${join(dir, 'none.db')}` })
    assert.match(missing.stderr, /No SQLite database at /)
    assert.ok(!existsSync(join(dir, 'none.db')), 'no empty database made on the way')
  })

  test('backup on PostgreSQL prints the pg_dump command, without the password', async () => {
    const res = await runCliAsync(['backup', '--to', 'parley.dump'], { DATABASE_URL: 'postgres://parley:s3cret@db.internal:5432/parley' })
    assert.equal(res.status, 2)
    assert.equal(res.stdout.trim(), "PGPASSWORD=… pg_dump --format=custom --file='parley.dump' 'postgres://parley@db.internal:5432/parley'")
    assert.doesNotMatch(res.stdout + res.stderr, /s3cret/)
  })
})
