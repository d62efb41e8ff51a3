// The JavaScript sandbox for bot code: QuickJS compiled to WebAssembly, with a CPU deadline per evaluation; the
// host (process, require, files, network) does not exist inside it. It runs inside worker threads (./pool.ts),
// which enforces the hard limits: QuickJS checks its deadline only between bytecodes and its memory limit is not
// effective in the WebAssembly build, so a runaway allocation is stopped by terminating the worker.
//
// Expressions (inline code, Set variable, response paths) run in one long-lived context that is locked down
// first: every built-in object is frozen, the global object too, and `eval` and the symbol registry are gone, so
// an evaluation cannot leave anything behind for the next one (another chat, another bot). Variables are passed
// as function parameters, not globals. Creating a context costs ~1 ms and an evaluation in a ready one ~20 µs,
// which is why the context is kept. Any evaluation that is interrupted or runs out of memory replaces it.
// Scripts (which get a `setVariable` bound to their run) use a fresh context each time. Every context gets V8's
// Intl through a bridge to the host (./intl-host.ts) before anything else runs in it: before the lockdown in the
// shared one; on first use in a script's.
import { newQuickJSWASMModule, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, RELEASE_SYNC } from 'quickjs-emscripten'
import type { EvalResult, ScriptResult } from '../../engine/types.js'
import { installIntl } from './intl-host.js'

export type SandboxLimits = { memoryBytes: number; timeoutMs: number }

/** The sandbox inside one thread: calls are synchronous (the worker of ./pool.ts makes them asynchronous for the server). */
export type LocalSandbox = {
  /** Runs a function body and returns its (JSON-able) result, within `timeoutMs` of CPU. */
  evaluate(body: string, globals: Record<string, unknown>, timeoutMs?: number): EvalResult
  /** Runs an async function body (server-side Script block) where `setVariable(name, value)` is available. */
  runScript(body: string, globals: Record<string, unknown>, timeoutMs?: number): ScriptResult
}

const STACK_BYTES = 512 * 1024
/** Promise jobs run between two looks at the clock. */
const JOBS_PER_CHECK = 64

/**
 * Installs the runner (bodies are compiled with the Function constructor, so a body cannot close the function and
 * declare anything at the top level), then freezes every object reachable from the global object, the global
 * object itself, and every intrinsic that only syntax reaches (iterator, generator and async prototypes…).
 * Evaluates to [run, intact]: `run` returns the result as JSON, prefixed with '!' when the evaluation managed to
 * change the global object anyway (see `intact`); the context must then be replaced.
 */
