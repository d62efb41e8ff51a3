// Conditions (reference 2.5): comparisons of a variable's stored value with a templated right-hand value.
// Behaviour follows Typebot's executeCondition, quirks included, so bots branch the same way after an import.
import { type Comparison, ComparisonOperators, type Condition, LogicalOperator, type Variable } from '../contract/bot/common.js'
import type { CodeEvaluator, RegexVerdict, Runtime, VariableValue } from './types.js'
import { hasInlineCode, parseVariables, variableById, variableByName, variablePosition, withInlineCode } from './variables.js'

type Value = Exclude<VariableValue, undefined>
type Scalar = string | null
type Test = (left: Scalar, right: Scalar) => boolean
type Operator = (left: Value, right: Value) => boolean
/** An operator's test against a constant right-hand text, prepared once. */
type TextTest = { prepare: (right: string) => string | null; test: (left: Scalar, prepared: string | null) => boolean }

/** What conditions need from outside: the sandbox for inline code and the regex tester (absent: no verdicts). */
export type ConditionPorts = Partial<Pick<Runtime, 'evaluate' | 'testRegex'>>

/**
 * A condition prepared once and evaluated many times (see `compileCondition`). Synchronous unless a comparison needs
 * the sandbox (inline code in its value) or a regex only a backtracking engine can run: those answer a promise, and
 * the event loop never waits on them.
 */
export type ConditionTest = (variables: Variable[], ports?: ConditionPorts) => boolean | Promise<boolean>

/** True when the comparisons hold (all by default, any with `OR`). No comparisons → false. */
export const evaluateCondition = (
  condition: Condition | undefined | null,
  variables: Variable[],
  ports?: ConditionPorts,
): boolean | Promise<boolean> => compileCondition(condition, variables)(variables, ports)

/** One comparison; false without a variable or an operator. */
export const evaluateComparison = (comparison: Comparison, variables: Variable[], ports?: ConditionPorts): boolean | Promise<boolean> =>
  compileComparison(comparison, variables)(variables, ports)

/**
 * `evaluateCondition` prepared once for a bot whose variables are `variables`: variables located in that list,
 * operators picked, constant right-hand texts normalized or folded ahead. The test takes any list of the bot's
 * variables with their current values (lists in the bot's order, as the engine's, need no scan).
 */
export const compileCondition = (condition: Condition | undefined | null, variables: Variable[]): ConditionTest => {
  const comparisons = condition?.comparisons
  if (!comparisons?.length) return never
  const tests = comparisons.map((comparison) => compileComparison(comparison, variables))
  if (tests.length === 1) return tests[0]
  return (condition?.logicalOperator ?? LogicalOperator.AND) === LogicalOperator.AND ? all(tests) : any(tests)
}

const never: ConditionTest = () => false

// In order, stopping at the first comparison that decides; a comparison that answers a promise is awaited first.
const all =
  (tests: ConditionTest[]): ConditionTest =>
  (variables, ports) => {
    for (let i = 0; i < tests.length; i++) {
      const holds = tests[i](variables, ports)
      if (holds instanceof Promise) return holds.then((h) => h && all(tests.slice(i + 1))(variables, ports))
      if (!holds) return false
    }
    return true
  }

const any =
  (tests: ConditionTest[]): ConditionTest =>
  (variables, ports) => {
    for (let i = 0; i < tests.length; i++) {
      const holds = tests[i](variables, ports)
      if (holds instanceof Promise) return holds.then((h) => h || any(tests.slice(i + 1))(variables, ports))
      if (holds) return true
    }
    return false
  }

const compileComparison = (comparison: Comparison, variables: Variable[]): ConditionTest => {
  const { variableId, comparisonOperator: operator, value } = comparison
  if (!variableId || !operator) return never
  const at = variablePosition(variables, 'id', variableId)
  // An operator of a newer Typebot build is false (its right-hand value is still computed, inline code included).
  const holds = operators.get(operator) ?? unknownOperator
  const constant = constantRightValue(value)
  const textTest = textTests.get(operator)
  const regexMode = regexModes.get(operator)
  if (typeof constant === 'string' && textTest) return againstText(variableId, at, holds, constant, textTest)
  const right = rightValue(value, variables)
  const left = (current: Variable[]) => variableById(current, variableId, at)?.value ?? null
  if (!hasInlineCode(value)) {
    if (!regexMode) return (current) => holds(left(current), right(current))
    return (current, ports) => matchesRegex(left(current), right(current), regexMode, ports?.testRegex)
  }
  return (current, ports) =>
    withInlineCode(value, current, ports?.evaluate, (evaluate) => {
      const rightValue = right(current, evaluate)
      return regexMode ? matchesRegex(left(current), rightValue, regexMode, ports?.testRegex) : holds(left(current), rightValue)
    }) as boolean | Promise<boolean>
}

