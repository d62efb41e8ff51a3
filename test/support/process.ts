// Runs Parley as a separate process (the CLI), as an operator would.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * The CLI compiled to JavaScript as `npm run build` lays it out (src/x.ts → dist/x.js, next to a package.json and
 * node_modules), once per test process: a spawned `parley` then starts in about half the time it takes through
 * tsx, which compiles and loads the whole server on every start, and it runs what operators run. esbuild only
 * strips the types (the typecheck runs before the tests); paths read relative to the code (package.json,
 * dist/web, the sandbox's worker.js) resolve as in the build.
 */
const compiledCli = (() => {
  let main: string | undefined
  return () => {
    if (main) return main
    // Those of test processes killed before their exit handler ran (a timeout, Ctrl+C), once an hour old.
    for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('parley-test-cli-'))) {
      const dir = join(tmpdir(), name)
      const age = Date.now() - (statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 3_600_000) rmSync(dir, { recursive: true, force: true })
    }
    const out = mkdtempSync(join(tmpdir(), 'parley-test-cli-'))
    process.on('exit', () => rmSync(out, { recursive: true, force: true }))
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
      )
    const src = join(repoRoot, 'src')
    buildSync({
      entryPoints: sources(src),
      outbase: src,
      outdir: join(out, 'dist'),
      format: 'esm',
      platform: 'node',
      target: 'node22',
      logLevel: 'error',
    })
    copyFileSync(join(repoRoot, 'package.json'), join(out, 'package.json'))
    symlinkSync(join(repoRoot, 'node_modules'), join(out, 'node_modules'))
    // The built web app and chat widget, when there are (config.ts finds them in dist/web).
    if (existsSync(join(repoRoot, 'dist', 'web'))) symlinkSync(join(repoRoot, 'dist', 'web'), join(out, 'dist', 'web'))
    main = join(out, 'dist', 'cli', 'main.js')
    return main
  }
})()

/**
 * The state directory of the processes this test file starts (where `parley serve` records its database): one of
 * their own, so that tests never read or write the machine's.
 */
export const stateHome = mkdtempSync(join(tmpdir(), 'parley-test-state-'))
process.on('exit', () => rmSync(stateHome, { recursive: true, force: true }))

const cliEnv = (env: Record<string, string>, logLevel = 'silent') => ({ ...process.env, LOG_LEVEL: logLevel, XDG_STATE_HOME: stateHome, ...env })

/** Runs `parley ...args` to completion (in the repository, or in `cwd`). */
export const runCli = (args: string[], env: Record<string, string>, options: { cwd?: string; input?: string } = {}) => {
  const res = spawnSync(process.execPath, [compiledCli(), ...args], {
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
    const child = spawn(process.execPath, [compiledCli(), ...args], { cwd: options.cwd ?? repoRoot, env: cliEnv(env) })
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
  const child = spawn(process.execPath, [compiledCli(), 'serve'], {
    cwd: repoRoot,
    env: cliEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }, 'warn'),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stderr!.on('data', (d) => (stderr += d))
  child.stdout!.on('data', (d) => (stdout += d))
  const url = `http://127.0.0.1:${port}`
  // A safety net, not a measure: on a loaded machine a start may take long.
  const deadline = Date.now() + 60_000
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

/**
 * Runs `parley ...args` in a real terminal: a pseudo-terminal made by util-linux `script`, so that standard input
 * and output are TTYs, as when an operator types the command. Its input stays open, as a user who types nothing
 * (an open terminal never ends by itself); `replies` are typed in order, each once `after` shows in the output.
 * Killed after `limitMs`, which the result says (`killed`): then the command would have hung.
 */
export const runCliInTerminal = (
  args: string[],
  env: Record<string, string>,
  options: { replies?: { after: string; keys: string }[]; limitMs?: number } = {},
) =>
  new Promise<{ status: number | null; output: string; killed: boolean }>((resolvePromise) => {
    const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`
    const command = [process.execPath, compiledCli(), ...args].map(quote).join(' ')
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] })
    const replies = [...(options.replies ?? [])]
    let output = ''
    let killed = false
    // Where the output is searched for the next reply's cue: after the previous cue.
    let from = 0
    const onOutput = (chunk: Buffer) => {
      output += chunk
      for (let at = replies.length > 0 ? output.indexOf(replies[0].after, from) : -1; at >= 0; ) {
        from = at + replies[0].after.length
        child.stdin.write(replies.shift()!.keys)
        at = replies.length > 0 ? output.indexOf(replies[0].after, from) : -1
      }
    }
    child.stdout.on('data', onOutput)
    child.stderr.on('data', onOutput)
    const timer = setTimeout(() => {
      killed = true
      child.kill('SIGKILL')
    }, options.limitMs ?? 30_000)
    child.on('close', (status) => {
      clearTimeout(timer)
      resolvePromise({ status, output: output.replaceAll('\r\n', '\n'), killed })
    })
  })