const LOCKDOWN = `(() => {
  // Everything the runner uses is captured now: it never looks a global up at call time.
  const compile = Function
  const global = globalThis
  const { parse, stringify } = JSON
  const { apply, ownKeys } = Reflect
  const { freeze, getPrototypeOf, getOwnPropertyDescriptor } = Object
  // Compiled bodies are reused (hardened with their \`prototype\`, which \`arguments.callee\` reaches, so an
  // evaluation cannot mark its function for the next one); the cache lives in this closure, out of bot code's reach.
  const compiled = new Map()
  const run = (names, body, args) => {
    const key = names + '\u0000' + body
    let fn = compiled.get(key)
    if (!fn) {
      fn = compile(...parse(names), body)
      harden(fn)
      if (compiled.size >= 1000) compiled.clear()
      compiled.set(key, fn)
    }
    const json = apply(fn, undefined, parse(args))
    const text = stringify(json)
    return intact() ? text : '!' + (text === undefined ? '' : text)
  }
  delete globalThis.eval
  Symbol.for = (key) => Symbol(String(key))
  // Intrinsics that no property path from globalThis reaches, only syntax or a built-in's result: one instance of
  // each kind is hardened below, which freezes its prototype chain (%ArrayIteratorPrototype%, %IteratorPrototype%,
  // %GeneratorFunction% and %GeneratorPrototype%, %AsyncIteratorPrototype%…). The test suite crawls and fuzzes
  // the built-ins to prove that nothing unfrozen is left (test/unit/runtime/sandbox-isolation.test.ts).
  const strictArguments = function () { 'use strict'; return arguments }
  const syntaxReachable = [
    [][Symbol.iterator](),
    ''[Symbol.iterator](),
    new Map().entries(),
    new Set().values(),
    /(?:)/g[Symbol.matchAll](''),
    [].values().map((x) => x),
    Iterator.from({ next: () => ({ done: true }) }),
    Iterator.concat([]),
    function* () {},
    async function () {},
    async () => {},
    async function* () {},
    (function () { return arguments })(),
    strictArguments(),
    getOwnPropertyDescriptor(strictArguments(), 'callee').get,
    ((s) => s)\`\`,
  ]
  const seen = new Set()
  const harden = (value) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return
    seen.add(value)
    freeze(value)
    harden(getPrototypeOf(value))
    for (const key of ownKeys(value)) {
      const desc = getOwnPropertyDescriptor(value, key)
      if (!desc) continue
      if ('value' in desc) harden(desc.value)
      harden(desc.get)
      harden(desc.set)
    }
  }
  // QuickJS lets Object.defineProperty(globalThis, name, { value }) replace the value of a frozen global (only on
  // the global object, only with a descriptor without flags; accessors and new names are refused). So the global
  // object is compared with its lockdown values after any evaluation that defined a property, and a changed one
  // drops the context. Every way to that faulty path goes through one of these three functions (built-in
  // algorithms define with full descriptors, which QuickJS checks; a Proxy forwards what one of them was given).
  let dirty = false
  const marking = (original) => ({ [original.name](...args) { dirty = true; return apply(original, undefined, args) } })[original.name]
  const { defineProperty, defineProperties } = Object
  const reflectDefine = Reflect.defineProperty
  Object.defineProperty = marking(defineProperty)
  Object.defineProperties = marking(defineProperties)
  Reflect.defineProperty = marking(reflectDefine)
  harden(globalThis)
  for (const value of syntaxReachable) harden(value)
  // A plain read per property is enough: none can be turned into a getter. The comparison is compiled with literal
  // names (a computed key costs a string-to-atom lookup each time); it still costs ~6 µs, hence \`dirty\`.
  const globalKeys = ownKeys(global)
  const globalValues = globalKeys.map((key) => global[key])
  const checks = globalKeys.map((key, i) => {
    const read = typeof key === 'symbol' ? 'g[k[' + i + ']]' : 'g[' + stringify(key) + ']'
    // NaN is the one value not equal to itself.
    return typeof globalValues[i] === 'number' && globalValues[i] !== globalValues[i] ? '(' + read + ' !== ' + read + ')' : read + ' === v[' + i + ']'
  })
  const unchanged = compile('g', 'k', 'v', 'return ' + checks.join(' && ')).bind(undefined, global, globalKeys, globalValues)
  harden(unchanged)
  const intact = () => {
    if (!dirty) return true
    const ok = unchanged()
    if (ok) dirty = false
    return ok
  }
  return [run, intact]
})()`

/** A deadline on the monotonic clock (a wall-clock jump must not interrupt code that is within its time). */
const interruptAfter = (ms: number) => {
  const end = performance.now() + ms
  return () => performance.now() > end
}

/** Asks the locked context whether its global object still holds its built-ins (false if it cannot even answer). */
const isIntact = (vm: QuickJSContext, intact: QuickJSHandle): boolean => {
  const answer = vm.callFunction(intact, vm.undefined)
  if (answer.error) {
    answer.error.dispose()
    return false
  }
  const ok = vm.dump(answer.value) === true
  answer.value.dispose()
  return ok
}

