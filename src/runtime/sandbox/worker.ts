// The sandbox's worker thread: runs QuickJS requests that the server thread hands over in shared memory (see
// ./pool.ts for the protocol), so that runaway code can be killed without harming the server.
import { workerData } from 'node:worker_threads'
import { createLocalSandbox } from './quickjs.js'
import { READY, REQUEST, RESPONSE, RUNNING, type SharedChannel } from './protocol.js'

const { control, data, limits } = workerData as SharedChannel & { limits: { memoryBytes: number; timeoutMs: number } }
const state = new Int32Array(control)
const bytes = new Uint8Array(data)
const encoder = new TextEncoder()
const decoder = new TextDecoder()

const sandbox = await createLocalSandbox(limits)
// V8 compiles WebAssembly functions on their first call, and the shared context is locked down on the first
// evaluation: both happen here, before the worker says it is ready, rather than within a bot's first deadline.
sandbox.evaluate('return [1].map((x) => String(x * 2))', { a: 1 })
sandbox.runScript('setVariable("a", 1)', {})
Atomics.store(state, 0, READY)
Atomics.notify(state, 0)

/**
 * Evaluations come in bursts (one turn templates several texts, a chat turn follows another): the worker spins a
 * little before sleeping, since a thread wake-up costs more than a whole evaluation (measured: ~95 µs per awaited
 * evaluation with a 0.3 ms spin, ~30–40 µs with 2 ms).
 */
const SPIN_MS = 2

for (;;) {
  const spinUntil = performance.now() + SPIN_MS
  while (Atomics.load(state, 0) !== REQUEST && performance.now() < spinUntil);
  while (Atomics.load(state, 0) !== REQUEST) Atomics.wait(state, 0, Atomics.load(state, 0))
  Atomics.store(state, 0, RUNNING)
  const request = JSON.parse(decoder.decode(bytes.subarray(0, state[1])))
  for (const name of request.undefinedNames ?? []) request.globals[name] = undefined
  let response: unknown
  try {
    response =
      request.op === 'script'
        ? sandbox.runScript(request.body, request.globals, request.timeoutMs)
        : sandbox.evaluate(request.body, request.globals, request.timeoutMs)
  } catch (err) {
    response = { ok: false, error: String(err), setVariables: [] }
  }
  const json = JSON.stringify(response)
  let { read, written } = encoder.encodeInto(json, bytes)
  if (read < json.length)
    ({ written } = encoder.encodeInto(JSON.stringify({ ok: false, error: 'The result is too large.', setVariables: [] }), bytes))
  state[1] = written
  Atomics.store(state, 0, RESPONSE)
  Atomics.notify(state, 0)
}
