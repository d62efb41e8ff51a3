// Shared helpers of the benchmarks: paths, the build, child processes, databases, statistics, machine info.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const benchDir = join(repoRoot, 'bench')
/** Scratch space on the same disk as a real deployment (not tmpfs: fsync must cost what it costs). */
export const scratchRoot = join(benchDir, '.tmp')
export const profileDir = join(scratchRoot, 'profiles')

export const pgAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://parley:parley@127.0.0.1:5432/postgres'
export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef'

export const log = (...parts: unknown[]) => process.stderr.write(`[bench] ${parts.join(' ')}\n`)

/** An empty scratch directory. */
export const freshDir = (name: string): string => {
  const dir = join(scratchRoot, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return dir
}

export const newestMtime = (dir: string, ext: string): number => {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path, ext))
    else if (entry.name.endsWith(ext)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/** Rebuilds dist/ when a source file is newer than it: servers under test run the compiled JavaScript. */
export const ensureBuilt = (): { rebuilt: boolean; ok: boolean; message?: string } => {
  const marker = join(repoRoot, 'dist', 'cli', 'main.js')
  let built = 0
  try {
    built = newestMtime(join(repoRoot, 'dist'), '.js')
    statSync(marker)
  } catch {
    built = 0
  }
  if (built >= newestMtime(join(repoRoot, 'src'), '.ts')) return { rebuilt: false, ok: true }
  log('dist/ is older than src/: running npm run build')
  const res = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  // tsc still emits on type errors (another change in progress); the benchmark then runs what was emitted.
  const ok = res.status === 0
  if (!ok) log(`build reported errors (emitted anyway):\n${(res.stdout + res.stderr).split('\n').slice(0, 10).join('\n')}`)
  return { rebuilt: true, ok, ...(!ok && { message: 'tsc reported type errors; dist/ was emitted anyway' }) }
}

export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export type Proc = { child: ChildProcess; stop: () => Promise<void>; stderr: () => string }

/** Every process the benchmarks started and have not stopped: killed on failure or exit. */
const running = new Set<ChildProcess>()
const track = (child: ChildProcess) => {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}
export const killAll = () => {
  for (const child of running) child.kill('SIGKILL')
}
process.once('exit', killAll)

const stopper = (child: ChildProcess) => async () => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export type ParleyServer = Proc & {
  url: string
  /** The builder's origin (the web app and its session), beside the user content's (`url`, 127.0.0.1). */
  builderUrl: string
  /** RSS and heap of the server after two full GCs (asked over IPC from the preloaded hook). */
  memory: () => Promise<{ rss: number; heapUsed: number }>
}

/** The main thread's profile among those a profiled server wrote (its thread id, the 5th part of the name, is 0). */
export const mainThreadProfile = (name: string): string => {
  const dir = join(profileDir, name)
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && f.split('.')[4] === '0')
  if (!file) throw new Error(`no main-thread profile in ${dir}`)
  return join(dir, file)
}

/**
 * Starts `node bin/parley.js serve` (the compiled server, as in production) on a free loopback port and waits
 * for /health. A preloaded hook answers memory questions over IPC; `cpuProfile` names a --cpu-prof directory
 * (see `mainThreadProfile`).
 */
export const spawnParley = async (env: Record<string, string>, options: { cpuProfile?: string } = {}): Promise<ParleyServer> => {
  const port = await freePort()
  const nodeArgs = ['--expose-gc', '--import', join(benchDir, 'lib', 'gc-hook.mjs')]
  if (options.cpuProfile) {
    // One directory per server, Node's default file names: the sandbox worker thread writes a profile too
    // (`CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile`), and a fixed name would let it overwrite the main one.
    const dir = join(profileDir, options.cpuProfile)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    nodeArgs.push('--cpu-prof', '--cpu-prof-dir', dir)
  }
  const child = track(
    spawn(process.execPath, [...nodeArgs, join(repoRoot, 'bin', 'parley.js'), 'serve'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // BENCH_LOG_LEVEL=info measures the cost of the per-request log line (written to a discarded stdout).
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    }),
  )
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`parley exited with ${child.exitCode}: ${stderr}`)
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`parley did not start: ${stderr}`)
    }
    await sleep(50)
  }
  const memory = () =>
    new Promise<{ rss: number; heapUsed: number }>((resolveMemory) => {
      child.once('message', (m: any) => resolveMemory({ rss: m.rss, heapUsed: m.heapUsed }))
      child.send({ type: 'memory' })
    })
  return { url, builderUrl: `http://localhost:${port}`, child, stop: stopper(child), stderr: () => stderr, memory }
}

/** Starts a bench helper (TypeScript, through tsx) that prints `READY <port>` once it listens. */
export const spawnHelper = async (script: string, args: unknown): Promise<Proc & { port: number }> => {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', join(benchDir, script), JSON.stringify(args)], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const port = await new Promise<number>((resolvePort, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      const m = /READY (\d+)/.exec(out)
      if (m) resolvePort(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${stderr}`)))
  })
  return { child, port, stop: stopper(child), stderr: () => stderr }
}

/** Runs a bench helper to completion and returns the JSON it prints on stdout. */
export const runHelper = <T>(script: string, args: unknown): Promise<T> =>
  new Promise((resolveRun, reject) => {
    const child = track(
      spawn(process.execPath, ['--import', 'tsx', join(benchDir, script), JSON.stringify(args)], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    )
    let out = ''
    let err = ''
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => (err += d))
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited with ${code}: ${err}`))
      try {
        resolveRun(JSON.parse(out))
      } catch {
        reject(new Error(`${script} printed no JSON: ${out} ${err}`))
      }
    })
  })

/** A fresh PostgreSQL database (dropped by `drop`). */
export const createPgDatabase = async (tag: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `parley_bench_${tag}_${process.pid}`
  const admin = new pg.Client({ connectionString: pgAdminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(pgAdminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgAdminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any; text: string }>

/** JSON over HTTP with the admin token. */
export const httpCaller =
  (baseUrl: string, token = ADMIN_TOKEN): Call =>
  async (method, path, body) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let json: any
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, json, text }
  }

const expectOk = (what: string, res: { status: number; text: string }) => {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 500)}`)
}

/** A workspace with the given bots imported and published, through the public API. */
export const setupBots = async (call: Call, bots: unknown[]): Promise<{ workspaceId: string; bots: { id: string; publicId: string }[] }> => {
  const ws = await call('POST', '/v1/workspaces', { name: 'Bench' })
  expectOk('create workspace', ws)
  const workspaceId = ws.json.workspace.id as string
  const out: { id: string; publicId: string }[] = []
  for (const bot of bots) {
    const imported = await call('POST', '/v1/bots/import', { workspaceId, bot })
    expectOk('import bot', imported)
    const id = imported.json.bot.id as string
    expectOk('publish bot', await call('POST', `/v1/bots/${id}/publish`))
    const got = await call('GET', `/v1/bots/${id}`)
    expectOk('get bot', got)
    out.push({ id, publicId: got.json.bot.publicId })
  }
  return { workspaceId, bots: out }
}

export const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/** Nearest-rank percentile of unsorted values. */
export const percentile = (values: number[], p: number): number => {
  if (!values.length) return NaN
  const s = Float64Array.from(values).sort()
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits

export const machineInfo = () => {
  const list = cpus()
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  }
}