/** A JavaScript identifier (variable ids are used as parameter names). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** The sandbox in the calling thread (the worker of `./quickjs.ts` runs it, out of the server's thread). */
export const createLocalSandbox = async (limits: SandboxLimits): Promise<LocalSandbox> => {
  const quickjs = await newQuickJSWASMModule(RELEASE_SYNC)
  // Expressions and scripts use separate runtimes, so a script that breaks its runtime never touches the
  // shared expression context.
  let runtime: QuickJSRuntime = newRuntime()
  let scriptRuntime: QuickJSRuntime = newRuntime()
  let shared: { vm: QuickJSContext; run: QuickJSHandle; intact: QuickJSHandle } | undefined

  function newRuntime(): QuickJSRuntime {
    const rt = quickjs.newRuntime()
    rt.setMemoryLimit(limits.memoryBytes)
    rt.setMaxStackSize(STACK_BYTES)
    // `import()` must not reach anything: every module specifier fails.
    rt.setModuleLoader((name) => ({ error: new Error(`Cannot import "${name}" in the sandbox`) }))
    return rt
  }

  /** Runs `source` in a fresh context; `read` turns the context's outcome into our result. */
  const withContext = <T>(globals: Record<string, unknown>, timeoutMs: number, work: (vm: QuickJSContext) => T, onError: (error: string) => T): T => {
    let vm: QuickJSContext | undefined
    try {
      vm = scriptRuntime.newContext()
      scriptRuntime.setInterruptHandler(interruptAfter(timeoutMs))
      installIntl(vm, { lazy: true })
      defineGlobals(vm, globals)
      return work(vm)
    } catch (err) {
      return onError(describe(err))
    } finally {
      try {
        vm?.dispose()
      } catch {
        // A context that ran out of memory may not dispose cleanly: start over with a new runtime.
        scriptRuntime = newRuntime()
      }
    }
  }

  const lockedContext = () => {
    if (shared) return shared
    const vm = runtime.newContext()
    runtime.setInterruptHandler(interruptAfter(5000))
    try {
      installIntl(vm)
    } catch (err) {
      vm.dispose()
      throw new Error(`Sandbox Intl failed: ${describe(err)}`)
    }
    const locked = vm.evalCode(LOCKDOWN)
    if (locked.error) {
      const error = vm.dump(locked.error)
      locked.error.dispose()
      vm.dispose()
      throw new Error(`Sandbox lockdown failed: ${describe(error)}`)
    }
    // The lockdown evaluates to [run, intact].
    shared = { vm, run: vm.getProp(locked.value, 0), intact: vm.getProp(locked.value, 1) }
    locked.value.dispose()
    return shared
  }

  /** Drops the shared context (and the runtime if it cannot be disposed cleanly). */
  const resetShared = (runtimeToo = false) => {
    // Promise jobs belong to the runtime, not the context: with some left over, the runtime is abandoned (not
    // freed, which QuickJS may refuse with an abort of the whole module) rather than let them run later. So is a
    // runtime whose memory ran out: its next context would run out at once.
    if (runtimeToo || runtime.hasPendingJob()) {
      runtime = newRuntime()
      shared = undefined
      return
    }
    try {
      shared?.run.dispose()
      shared?.intact.dispose()
      shared?.vm.dispose()
    } catch {
      runtime = newRuntime()
    }
    shared = undefined
  }

  const evaluate = (body: string, globals: Record<string, unknown>, timeoutMs = limits.timeoutMs): EvalResult => {
    const names = Object.keys(globals).filter((name) => IDENTIFIER.test(name))
    const undefinedNames = names.filter((name) => globals[name] === undefined)
    // Parameters hold the variables; ones whose value is undefined are reset so they read as undefined, not null.
    const reset = undefinedNames.length ? `${undefinedNames.map((n) => `${n} = undefined`).join('; ')};\n` : ''
    try {
      const { vm, run, intact } = lockedContext()
      runtime.setInterruptHandler(interruptAfter(timeoutMs))
      const params = [JSON.stringify(names), `${reset}${body}`, JSON.stringify(names.map((name) => globals[name] ?? null))].map((text) =>
        vm.newString(text),
      )
      const result = vm.callFunction(run, vm.undefined, ...params)
      for (const param of params) param.dispose()
      // Whether the context may serve the next evaluation: `run` says so on success; after an error, promise jobs
      // or a broken job queue, `intact` is asked (or the context simply dropped).
      let reusable = true
      let json: string | undefined
      if (result.error) reusable = false
      else {
        json = vm.dump(result.value)
        result.value.dispose()
        if (typeof json === 'string' && json.startsWith('!')) {
          reusable = false
          json = json.slice(1) || undefined
        }
      }
      // Promise reactions the code queued run now, within the same deadline, so none outlives the evaluation. QuickJS
      // turns an interrupted reaction into a rejection and goes on with the queue, so the deadline is checked here
      // every few jobs; jobs left over would run in the next evaluation's time: the context is dropped instead.
      if (runtime.hasPendingJob()) {
        const deadline = interruptAfter(timeoutMs)
        while (reusable && runtime.hasPendingJob()) {
          const jobs = runtime.executePendingJobs(JOBS_PER_CHECK)
          if (jobs.error) {
            jobs.error.dispose()
            reusable = false
          } else if (deadline()) reusable = false
        }
        if (reusable) reusable = isIntact(vm, intact)
      }
      if (result.error) {
        const error = vm.dump(result.error)
        result.error.dispose()
        const message = describe(error)
        // An uncatchable error leaves nothing usable (QuickJS reports some as a bare null).
        if (/interrupted|out of memory|stack overflow|^null$/i.test(message)) resetShared(/out of memory|^null$/i.test(message))
        else if (!isIntact(vm, intact)) resetShared()
        return { ok: false, error: message }
      }
      if (!reusable) resetShared()
      return { ok: true, value: json === undefined ? undefined : JSON.parse(json) }
    } catch (err) {
      resetShared(true)
      return { ok: false, error: describe(err) }
    }
  }

  const runScript = (body: string, globals: Record<string, unknown>, timeoutMs = limits.timeoutMs): ScriptResult => {
    const setVariables: { name: string; value: unknown }[] = []
    return withContext<ScriptResult>(
      globals,
      timeoutMs,
      (vm) => {
        const setVariable = vm.newFunction('setVariable', (name, value) => {
          setVariables.push({ name: String(vm.dump(name)), value: vm.dump(value) })
        })
        vm.setProp(vm.global, 'setVariable', setVariable)
        setVariable.dispose()
        const result = vm.evalCode(`globalThis.__result = (async function(){\n${body}\n})().then((v) => JSON.stringify(v))`)
        if (result.error) {
          const error = vm.dump(result.error)
          result.error.dispose()
          return { ok: false, error: describe(error), setVariables }
        }
        result.value.dispose()
        const jobs = scriptRuntime.executePendingJobs()
        if (jobs.error) {
          const error = vm.dump(jobs.error)
          jobs.error.dispose()
          return { ok: false, error: describe(error), setVariables }
        }
        const promise = vm.getProp(vm.global, '__result')
        const state = vm.getPromiseState(promise)
        promise.dispose()
        if (state.type === 'fulfilled') {
          const json = vm.dump(state.value)
          state.value.dispose()
          return { ok: true, value: json === undefined ? undefined : JSON.parse(json), setVariables }
        }
        if (state.type === 'rejected') {
          const error = vm.dump(state.error)
          state.error.dispose()
          return { ok: false, error: describe(error), setVariables }
        }
        return {
          ok: false,
          error: 'The script is still waiting for something that never happens (only synchronous work and setVariable are available).',
          setVariables,
        }
      },
      (error) => ({ ok: false, error, setVariables }),
    )
  }

  return { evaluate, runScript }
}

/** Globals go in as JSON; undefined values are declared explicitly so that reading them is not a ReferenceError. */
const defineGlobals = (vm: QuickJSContext, globals: Record<string, unknown>) => {
  const undefinedNames = Object.keys(globals).filter((k) => globals[k] === undefined)
  const source = `(function(){ const g = JSON.parse(${JSON.stringify(JSON.stringify(globals))}); for (const k of Object.keys(g)) globalThis[k] = g[k]; for (const k of ${JSON.stringify(undefinedNames)}) globalThis[k] = undefined })()`
  const result = vm.evalCode(source)
  if (result.error) {
    const error = vm.dump(result.error)
    result.error.dispose()
    throw new Error(describe(error))
  }
  result.value.dispose()
}

const describe = (error: unknown): string => {
  if (error && typeof error === 'object') {
    const e = error as { name?: string; message?: string }
    if (e.message) return e.name ? `${e.name}: ${e.message}` : e.message
  }
  if (error instanceof Error) return error.message
  return String(error)
}
