// Runs Parley as a separate process (the CLI), as an operator would.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const cli = resolve(repoRoot, 'src/cli/main.ts')
// By URL, so that the CLI can run from any directory (`--import tsx` resolves from the working directory).
const tsx = import.meta.resolve('tsx')

/**
 * The state directory of the processes this test file starts (where `parley serve` records its database): one of
 * their own, so that tests never read or write the machine's.
 */
export const stateHome = mkdtempSync(join(tmpdir(), 'parley-test-state-'))
process.on('exit', () => rmSync(stateHome, { recursive: true, force: true }))

const cliEnv = (env: Record<string, string>, logLevel = 'silent') => ({ ...process.env, LOG_LEVEL: logLevel, XDG_STATE_HOME: stateHome, ...env })

/** Runs `parley ...args` to completion (in the repository, or in `cwd`). */
export const runCli = (args: string[], env: Record<string, string>, options: { cwd?: string; input?: string } = {}) => {
  const res = spawnSync(process.execPath, ['--import', tsx, cli, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: cliEnv(env),
    encoding: 'utf8',
    input: options.input,
  })
  return { status: res.status, stdout: res.stdout, stderr: res.stderr }
}

/**
 * Runs `parley ...args` without blocking the event loop (a test that keeps talking to a server meanwhile: while
 * runCli blocks, the server closes idle keep-alive connections unseen, and the next request on one fails).
 */
export const runCliAsync = (args: string[], env: Record<string, string>, input = '', options: { cwd?: string } = {}) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, cli, ...args], { cwd: options.cwd ?? repoRoot, env: cliEnv(env) })
    child.stdin.end(input)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c))
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })

type SpawnedServer = { url: string; child: ChildProcess; stop: () => Promise<void>; stdout: () => string }

/**
 * Starts `parley serve` on a free port and resolves once /health answers. Ports are drawn below Linux's ephemeral
 * range (32768+, where outgoing connections take theirs); one taken anyway is retried on another.
 */
export const spawnServer = async (env: Record<string, string>): Promise<SpawnedServer> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnPort(10000 + Math.floor(Math.random() * 22000), env)
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('EADDRINUSE')) throw err
    }
  }
}

const spawnOnPort = async (port: number, env: Record<string, string>): Promise<SpawnedServer> => {
  const child = spawn(process.execPath, ['--import', tsx, cli, 'serve'], {
    cwd: repoRoot,
    env: cliEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }, 'warn'),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stderr!.on('data', (d) => (stderr += d))
  child.stdout!.on('data', (d) => (stdout += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`)
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  return { url, child, stop, stdout: () => stdout }
}

/**
 * Sends `count` identical requests at once from a separate process, over connections opened beforehand (an
 * in-process client would open them one by one on the server's own event loop), and returns their statuses.
 */
export const burst = (count: number, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<number[]> => {
  const script = `
    const [url, init, count] = JSON.parse(process.argv[1])
    const { Agent, setGlobalDispatcher } = require('undici')
    setGlobalDispatcher(new Agent({ connections: count, keepAliveTimeout: 10000 }))
    // Open every connection first, so that the burst itself arrives at once.
    const health = new URL('/health', url).toString()
    Promise.all(Array.from({ length: count }, () => fetch(health).then((r) => r.text())))
      .then(() => Promise.all(Array.from({ length: count }, () => fetch(url, init).then(async (r) => { await r.text(); return r.status }))))
      .then((statuses) => process.stdout.write(JSON.stringify(statuses)))`
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-e', script, JSON.stringify([url, init, count])], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout!.on('data', (d) => (out += d))
    child.on('exit', (code) => (code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`burst exited with ${code}`))))
  })
}
