// Regular expressions of bots (Condition "Matches regex"), tested off the main thread. Patterns come from bot
// authors (and, through `{{variables}}`, from end users), and backtracking makes some of them explode: `(a+)+$` on 40
// characters takes minutes, and even `.*a.*b` costs ~0.8 s on 1,000 characters. Static checks miss the polynomial
// cases and Node has no regex timeout, so each test runs in a worker thread and the caller awaits its answer with a
// timer: a test that overruns gets no verdict and its worker is terminated (V8 interrupts the match) and replaced on
// the next use. Tests queue one at a time, so a hostile pattern delays others' regex tests by at most its budget.
import { Worker } from 'node:worker_threads'
import type { RegexVerdict } from '../engine/types.js'

// Parses `/pattern/flags` (the flags Typebot accepts, else the whole text is the pattern) and tests; null = invalid.
const workerSource = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', ({ id, source, subject }) => {
  let verdict = null
  try {
    const literal = source.match(/\\/(.+)\\/([gimuy]*)$/)
    verdict = (literal ? new RegExp(literal[1], literal[2]) : new RegExp(source)).test(subject)
  } catch {}
  parentPort.postMessage({ id, verdict })
})
`

export type RegexTester = {
  test(source: string, subject: string, timeoutMs: number): Promise<RegexVerdict>
  close(): Promise<void>
}

export const createRegexTester = (): RegexTester => {
  let worker: Worker | undefined
  let nextId = 0
  let tail: Promise<unknown> = Promise.resolve()
  const waiting = new Map<number, (verdict: boolean | null) => void>()

  const start = () => {
    const started = new Worker(workerSource, { eval: true, execArgv: [] })
    started.unref()
    started.on('message', ({ id, verdict }: { id: number; verdict: boolean | null }) => waiting.get(id)?.(verdict))
    started.on('error', () => stop(started))
    return started
  }

  const stop = (which: Worker) => {
    void which.terminate()
    if (worker === which) worker = undefined
  }

  const run = (source: string, subject: string, timeoutMs: number): Promise<RegexVerdict> =>
    new Promise((resolve) => {
      if (timeoutMs <= 0) return resolve({ verdict: null, timedOut: true, elapsedMs: 0 })
      const current = (worker ??= start())
      const id = nextId++
      const started = performance.now()
      const timer = setTimeout(() => {
        waiting.delete(id)
        stop(current)
        resolve({ verdict: null, timedOut: true, elapsedMs: performance.now() - started })
      }, timeoutMs)
      waiting.set(id, (verdict) => {
        clearTimeout(timer)
        waiting.delete(id)
        resolve({ verdict, timedOut: false, elapsedMs: performance.now() - started })
      })
      current.postMessage({ id, source, subject })
    })

  return {
    test(source, subject, timeoutMs) {
      const result = tail.then(() => run(source, subject, timeoutMs))
      tail = result
      return result
    },
    async close() {
      if (worker) await worker.terminate()
      worker = undefined
    },
  }
}
