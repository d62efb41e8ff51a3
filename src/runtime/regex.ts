// Regular expressions of bots (Condition "Matches regex"). Patterns come from bot authors (and, through
// `{{variables}}`, from end users), and backtracking makes some of them explode: `(a+)+$` on 40 characters takes
// minutes, `.*a.*b` ~0.8 s on 1,000 characters, and Node has no regex timeout. So a test runs in this thread on a
// linear-time engine (re2js, a port of RE2) whenever RE2 can mean what JavaScript means (regexSyntax.ts): its answer
// comes at once, whatever the load. The rest — backreferences, lookarounds, a few subjects on which the engines
// differ, inputs too large for a quick linear pass — runs in a worker thread against a deadline; a test that overruns
// gets no verdict and its worker is terminated (V8 interrupts the match) and replaced. The deadline counts the match
// only: the worker says when it starts matching, so neither the queue of other tests nor a new worker's start-up
// count, and a busy machine does not turn a quick match into a timeout.
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads'
import { RE2JS } from 're2js'
import type { RegexVerdict } from '../engine/types.js'
import { FOLDS_APART_CHARACTER, toRe2, toUnits } from './regexSyntax.js'

/**
 * In-process matches are linear, but RE2's cost per character grows with the pattern (its program size) when its
 * DFA gives way to the NFA: ~0.3 µs per instruction and character here. Above this product the test goes to the
 * worker, whose deadline bounds it; below, a match takes at most a few tens of milliseconds (µs in practice).
 */
const MAX_IN_PROCESS_WORK = 250_000

/**
 * In-process tests are charged against a comparison's regex budget (100 ms) by their work, never by the clock, so
 * that no verdict depends on the machine's load: `MAX_IN_PROCESS_WORK` counts as 2 ms, and a comparison of many
 * texts stops after the equivalent of 50 such tests instead of holding this thread for seconds.
 */
const IN_PROCESS_WORK_PER_MS = MAX_IN_PROCESS_WORK / 2

/** Compiled patterns kept (bots test the same few patterns again and again)… */
const CACHE_SIZE = 500
/** …and their total program size: a compiled program keeps ~70 bytes per instruction. */
const CACHE_PROGRAM_SIZE = 1_000_000

/**
 * Compiling is linear in the program, but a pattern's program can be huge (`(?:[\s\S]{1000}|…)` × 1,300 takes over
 * a second and ~90 MB), and it happens in this thread. So a pattern longer than this, or whose length times the
 * product of its repetition counts (a cheap upper bound of its program size) is over `MAX_ESTIMATED_PROGRAM`, is
 * not compiled here: the worker runs it, within its deadline.
 */
const MAX_IN_PROCESS_SOURCE = 2_000
const MAX_ESTIMATED_PROGRAM = 200_000

const COUNT = /\{(\d+)(?:,(\d*))?\}/g

/** An upper bound of the program RE2 would compile for `pattern` (any `{…}` counted as a repetition). */
const estimatedProgram = (pattern: string): number => {
  let product = 1
  for (const [, min, max] of pattern.matchAll(COUNT)) product *= Math.max(Number(min), Number(max || 0), 1)
  return product * pattern.length
}

/** How long a worker may take to start and pick a test up before the test is given up (a broken worker). */
const WORKER_START_LIMIT_MS = 30_000

const FLAG = /[gimuy]/
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/

/**
 * `/pattern/flags` with the flags Typebot accepts, else the whole text as the pattern: what Typebot's
 * `/\/(.+)\/([gimuy]*)$/` reads, found in linear time (that regex backtracks quadratically on `/a/a/a…/q`). The
 * closing `/` is the one before the final run of flag characters; the opening one is the first `/` after the last
 * line terminator before it (`.` does not cross lines), leaving at least one character of pattern.
 */
export const parseLiteral = (source: string): { pattern: string; flags: string } | undefined => {
  let close = source.length
  while (close > 0 && FLAG.test(source[close - 1])) close--
  close--
  if (close < 0 || source[close] !== '/') return undefined
  let lineStart = 0
  for (let i = close - 1; i >= 0; i--)
    if (LINE_TERMINATOR.test(source[i])) {
      lineStart = i + 1
      break
    }
  const open = source.indexOf('/', lineStart)
  if (open < 0 || open >= close - 1) return undefined
  return { pattern: source.slice(open + 1, close), flags: source.slice(close + 1) }
}

