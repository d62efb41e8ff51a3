#!/usr/bin/env node
// A smoke run of the installed package on the Node that runs this script (CI: the oldest version package.json's
// engines admit, beside the suite on the current LTS): what an operator does after `npm install`, through the built
// `parley` command (bin/parley.js → dist/), on a fresh SQLite database. A user with a workspace and a token, a bot
// imported and published, `parley serve` started, then a chat over HTTP: startChat, an answer by continueChat that
// the bot uses, and the end of the chat. Exit code 0 when all of it worked; otherwise the step that failed.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const cli = join(root, 'bin', 'parley.js')
const dir = mkdtempSync(join(tmpdir(), 'parley-smoke-'))
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'parley.db')}`,
  FILES_DIR: join(dir, 'files'),
  XDG_STATE_HOME: dir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ENCRYPTION_SECRET: 'smoke-test-secret-0123456789',
}

const fail = (step, detail) => {
  console.error(`Smoke run failed: ${step}\n${detail ?? ''}`)
  process.exitCode = 1
  throw new Error(step)
}

/** `parley ...args` to completion; its standard output. */
const parley = (...args) => {
  const res = spawnSync(process.execPath, [cli, ...args], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (res.status !== 0) fail(`parley ${args.join(' ')} exited with ${res.status}`, `${res.stdout}${res.stderr}`)
  return res.stdout
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })

const bot = {
  version: '6',
  name: 'Smoke',
  groups: [
    {
      id: 'start',
      title: 'Start',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 'hello', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hello! Your name?' }] }] } },
        { id: 'name', type: 'text input', options: { variableId: 'vName' } },
        { id: 'bye', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Bye {{Name}}' }] }] } },
      ],
    },
  ],
  events: [{ id: 'begin', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e-begin' }],
  edges: [{ id: 'e-begin', from: { eventId: 'begin' }, to: { groupId: 'start' } }],
  variables: [{ id: 'vName', name: 'Name' }],
  theme: {},
  settings: {},
}

/** The texts of an answer's bubbles. */
const texts = (answer) => (answer.messages ?? []).map((m) => (m.content?.richText ?? []).flatMap((p) => p.children.map((c) => c.text)).join(''))

let server
try {
  console.log(`Smoke run on Node ${process.version} (${join(dir)})`)
  env.PORT = String(await freePort())
  const url = `http://127.0.0.1:${env.PORT}`
  env.PARLEY_CHAT_URL = url
  parley('user', 'create', '--email', 'smoke@example.com', '--name', 'Smoke')
  const token = parley('token', 'create', '--name', 'smoke', '--email', 'smoke@example.com', '--quiet').trim()
  writeFileSync(join(dir, 'bot.json'), JSON.stringify(bot))
  const imported = parley('import', join(dir, 'bot.json'), '--publish')
  const publicId = /^Published: \S+\/([^/\s]+)$/m.exec(imported)?.[1] ?? fail('no share link from parley import --publish', imported)

  let log = ''
  server = spawn(process.execPath, [cli, 'serve'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout.on('data', (d) => (log += d))
  server.stderr.on('data', (d) => (log += d))
  const exited = new Promise((done) => server.once('exit', done))
  // Up to a minute: CI's machine may be busy.
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) fail(`parley serve exited with ${server.exitCode}`, log)
    const health = await fetch(`${url}/health`).catch(() => undefined)
    if (health?.ok) break
    if (tries > 600) fail('parley serve did not answer /health within a minute', log)
    await new Promise((r) => setTimeout(r, 100))
  }

  const post = async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    const answer = await res.json().catch(() => ({}))
    if (!res.ok) fail(`POST ${path} answered ${res.status}`, JSON.stringify(answer))
    return answer
  }
  const started = await post(`/v1/bots/${encodeURIComponent(publicId)}/startChat`, {})
  if (texts(started).join('|') !== 'Hello! Your name?' || started.input?.type !== 'text input' || !started.sessionId)
    fail('startChat did not answer the greeting and the question', JSON.stringify(started))
  const continued = await post(`/v1/sessions/${encodeURIComponent(started.sessionId)}/continueChat`, { message: 'Ada' })
  if (texts(continued).join('|') !== 'Bye Ada' || continued.input)
    fail('continueChat did not end the chat with the answer', JSON.stringify(continued))

  server.kill('SIGTERM')
  const code = await exited
  server = undefined
  if (code !== 0) fail(`parley serve exited with ${code} on SIGTERM`, log)
  console.log('Smoke run passed: install, serve, a chat (startChat, continueChat) on SQLite.')
} catch (err) {
  if (process.exitCode !== 1) {
    console.error(`Smoke run failed: ${err instanceof Error ? err.stack : err}`)
    process.exitCode = 1
  }
} finally {
  server?.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
}
