// The JavaScript sandbox as the server uses it: QuickJS (./quickjs.ts) in a pool of worker threads, called
// asynchronously so the event loop never waits on bot code. A request goes through shared memory; the caller awaits
// `Atomics.waitAsync` (no thread blocks) in slices, watching the call's deadline and the process's growth. A call that
// overruns its deadline, or during which the process grows by more than the memory limit, terminates its worker —
// which frees everything it allocated — and a new one is started in the background, so a hostile bot costs at most
// one deadline of one worker, never the server. Calls beyond the idle workers start more, up to `MAX_WORKERS`, then
// queue in arrival order.
import { Worker } from 'node:worker_threads'
import type { EvalResult, SandboxCallOptions, ScriptResult } from '../../engine/types.js'
import { IDLE, READY, REQUEST, RESPONSE, RUNNING } from './protocol.js'
import type { SandboxLimits } from './quickjs.js'

export type { SandboxLimits } from './quickjs.js'

export type Sandbox = {
  /** Runs a function body and returns its (JSON-able) result; `timeoutMs` may shorten the sandbox's own deadline. */
  evaluate(body: string, globals: Record<string, unknown>, options?: SandboxCallOptions): Promise<EvalResult>
  /** Runs an async function body (server-side Script block) where `setVariable(name, value)` is available. */
  runScript(body: string, globals: Record<string, unknown>, options?: SandboxCallOptions): Promise<ScriptResult>
  /** Stops every worker (tests, shutdown). */
  close(): Promise<void>
}

/** Optional callbacks (metrics): how each call ended, and each worker terminated and replaced. */
export type SandboxObserver = {
  onCall?(op: 'evaluate' | 'script', outcome: 'ok' | 'error' | 'timeout' | 'memory'): void
  onRestart?(reason: 'timeout' | 'memory' | 'broken'): void
}

/** The largest request or answer (code, variables, result) that crosses to a worker. */
const MESSAGE_BYTES = 16 * 1024 * 1024
/** Worker start-up (loading WebAssembly) is not bound by the per-call deadline. */
const START_MS = 30_000
const SLICE_MS = 20
/** On top of the call's deadline: the worker's own bookkeeping. */
const GRACE_MS = 50
/** A worker that has not even picked a request up after this long is stuck: it is replaced. */
const PICKUP_MS = 10_000
/** Workers kept ready, and the most that run at once (each runaway call holds one for its deadline). */
const MIN_WORKERS = 2
const MAX_WORKERS = 4
/**
 * Calls one tenant (workspace) may have running at once; the others wait their turn. Evaluations take tens of
 * microseconds, so this costs a busy tenant little, while a tenant whose bots run away cannot take more than this
 * many workers (and cores) from everyone else.
 */
const PER_TENANT = 1

type Running = { worker: Worker; state: Int32Array; bytes: Uint8Array; ready: Promise<void> }

/**
 * The worker's entry: the compiled worker.js, or — when the server runs from TypeScript sources through tsx
 * (development, tests) — a bootstrap that registers tsx in the worker first, which `--import tsx` does not do.
 */
