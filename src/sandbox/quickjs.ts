// The JavaScript sandbox for bot code: QuickJS compiled to WebAssembly. Every evaluation gets a fresh context
// (nothing leaks between chats or bots), a memory limit and a CPU deadline; the host (process, require, files,
// network) does not exist inside it.
import { getQuickJS, type QuickJSContext, type QuickJSRuntime, shouldInterruptAfterDeadline } from 'quickjs-emscripten'
import type { CodeEvaluator } from '../engine/types.js'

export type SandboxLimits = { memoryBytes: number; timeoutMs: number }

export type ScriptOutcome =
  | { ok: true; value: unknown; setVariables: { name: string; value: unknown }[] }
  | { ok: false; error: string; setVariables: { name: string; value: unknown }[] }

export type Sandbox = {
  /** Runs a function body synchronously and returns its (JSON-able) result. */
  evaluate: CodeEvaluator
  /** Runs an async function body (server-side Script block) where `setVariable(name, value)` is available. */
  runScript(body: string, globals: Record<string, unknown>): ScriptOutcome
}

const STACK_BYTES = 512 * 1024

export const createSandbox = async (limits: SandboxLimits): Promise<Sandbox> => {
  const quickjs = await getQuickJS()
  let runtime: QuickJSRuntime = newRuntime()

  function newRuntime(): QuickJSRuntime {
    const rt = quickjs.newRuntime()
    rt.setMemoryLimit(limits.memoryBytes)
    rt.setMaxStackSize(STACK_BYTES)
    return rt
  }

  /** Runs `source` in a fresh context; `read` turns the context's outcome into our result. */
  const withContext = <T>(globals: Record<string, unknown>, work: (vm: QuickJSContext) => T, onError: (error: string) => T): T => {
    let vm: QuickJSContext | undefined
    try {
      vm = runtime.newContext()
      runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.timeoutMs))
      defineGlobals(vm, globals)
      return work(vm)
    } catch (err) {
      return onError(describe(err))
    } finally {
      try {
        vm?.dispose()
      } catch {
        // A context that ran out of memory may not dispose cleanly: start over with a new runtime.
        runtime = newRuntime()
      }
    }
  }

  const evaluate: CodeEvaluator = (body, globals) =>
    withContext(
      globals,
      (vm) => {
        const result = vm.evalCode(`JSON.stringify((function(){\n${body}\n})())`)
        if (result.error) {
          const error = vm.dump(result.error)
          result.error.dispose()
          return { ok: false as const, error: describe(error) }
        }
        const json = vm.dump(result.value)
        result.value.dispose()
        return { ok: true as const, value: json === undefined ? undefined : JSON.parse(json) }
      },
      (error) => ({ ok: false as const, error }),
    )

  const runScript = (body: string, globals: Record<string, unknown>): ScriptOutcome => {
    const setVariables: { name: string; value: unknown }[] = []
    return withContext<ScriptOutcome>(
      globals,
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
        const jobs = runtime.executePendingJobs()
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
        return { ok: false, error: 'The script is still waiting for something that never happens (only synchronous work and setVariable are available).', setVariables }
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