/** A comparison with a constant right-hand text, prepared once; a list on the left takes the general path. */
const againstText = (variableId: string, at: number, holds: Operator, right: string, { prepare, test }: TextTest): ConditionTest => {
  const prepared = prepare(right)
  return (current) => {
    const left = variableById(current, variableId, at)?.value ?? null
    return Array.isArray(left) ? holds(left, right) : test(left, prepared)
  }
}

const unknownOperator: Operator = () => false

const operators = new Map<string, Operator>([
  [ComparisonOperators.EQUAL, (left, right) => compare(left, right, 'every', same)],
  [ComparisonOperators.NOT_EQUAL, (left, right) => compare(left, right, 'every', differs)],
  // A list holds the value when one item equals it; Typebot lets a null item match anything (sic).
  [
    ComparisonOperators.CONTAINS,
    (left, right) => (Array.isArray(left) ? compare(left, right, 'some', holdsItem) : compare(left, right, 'some', contains)),
  ],
  [
    ComparisonOperators.NOT_CONTAINS,
    (left, right) => (Array.isArray(left) ? compare(left, right, 'every', differs) : compare(left, right, 'every', lacks)),
  ],
  [ComparisonOperators.GREATER, (left, right) => measure(left, right, (a, b) => a > b)],
  [ComparisonOperators.LESS, (left, right) => measure(left, right, (a, b) => a < b)],
  [ComparisonOperators.GREATER_OR_EQUAL, (left, right) => measure(left, right, (a, b) => a >= b)],
  [ComparisonOperators.LESS_OR_EQUAL, (left, right) => measure(left, right, (a, b) => a <= b)],
  [ComparisonOperators.IS_SET, (left) => left !== null && left.length > 0],
  [ComparisonOperators.IS_EMPTY, (left) => left === null || left.length === 0],
  [ComparisonOperators.STARTS_WITH, (left, right) => compare(left, right, 'every', startsWith)],
  [ComparisonOperators.ENDS_WITH, (left, right) => compare(left, right, 'every', endsWith)],
])

/**
 * Regex comparisons: "Matches regex" holds when some item matches; "Does not match regex" when every item fails to
 * match. A test without a verdict (invalid pattern — Typebot throws on it in "Does not match" —, out of time, no
 * tester) counts as false either way. One comparison shares a budget of `REGEX_TIME_LIMIT_MS` of matching time
 * across its items: tests in the worker spend their matching time, tests in process a charge for their work (see
 * runtime/regex.ts). Once it is spent, the remaining items are not tested and count as false.
 */
const regexModes = new Map<string, { mode: 'some' | 'every'; expected: boolean }>([
  [ComparisonOperators.MATCHES_REGEX, { mode: 'some', expected: true }],
  [ComparisonOperators.NOT_MATCH_REGEX, { mode: 'every', expected: false }],
])

export const REGEX_TIME_LIMIT_MS = 100

const matchesRegex = (
  left: Value,
  right: Value,
  { mode, expected }: { mode: 'some' | 'every'; expected: boolean },
  testRegex: Runtime['testRegex'] | undefined,
): boolean | Promise<boolean> => {
  let budget = REGEX_TIME_LIMIT_MS
  const lefts = Array.isArray(left) ? left : [left]
  const rights = Array.isArray(right) ? right : [right]
  // Every (left, right) pair in order, stopping at the first that decides: a match for "some", a miss for "every".
  const decisive = mode === 'some'
  const holds = ({ verdict, elapsedMs }: RegexVerdict) => {
    budget -= elapsedMs
    return verdict === expected
  }
  const from = (pair: number): boolean | Promise<boolean> => {
    for (let i = pair; i < lefts.length * rights.length; i++) {
      const subject = lefts[Math.floor(i / rights.length)]
      const pattern = rights[i % rights.length]
      if (!subject || !pattern || !testRegex || budget <= 0) {
        if (!decisive) return false
        continue
      }
      // Most tests answer at once (linear-time engine); the others are awaited (see runtime/regex.ts).
      const result = testRegex(pattern, subject, budget)
      if (result instanceof Promise) return result.then((verdict) => (holds(verdict) === decisive ? decisive : from(i + 1)))
      if (holds(result) === decisive) return decisive
    }
    return !decisive
  }
  return from(0)
}

// "undefined"/"null" mean no value; a text without `{{` is the value as is; undefined when variables decide.
const constantRightValue = (text: string | null | undefined): Value | undefined => {
  if (text === 'undefined' || text === 'null') return null
  return text?.includes('{{') ? undefined : (text ?? '')
}