const workerEntry = (): { source: string | URL; eval: boolean } => {
  if (!import.meta.url.endsWith('.ts')) return { source: new URL('./worker.js', import.meta.url), eval: false }
  const url = new URL('./worker.ts', import.meta.url).href
  return { source: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}) })`, eval: true }
}

const wait = (state: Int32Array, seen: number, ms: number): Promise<unknown> => {
  const res = Atomics.waitAsync(state, 0, seen, ms)
  return res.async ? res.value : Promise.resolve(res.value)
}

/** Errors that mean the sandbox's WebAssembly module is no longer usable (a trap), not that the bot's code failed. */
export const isBrokenSandbox = (error: string | undefined): boolean =>
  error === 'null' || /^RuntimeError: (table index is out of bounds|memory access out of bounds|unreachable|null function)/.test(error ?? '')

/** A failed call as the observer sees it: QuickJS's own deadline and memory limit answer these errors. */
const outcomeOf = (error: string | undefined) =>
  error?.startsWith('InternalError: interrupted') ? 'timeout' : error?.includes('out of memory') ? 'memory' : 'error'

export const createSandbox = async (limits: SandboxLimits, observer: SandboxObserver = {}): Promise<Sandbox> => {
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()
  const idle: Running[] = []
  const all = new Set<Running>()
  const queue: ((running: Running) => void)[] = []
  let closed = false

  const spawn = (): Running => {
    const control = new SharedArrayBuffer(8)
    const data = new SharedArrayBuffer(MESSAGE_BYTES)
    const entry = workerEntry()
    const worker = new Worker(entry.source, { eval: entry.eval, workerData: { control, data, limits } })
    // A worker that dies on its own (it should not) must not crash the server: it is dropped and replaced.
    worker.on('error', () => {})
    // `Atomics.waitAsync` does not keep the process alive: a worker is referenced while it starts or works for a
    // caller (see `release`), so an awaited call is never abandoned by a process that thinks it has nothing to do.
    const state = new Int32Array(control)
    const running: Running = { worker, state, bytes: new Uint8Array(data), ready: Promise.resolve() }
    running.ready = (async () => {
      const deadline = Date.now() + START_MS
      while (Atomics.load(state, 0) !== READY) {
        if (Date.now() > deadline) throw new Error('The JavaScript sandbox did not start.')
        await wait(state, Atomics.load(state, 0), SLICE_MS)
      }
      Atomics.store(state, 0, IDLE)
      worker.unref()
    })()
    all.add(running)
    return running
  }

  /** Hands a ready worker to the first waiting call, or keeps it idle (unreferenced). */
  const release = (running: Running) => {
    const next = queue.shift()
    if (next) {
      running.worker.ref()
      next(running)
    } else {
      running.worker.unref()
      idle.push(running)
    }
  }

  /** Starts a worker and, once it is ready, puts it to work. */
  const grow = () => {
    const running = spawn()
    running.ready.then(
      () => (closed ? void running.worker.terminate() : release(running)),
      () => {
        all.delete(running)
        void running.worker.terminate()
      },
    )
  }

  const acquire = (): Running | Promise<Running> => {
    const running = idle.pop()
    if (running) {
      running.worker.ref()
      return running
    }
    if (all.size < MAX_WORKERS) grow()
    return new Promise((resolve) => queue.push(resolve))
  }

  /** Kills the worker of a runaway call; a replacement starts in the background. */
  const replace = (running: Running, reason: 'timeout' | 'memory' | 'broken') => {
    observer.onRestart?.(reason)
    all.delete(running)
    void running.worker.terminate()
    if (!closed && (all.size < MIN_WORKERS || queue.length > 0)) grow()
  }

  for (let i = 0; i < MIN_WORKERS; i++) grow()
  await Promise.all([...all].map((r) => r.ready))

  /** Calls running per tenant, and the calls of a tenant waiting for one of them to end. */
  const tenants = new Map<string, { running: number; waiting: (() => void)[] }>()
  const enter = (tenant: string | undefined): void | Promise<void> => {
    if (tenant === undefined) return
    const entry = tenants.get(tenant) ?? { running: 0, waiting: [] }
    tenants.set(tenant, entry)
    if (entry.running < PER_TENANT) {
      entry.running++
      return
    }
    return new Promise((resolve) => entry.waiting.push(resolve))
  }
  const leave = (tenant: string | undefined) => {
    const entry = tenant === undefined ? undefined : tenants.get(tenant)
    if (!entry) return
    const next = entry.waiting.shift()
    if (next) next()
    else if (--entry.running === 0) tenants.delete(tenant!)
  }

  const call = async (
    op: 'evaluate' | 'script',
    body: string,
    globals: Record<string, unknown>,
    timeoutMs: number,
    tenant?: string,
  ): Promise<ScriptResult> => {
    const turn = enter(tenant)
    if (turn) await turn
    try {
      return await callWorker(op, body, globals, timeoutMs)
    } finally {
      leave(tenant)
    }
  }

  const callWorker = async (op: 'evaluate' | 'script', body: string, globals: Record<string, unknown>, timeoutMs: number): Promise<ScriptResult> => {
    if (closed) return { ok: false, error: 'The JavaScript sandbox is closed.', setVariables: [] }
    // JSON drops undefined values; their names travel apart so the code still sees them (as undefined).
    const undefinedNames = Object.keys(globals).filter((name) => globals[name] === undefined)
    const json = JSON.stringify({ op, body, globals, undefinedNames, timeoutMs })
    const pending = acquire()
    const running = pending instanceof Promise ? await pending : pending
    const { state, bytes } = running
    // Written straight into shared memory; a message that does not fit is refused.
    const { read, written } = encoder.encodeInto(json, bytes)
    if (read < json.length) {
      release(running)
      observer.onCall?.(op, 'error')
      return { ok: false, error: 'The code and its variables are too large for the sandbox.', setVariables: [] }
    }
    state[1] = written
    Atomics.store(state, 0, REQUEST)
    Atomics.notify(state, 0)
    const sent = performance.now()
    // The deadline runs from when the worker picked the request up: on a machine short of CPU the worker may start
    // late, and killing it for that would only add a worker start-up to the shortage. Reading RSS costs a /proc
    // read, so only calls that outlast their first slice take a baseline.
    let deadline: number | undefined
    let rssBefore: number | undefined
    for (let seen = Atomics.load(state, 0); seen !== RESPONSE; seen = Atomics.load(state, 0)) {
      if (seen === RUNNING) deadline ??= performance.now() + timeoutMs + GRACE_MS
      await wait(state, seen, SLICE_MS)
      if (Atomics.load(state, 0) === RESPONSE) break
      const now = performance.now()
      rssBefore ??= process.memoryUsage.rss()
      const tooLong = deadline === undefined ? now - sent > PICKUP_MS : now > deadline
      const tooBig = process.memoryUsage.rss() - rssBefore > limits.memoryBytes
      if (tooLong || tooBig) {
        replace(running, tooBig ? 'memory' : 'timeout')
        observer.onCall?.(op, tooBig ? 'memory' : 'timeout')
        return { ok: false, error: tooBig ? 'InternalError: out of memory' : 'InternalError: interrupted', setVariables: [] }
      }
    }
    const response: ScriptResult = JSON.parse(decoder.decode(bytes.slice(0, state[1])))
    // QuickJS can corrupt its own WebAssembly memory on some calls (a trap, or a bare null error); every later call
    // of that worker would fail, so the worker goes and a new one takes its place.
    observer.onCall?.(op, response.ok ? 'ok' : outcomeOf(response.error))
    if (!response.ok && isBrokenSandbox(response.error)) replace(running, 'broken')
    else {
      Atomics.store(state, 0, IDLE)
      release(running)
    }
    return response
  }

  const timeout = (options?: { timeoutMs?: number }) => Math.max(1, Math.min(limits.timeoutMs, options?.timeoutMs ?? limits.timeoutMs))

  return {
    async evaluate(body, globals, options) {
      const outcome = await call('evaluate', body, globals, timeout(options), options?.tenant)
      return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, error: outcome.error ?? 'The sandbox failed.' }
    },
    runScript: (body, globals, options) => call('script', body, globals, timeout(options), options?.tenant),
    async close() {
      closed = true
      await Promise.all([...all].map((r) => r.worker.terminate()))
      all.clear()
      idle.length = 0
    },
  }
}
