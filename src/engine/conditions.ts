// Conditions (reference 2.5): comparisons of a variable's stored value with a templated right-hand value.
// Behaviour follows Typebot's executeCondition, quirks included, so bots branch the same way after an import.
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads'
import { type Comparison, ComparisonOperators, type Condition, LogicalOperator, type Variable } from '../schema/common.js'
import type { CodeEvaluator, VariableValue } from './types.js'
import { findVariable, parseVariables } from './variables.js'

type Value = Exclude<VariableValue, undefined>
type Scalar = string | null
type Test = (left: Scalar, right: Scalar) => boolean

/** True when the comparisons hold (all by default, any with `OR`). No comparisons → false. */
export const evaluateCondition = (
  condition: Condition | undefined | null,
  variables: Variable[],
  evaluate?: CodeEvaluator,
): boolean => {
  const comparisons = condition?.comparisons
  if (!comparisons?.length) return false
  const holds = (comparison: Comparison) => evaluateComparison(comparison, variables, evaluate)
  return (condition?.logicalOperator ?? LogicalOperator.AND) === LogicalOperator.AND
    ? comparisons.every(holds)
    : comparisons.some(holds)
}

/** One comparison; false without a variable or an operator. `evaluate` runs `{{= code =}}` in the value. */
export const evaluateComparison = (comparison: Comparison, variables: Variable[], evaluate?: CodeEvaluator): boolean => {
  if (!comparison.variableId || !comparison.comparisonOperator) return false
  const left: Value = variables.find((v) => v.id === comparison.variableId)?.value ?? null
  const right = rightValue(comparison.value, variables, evaluate)
  switch (comparison.comparisonOperator) {
    case ComparisonOperators.EQUAL:
      return compare(left, right, 'every', same)
    case ComparisonOperators.NOT_EQUAL:
      return compare(left, right, 'every', differs)
    case ComparisonOperators.CONTAINS:
      // A list holds the value when one item equals it; Typebot lets a null item match anything (sic).
      if (Array.isArray(left)) return compare(left, right, 'some', (a, b) => (isText(a) && isText(b) ? same(a, b) : a !== b))
      return compare(left, right, 'some', (a, b) => !!a && !!b && fold(a).includes(fold(b)))
    case ComparisonOperators.NOT_CONTAINS:
      if (Array.isArray(left)) return compare(left, right, 'every', differs)
      return compare(left, right, 'every', (a, b) => !a || !b || !fold(a).includes(fold(b)))
    case ComparisonOperators.GREATER:
      return measure(left, right, (a, b) => a > b)
    case ComparisonOperators.LESS:
      return measure(left, right, (a, b) => a < b)
    case ComparisonOperators.GREATER_OR_EQUAL:
      return measure(left, right, (a, b) => a >= b)
    case ComparisonOperators.LESS_OR_EQUAL:
      return measure(left, right, (a, b) => a <= b)
    case ComparisonOperators.IS_SET:
      return left !== null && left.length > 0
    case ComparisonOperators.IS_EMPTY:
      return left === null || left.length === 0
    case ComparisonOperators.STARTS_WITH:
      return compare(left, right, 'every', (a, b) => !!a && !!b && fold(a).startsWith(fold(b)))
    case ComparisonOperators.ENDS_WITH:
      return compare(left, right, 'every', (a, b) => !!a && !!b && fold(a).endsWith(fold(b)))
    case ComparisonOperators.MATCHES_REGEX: {
      const budget = { ms: REGEX_TIME_LIMIT_MS }
      return compare(left, right, 'some', (a, b) => !!a && !!b && testRegex(b, a, budget) === true)
    }
    case ComparisonOperators.NOT_MATCH_REGEX: {
      // Typebot throws on an invalid pattern here; it counts as "no verdict" (false) like in Matches regex.
      const budget = { ms: REGEX_TIME_LIMIT_MS }
      return compare(left, right, 'every', (a, b) => !!a && !!b && testRegex(b, a, budget) === false)
    }
    default: // an operator of a newer Typebot build
      return false
  }
}

// "undefined"/"null" mean no value; exactly `{{name}}` (untrimmed) yields that variable's raw value, lists included.
const rightValue = (text: string | null | undefined, variables: Variable[], evaluate?: CodeEvaluator): Value => {
  if (text === 'undefined' || text === 'null') return null
  const single = text?.startsWith('{{') && text.endsWith('}}') ? findVariable(variables, text.slice(2, -2)) : undefined
  return single?.value ?? parseVariables(text, variables, { evaluate })
}

const isText = (value: Scalar): value is string => typeof value === 'string'

// Texts are equal after Unicode normalization (NFC); nulls only equal nulls.
const same: Test = (a, b) => (isText(a) && isText(b) ? a.normalize() === b.normalize() : a === b)
const differs: Test = (a, b) => !same(a, b)