/** How a source is tested: invalid for JavaScript, on RE2, or only by JavaScript (the worker). */
type Compiled =
  | { kind: 'invalid' }
  | { kind: 'worker' }
  | { kind: 're2'; re2: RE2JS; size: number; unicode: boolean; foldsApart: boolean; lineAnchors: boolean }

const compile = (source: string): Compiled => {
  const { pattern, flags } = parseLiteral(source) ?? { pattern: source, flags: '' }
  try {
    new RegExp(pattern, flags)
  } catch {
    return { kind: 'invalid' }
  }
  if (pattern.length > MAX_IN_PROCESS_SOURCE || estimatedProgram(pattern) > MAX_ESTIMATED_PROGRAM) return { kind: 'worker' }
  const translated = toRe2(pattern, flags)
  if (!translated) return { kind: 'worker' }
  try {
    const re2 = RE2JS.compile(translated.source, (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0))
    const unicode = flags.includes('u')
    return {
      kind: 're2',
      re2,
      size: re2.programSize(),
      unicode,
      foldsApart: !unicode && flags.includes('i'),
      lineAnchors: flags.includes('m') && translated.anchors,
    }
  } catch {
    // Beyond RE2's limits (more than 1,000 repetitions, a program too large…).
    return { kind: 'worker' }
  }
}

/** JavaScript's line terminators that RE2's multiline `^`/`$` do not know. */
const OTHER_LINE_END = /[\r\u2028\u2029]/

/** The verdict of RE2 on `subject`, or undefined when this subject needs JavaScript (see regexSyntax.ts). */
const testInProcess = (compiled: Extract<Compiled, { kind: 're2' }>, subject: string): boolean | undefined => {
  if (compiled.size * subject.length > MAX_IN_PROCESS_WORK) return undefined
  if (compiled.lineAnchors && OTHER_LINE_END.test(subject)) return undefined
  if (compiled.foldsApart && FOLDS_APART_CHARACTER.test(subject)) return undefined
  if (compiled.unicode) return subject.isWellFormed() ? compiled.re2.test(subject) : undefined
  return compiled.re2.test(toUnits(subject))
}

// The worker: says it started (so the deadline counts the match only), then answers with its verdict.
const workerSource = `
const { parentPort } = require('node:worker_threads')
parentPort.once('message', ({ port }) => {
  port.on('message', ({ id, pattern, flags, subject }) => {
    port.postMessage({ id, started: true })
    let verdict = null
    try {
      verdict = new RegExp(pattern, flags).test(subject)
    } catch {}
    port.postMessage({ id, verdict })
  })
})
`

type Reply = { id: number; started?: true; verdict?: boolean | null }

export type RegexTester = {
  /**
   * Tests `source` (a pattern, or `/pattern/flags`) against `subject`: synchronously when RE2 can, else in the
   * worker within `timeoutMs` of matching.
   */
  test(source: string, subject: string, timeoutMs: number): RegexVerdict | Promise<RegexVerdict>
  close(): Promise<void>
}

export const createRegexTester = (): RegexTester => {
  const cache = new Map<string, Compiled>()
  let cachedProgram = 0
  const worker = workerTests()
  const programSize = (entry: Compiled) => (entry.kind === 're2' ? entry.size : 0)

  const compiled = (source: string): Compiled => {
    let found = cache.get(source)
    if (found) {
      // Most recently used last: the first entry is the one to drop.
      cache.delete(source)
    } else {
      found = compile(source)
      cachedProgram += programSize(found)
      while (cache.size >= CACHE_SIZE || (cache.size > 0 && cachedProgram > CACHE_PROGRAM_SIZE)) {
        const oldest = cache.keys().next().value!
        cachedProgram -= programSize(cache.get(oldest)!)
        cache.delete(oldest)
      }
    }
    cache.set(source, found)
    return found
  }

  return {
    test(source, subject, timeoutMs) {
      const pattern = compiled(source)
      if (pattern.kind === 'invalid') return { verdict: null, timedOut: false, elapsedMs: 0 }
      if (pattern.kind === 're2') {
        const cost = (pattern.size * subject.length) / IN_PROCESS_WORK_PER_MS
        // What is left of the comparison's budget does not cover this test's work: out of time, as in the worker.
        if (cost > timeoutMs) return { verdict: null, timedOut: true, elapsedMs: Math.max(timeoutMs, 0) }
        const verdict = testInProcess(pattern, subject)
        if (verdict !== undefined) return { verdict, timedOut: false, elapsedMs: cost }
      }
      const { pattern: body, flags } = parseLiteral(source) ?? { pattern: source, flags: '' }
      return worker.test(body, flags, subject, timeoutMs)
    },
    close: worker.close,
  }
}