// Exactly `{{name}}` (untrimmed) yields that variable's raw value, lists included; else the text is templated.
const rightValue = (text: string | null | undefined, variables: Variable[]): ((variables: Variable[], evaluate?: CodeEvaluator) => Value) => {
  const constant = constantRightValue(text)
  if (constant !== undefined) return () => constant
  const template = text ?? ''
  const single = template.startsWith('{{') && template.endsWith('}}') ? template.slice(2, -2) : undefined
  if (single === undefined) return (current, evaluate) => parseVariables(template, current, { evaluate })
  const at = variablePosition(variables, 'name', single)
  return (current, evaluate) => variableByName(current, single, at)?.value ?? parseVariables(template, current, { evaluate })
}

const isText = (value: Scalar): value is string => typeof value === 'string'

// Texts made only of characters below U+0300 are already in NFC (none has a decomposition that differs or combines
// with its neighbours), so the costly normalization runs only on texts that may change.
const MAY_CHANGE_IN_NFC = /[^\u0000-\u02ff]/
const nfc = (text: string) => (MAY_CHANGE_IN_NFC.test(text) ? text.normalize() : text)

// Texts are equal after Unicode normalization (NFC); nulls only equal nulls.
const same: Test = (a, b) => (isText(a) && isText(b) ? nfc(a) === nfc(b) : a === b)
const differs: Test = (a, b) => !same(a, b)
const holdsItem: Test = (a, b) => (isText(a) && isText(b) ? same(a, b) : a !== b)
const contains: Test = (a, b) => !!a && !!b && fold(a).includes(fold(b))
const lacks: Test = (a, b) => !a || !b || !fold(a).includes(fold(b))
const startsWith: Test = (a, b) => !!a && !!b && fold(a).startsWith(fold(b))
const endsWith: Test = (a, b) => !!a && !!b && fold(a).endsWith(fold(b))

const fold = (text: string) => nfc(text.toLowerCase().trim())

// An empty text never matches (`!!b`), unlike a text that folds to '' (spaces): null keeps them apart.
const foldUnlessEmpty = (text: string) => (text ? fold(text) : null)

/**
 * The tests of `operators` between a text or null on the left and a constant text on the right, which is prepared
 * (normalized or folded) once instead of at every evaluation.
 */
const textTests = new Map<string, TextTest>([
  [ComparisonOperators.EQUAL, { prepare: nfc, test: (a, nb) => isText(a) && nfc(a) === nb }],
  [ComparisonOperators.NOT_EQUAL, { prepare: nfc, test: (a, nb) => !(isText(a) && nfc(a) === nb) }],
  [ComparisonOperators.CONTAINS, { prepare: foldUnlessEmpty, test: (a, fb) => !!a && fb !== null && fold(a).includes(fb) }],
  [ComparisonOperators.NOT_CONTAINS, { prepare: foldUnlessEmpty, test: (a, fb) => !(!!a && fb !== null && fold(a).includes(fb)) }],
  [ComparisonOperators.STARTS_WITH, { prepare: foldUnlessEmpty, test: (a, fb) => !!a && fb !== null && fold(a).startsWith(fb) }],
  [ComparisonOperators.ENDS_WITH, { prepare: foldUnlessEmpty, test: (a, fb) => !!a && fb !== null && fold(a).endsWith(fb) }],
])

// A list side is tested item by item (two lists: every pair); an empty list makes `every` true and `some` false.
const compare = (left: Value, right: Value, mode: 'every' | 'some', test: Test): boolean => {
  if (!Array.isArray(left) && !Array.isArray(right)) return test(left, right)
  const lefts = Array.isArray(left) ? left : [left]
  const rights = Array.isArray(right) ? right : [right]
  return lefts[mode]((a) => rights[mode]((b) => test(a, b)))
}

// Texts compare as numbers, else dates, else lengths; a list compares by its length (against the other side as a number).
const measure = (left: Value, right: Value, test: (a: number, b: number) => boolean): boolean => {
  if (left === null || right === null) return false
  if (typeof left === 'string') return typeof right === 'string' ? test(magnitude(left), magnitude(right)) : test(Number(left), right.length)
  return test(left.length, typeof right === 'string' ? Number(right) : right.length)
}

// A leading '+' (phone numbers) never reads as a number, but may still read as a date.
const magnitude = (text: string): number => {
  const number = text.startsWith('+') ? Number.NaN : Number(text)
  if (!Number.isNaN(number)) return number
  const time = Date.parse(text)
  return Number.isNaN(time) ? text.length : time
}