const fold = (text: string) => text.toLowerCase().trim().normalize()

// A list side is tested item by item (two lists: every pair); an empty list makes `every` true and `some` false.
const compare = (left: Value, right: Value, mode: 'every' | 'some', test: Test): boolean => {
  const lefts = Array.isArray(left) ? left : [left]
  const rights = Array.isArray(right) ? right : [right]
  return lefts[mode]((a) => rights[mode]((b) => test(a, b)))
}

// Texts compare as numbers, else dates, else lengths; a list compares by its length (against the other side as a number).
const measure = (left: Value, right: Value, test: (a: number, b: number) => boolean): boolean => {
  if (left === null || right === null) return false
  if (typeof left === 'string')
    return typeof right === 'string' ? test(magnitude(left), magnitude(right)) : test(Number(left), right.length)
  return test(left.length, typeof right === 'string' ? Number(right) : right.length)
}

// A leading '+' (phone numbers) never reads as a number, but may still read as a date.
const magnitude = (text: string): number => {
  const number = text.startsWith('+') ? Number.NaN : Number(text)
  if (!Number.isNaN(number)) return number
  const time = Date.parse(text)
  return Number.isNaN(time) ? text.length : time
}

/*
 * Regexes come from bot authors (and, through `{{variables}}`, from end users), and backtracking makes some of them
 * explode: `(a+)+$` on 40 characters takes minutes, and even the common `.*a.*b` costs ~0.8 s on 1,000 characters and
 * ~14 s on 3,000 (measured on Node 20). Static checks (nested quantifiers) and subject limits miss the polynomial
 * cases, and Node has no regex timeout. So each test runs in a worker thread while this thread blocks on
 * `Atomics.wait` with a deadline: a test that overruns gets no verdict (false) and the worker is terminated (V8
 * interrupts the match) and replaced on the next use. A comparison shares one budget across its list items.
 */
export const REGEX_TIME_LIMIT_MS = 100
const BOOT_LIMIT_MS = 2000
const READY = 0
const DONE = 1

// Parses `/pattern/flags` (the flags Typebot accepts, else the whole text is the pattern) and tests; null = invalid.
const workerSource = `
const { workerData } = require('node:worker_threads')
const signal = new Int32Array(workerData.signal)
workerData.port.on('message', ({ source, subject }) => {
  let verdict = null
  try {
    const literal = source.match(/\\/(.+)\\/([gimuy]*)$/)
    verdict = (literal ? new RegExp(literal[1], literal[2]) : new RegExp(source)).test(subject)
  } catch {}
  workerData.port.postMessage(verdict)
  Atomics.add(signal, ${DONE}, 1)
  Atomics.notify(signal, ${DONE})
})
Atomics.store(signal, ${READY}, 1)
Atomics.notify(signal, ${READY})
`

type RegexWorker = { worker: Worker; port: MessagePort; signal: Int32Array }
let regexWorker: RegexWorker | undefined

const startWorker = (): RegexWorker | undefined => {
  const signal = new Int32Array(new SharedArrayBuffer(8))
  const { port1, port2 } = new MessageChannel()
  try {
    const worker = new Worker(workerSource, {
      eval: true,
      execArgv: [],
      workerData: { signal: signal.buffer, port: port2 },
      transferList: [port2],
    })
    worker.unref()
    worker.on('error', () => stopWorker(worker))
    if (Atomics.wait(signal, READY, 0, BOOT_LIMIT_MS) === 'timed-out') {
      void worker.terminate()
      return undefined
    }
    return { worker, port: port1, signal }
  } catch {
    return undefined
  }
}

const stopWorker = (worker: Worker) => {
  void worker.terminate()
  if (regexWorker?.worker === worker) regexWorker = undefined
}

/**
 * How many regex tests ran out of time since the process started. A turn compares it before and after, to end
 * itself when bot regexes keep blocking the server (see `Turn.tick`).
 */
export let regexTimeouts = 0

/** `source` tested against `subject` off-thread: the verdict, or null (invalid pattern, budget spent, no worker). */
const testRegex = (source: string, subject: string, budget: { ms: number }): boolean | null => {
  if (budget.ms <= 0) return null
  regexWorker ??= startWorker()
  if (!regexWorker) return null
  const { worker, port, signal } = regexWorker
  const done = Atomics.load(signal, DONE)
  const start = performance.now()
  port.postMessage({ source, subject })
  const outcome = Atomics.wait(signal, DONE, done, budget.ms)
  budget.ms -= performance.now() - start
  if (outcome === 'timed-out') {
    stopWorker(worker)
    regexTimeouts++
    return null
  }
  return (receiveMessageOnPort(port)?.message as boolean | null | undefined) ?? null
}