/** Tests by JavaScript in a worker thread, one at a time, each within its deadline counted from its start. */
const workerTests = () => {
  let current: { worker: Worker; port: MessagePort } | undefined
  let nextId = 0
  let tail: Promise<unknown> = Promise.resolve()
  /** After `close()`: tests get no verdict and no worker starts. */
  let closed = false
  const waiting = new Map<number, (reply: Reply) => void>()

  const start = () => {
    const worker = new Worker(workerSource, { eval: true, execArgv: [] })
    const { port1, port2 } = new MessageChannel()
    worker.postMessage({ port: port2 }, [port2])
    worker.unref()
    port1.unref()
    const started = { worker, port: port1 }
    port1.on('message', (reply: Reply) => waiting.get(reply.id)?.(reply))
    worker.on('error', () => stop(started))
    worker.on('exit', () => stop(started))
    return started
  }

  const stop = (which: { worker: Worker; port: MessagePort }) => {
    void which.worker.terminate()
    which.port.close()
    if (current !== which) return
    current = undefined
    // A worker that failed or exited leaves its tests without an answer: they get none.
    for (const answer of waiting.values()) answer({ id: -1, verdict: null })
  }

  const run = (pattern: string, flags: string, subject: string, timeoutMs: number): Promise<RegexVerdict> =>
    new Promise((resolve) => {
      if (closed) return resolve({ verdict: null, timedOut: false, elapsedMs: 0 })
      if (timeoutMs <= 0) return resolve({ verdict: null, timedOut: true, elapsedMs: 0 })
      const used = (current ??= start())
      const id = nextId++
      let matchStart: number | undefined
      let done = false
      const finish = (verdict: RegexVerdict) => {
        done = true
        clearTimeout(timer)
        waiting.delete(id)
        resolve(verdict)
      }
      const answer = (reply: Reply) => {
        if (!reply.started) {
          finish({ verdict: reply.verdict ?? null, timedOut: false, elapsedMs: matchStart === undefined ? 0 : performance.now() - matchStart })
          return
        }
        matchStart = performance.now()
        clearTimeout(timer)
        timer = setTimeout(giveUp, timeoutMs)
      }
      const giveUp = () => {
        // Replies may already wait in the port (this thread was busy): a verdict there is taken rather than a timeout.
        const startedBefore = matchStart
        for (let queued = receiveMessageOnPort(used.port); queued && !done; queued = receiveMessageOnPort(used.port)) {
          const reply = queued.message as Reply
          if (reply.id === id) answer(reply)
        }
        // Answered, or the match has only just started (its deadline is now set).
        if (done || matchStart !== startedBefore) return
        // Out of time: the whole budget is spent (a timer may fire a fraction of a millisecond early).
        finish({ verdict: null, timedOut: true, elapsedMs: Math.max(timeoutMs, matchStart === undefined ? 0 : performance.now() - matchStart) })
        stop(used)
        // The next test finds a warm worker.
        if (!closed) current ??= start()
      }
      // Until the worker starts this test (a new worker boots, a busy machine), only a generous safety net.
      let timer = setTimeout(giveUp, WORKER_START_LIMIT_MS)
      waiting.set(id, answer)
      used.port.postMessage({ id, pattern, flags, subject })
    })

  return {
    test(pattern: string, flags: string, subject: string, timeoutMs: number): Promise<RegexVerdict> {
      const result = tail.then(() => run(pattern, flags, subject, timeoutMs))
      // A test that failed (a worker that could not start) must not hold up the ones after it.
      tail = result.catch(() => {})
      return result
    },
    async close() {
      closed = true
      const closing = current
      current = undefined
      // Tests waiting for the worker get no verdict now rather than at their deadline.
      for (const answer of waiting.values()) answer({ id: -1, verdict: null })
      if (closing) {
        closing.port.close()
        await closing.worker.terminate()
      }
    },
  }
}
