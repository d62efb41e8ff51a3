// The JavaScript sandbox as the server uses it: QuickJS (./local.ts) in a worker thread. Calls stay synchronous
// (templating needs values at once): the request goes through shared memory and this thread waits, in short
// slices, for the answer. A call that overruns its deadline, or during which the process grows by more than the
// memory limit, terminates the worker — which frees everything it allocated — and a standby worker takes over at
// once, so a hostile bot costs at most one deadline and never the server.
import { Worker } from 'node:worker_threads'
import type { CodeEvaluator } from '../engine/types.js'
import type { Sandbox, SandboxLimits, ScriptOutcome } from './local.js'
import { IDLE, READY, REQUEST, RESPONSE, RUNNING } from './protocol.js'

export type { Sandbox, SandboxLimits, ScriptOutcome } from './local.js'

/** The largest request or answer (code, variables, result) that crosses to the worker. */
const MESSAGE_BYTES = 16 * 1024 * 1024
/** Worker start-up (loading WebAssembly) is not bound by the per-call deadline. */
const START_MS = 30_000
const SLICE_MS = 20
const SPIN_MS = 0.5
/** On top of the call's deadline: the worker's own bookkeeping. */
const GRACE_MS = 50
/** A worker that has not even picked a request up after this long is stuck: it is replaced. */
const PICKUP_MS = 10_000

type Running = { worker: Worker; state: Int32Array; bytes: Uint8Array }

/**
 * The worker's entry: the compiled worker.js, or — when the server runs from TypeScript sources through tsx
 * (development, tests) — a bootstrap that registers tsx in the worker first, which `--import tsx` does not do.
 */
const workerEntry = (): { source: string | URL; eval: boolean } => {
  if (!import.meta.url.endsWith('.ts')) return { source: new URL('./worker.js', import.meta.url), eval: false }
  const url = new URL('./worker.ts', import.meta.url).href
  return { source: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}) })`, eval: true }
}

export const createSandbox = async (limits: SandboxLimits): Promise<Sandbox> => {
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()

  const spawn = (): Running => {
    const control = new SharedArrayBuffer(8)
    const data = new SharedArrayBuffer(MESSAGE_BYTES)
    const entry = workerEntry()
    const worker = new Worker(entry.source, { eval: entry.eval, workerData: { control, data, limits } })
    // A worker that dies on its own (it should not) is replaced on the next call; it must not crash the server.
    worker.on('error', () => {})
    worker.unref()
    return { worker, state: new Int32Array(control), bytes: new Uint8Array(data) }
  }

  const isReady = (running: Running) => Atomics.load(running.state, 0) === READY

  /** Waits (without blocking the event loop: worker start-up may need it) until the worker is ready. */
  const started = async (running: Running) => {
    const deadline = Date.now() + START_MS
    while (!isReady(running)) {
      if (Date.now() > deadline) throw new Error('The JavaScript sandbox did not start.')
      await new Promise((resolve) => setTimeout(resolve, SLICE_MS))
    }
    Atomics.store(running.state, 0, IDLE)
  }

  let current = spawn()
  let standby = spawn()
  await Promise.all([started(current), started(standby)])

  /** Kills the worker of a runaway call; the standby (normally started long ago) takes over. */
  const replace = () => {
    void current.worker.terminate()
    current = standby
    standby = spawn()
    void started(standby).catch(() => {})
  }

  const call = (op: 'evaluate' | 'script', body: string, globals: Record<string, unknown>): ScriptOutcome => {
    // A standby that has not finished starting (two runaway calls in a row): refuse rather than block.
    const state0 = Atomics.load(current.state, 0)
    if (state0 === READY) Atomics.store(current.state, 0, IDLE)
    else if (state0 !== IDLE) return { ok: false, error: 'The JavaScript sandbox is restarting; try again.', setVariables: [] }
    // JSON drops undefined values; their names travel apart so the code still sees them (as undefined).
    const undefinedNames = Object.keys(globals).filter((name) => globals[name] === undefined)
    const { state, bytes } = current
    const json = JSON.stringify({ op, body, globals, undefinedNames })
    // Written straight into shared memory; a message that does not fit is refused.
    const { read, written } = encoder.encodeInto(json, bytes)
    if (read < json.length) return { ok: false, error: 'The code and its variables are too large for the sandbox.', setVariables: [] }
    state[1] = written
    Atomics.store(state, 0, REQUEST)
    Atomics.notify(state, 0)
    // Most evaluations take tens of microseconds: spin briefly before sleeping, a thread wake-up costs more.
    const sent = performance.now()
    const spinUntil = sent + SPIN_MS
    while (Atomics.load(state, 0) !== RESPONSE && performance.now() < spinUntil);
    if (Atomics.load(state, 0) === RESPONSE) return answer(state, bytes)
    // The deadline runs from when the worker picked the request up: on a machine short of CPU the worker may start
    // late, and killing it for that would only add a worker start-up to the shortage. Reading RSS costs a /proc
    // read (~13 µs, as much as a whole evaluation), so only calls that outlast the spin take a baseline.
    let deadline: number | undefined
    const rssBefore = process.memoryUsage.rss()
    for (let seen = Atomics.load(state, 0); seen !== RESPONSE; seen = Atomics.load(state, 0)) {
      if (seen === RUNNING) deadline ??= performance.now() + limits.timeoutMs + GRACE_MS
      Atomics.wait(state, 0, seen, SLICE_MS)
      if (Atomics.load(state, 0) === RESPONSE) break
      const now = performance.now()
      const tooLong = deadline === undefined ? now - sent > PICKUP_MS : now > deadline
      const tooBig = process.memoryUsage.rss() - rssBefore > limits.memoryBytes
      if (tooLong || tooBig) {
        replace()
        return { ok: false, error: tooBig ? 'InternalError: out of memory' : 'InternalError: interrupted', setVariables: [] }
      }
    }
    return answer(state, bytes)
  }

  const answer = (state: Int32Array, bytes: Uint8Array): ScriptOutcome => {
    const response = JSON.parse(decoder.decode(bytes.slice(0, state[1])))
    Atomics.store(state, 0, IDLE)
    Atomics.notify(state, 0)
    return response
  }

  const evaluate: CodeEvaluator = (body, globals) => {
    const outcome = call('evaluate', body, globals)
    return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, error: outcome.error }
  }
  return { evaluate, runScript: (body, globals) => call('script', body, globals) }
}
