import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { evaluateComparison, evaluateCondition } from '../../../src/engine/conditions.js'
import { createRegexTester } from '../../../src/runtime/regex.js'
import type { Comparison, ComparisonOperator, Variable } from '../../../src/contract/bot/common.js'
import type { RegexVerdict, Runtime } from '../../../src/engine/types.js'

type Value = Variable['value']

const vars = (left: Value, extra: Variable[] = []): Variable[] => [{ id: 'v1', name: 'left', value: left }, ...extra]

// Regexes run on the server's real tester (RE2 in this thread, else a worker thread with deadlines).
const regex = createRegexTester()
after(() => regex.close())

/** Compares `left` (the variable's value) with `right` (the comparison's raw value text). */
const check = (left: Value, operator: ComparisonOperator, right?: string, extra: Variable[] = []) =>
  evaluateComparison({ id: 'c', variableId: 'v1', comparisonOperator: operator, value: right }, vars(left, extra), { testRegex: regex.test })

const list = (name: string, value: Value): Variable => ({ id: `id-${name}`, name, value })

test('conditions: no comparisons is false; AND by default, OR on request', async () => {
  const yes: Comparison = { id: 'a', variableId: 'v1', comparisonOperator: 'Equal to', value: 'x' }
  const no: Comparison = { id: 'b', variableId: 'v1', comparisonOperator: 'Equal to', value: 'y' }
  const variables = vars('x')
  assert.equal(await evaluateCondition(undefined, variables), false)
  assert.equal(await evaluateCondition(null, variables), false)
  assert.equal(await evaluateCondition({}, variables), false)
  assert.equal(await evaluateCondition({ comparisons: [] }, variables), false)
  assert.equal(await evaluateCondition({ comparisons: [yes, no] }, variables), false)
  assert.equal(await evaluateCondition({ logicalOperator: null, comparisons: [yes, yes] }, variables), true)
  assert.equal(await evaluateCondition({ logicalOperator: 'AND', comparisons: [yes, no] }, variables), false)
  assert.equal(await evaluateCondition({ logicalOperator: 'OR', comparisons: [no, yes] }, variables), true)
  assert.equal(await evaluateCondition({ logicalOperator: 'OR', comparisons: [no, no] }, variables), false)
})

test('conditions: a comparison without variable or operator is false, even a negative one', async () => {
  const variables = vars('x')
  assert.equal(await evaluateComparison({ id: 'c', comparisonOperator: 'Not equal', value: 'y' }, variables), false)
  assert.equal(await evaluateComparison({ id: 'c', variableId: 'v1', value: 'y' }, variables), false)
  assert.equal(await evaluateComparison({ id: 'c', variableId: 'v1', comparisonOperator: null, value: 'x' }, variables), false)
  // An unknown variable has no value (null).
  assert.equal(await evaluateComparison({ id: 'c', variableId: 'nope', comparisonOperator: 'Is empty' }, variables), true)
})

test('conditions: right-hand value resolution', async () => {
  const name = list('name', 'Ada')
  const tags = list('tags', ['a', 'b'])
  const empty = list('empty', null)
  assert.equal(await check(null, 'Equal to', 'null'), true)
  assert.equal(await check(null, 'Equal to', 'undefined'), true)
  assert.equal(await check('null', 'Equal to', 'null'), false)
  // Exactly one {{var}}: its raw value, a list stays a list (every item must then equal the left side).
  assert.equal(await check('Ada', 'Equal to', '{{name}}', [name]), true)
  assert.equal(await check('a', 'Contains', '{{tags}}', [tags]), true)
  assert.equal(await check(['a', 'b'], 'Equal to', '{{tags}}', [tags]), false)
  // Anything else is templated text (lists as JSON).
  assert.equal(await check('Hi Ada!', 'Equal to', 'Hi {{name}}!', [name]), true)
  assert.equal(await check('["a","b"]', 'Equal to', ' {{tags}}', [tags]), false)
  assert.equal(await check(' ["a","b"]', 'Equal to', ' {{tags}}', [tags]), true)
  // A valueless variable templates to ''.
  assert.equal(await check('', 'Equal to', '{{empty}}', [empty]), true)
  assert.equal(await check(null, 'Equal to', '{{empty}}', [empty]), false)
  assert.equal(await check('', 'Equal to', undefined), true)
})

test('conditions: inline code in the value runs through the sandbox port when given', async () => {
  const comparison: Comparison = { id: 'c', variableId: 'v1', comparisonOperator: 'Equal to', value: '{{= 1 + 1 =}}' }
  const evaluate = async () => ({ ok: true as const, value: 2 })
  assert.equal(await evaluateComparison(comparison, vars('2'), { evaluate }), true)
  assert.equal(await evaluateCondition({ comparisons: [comparison] }, vars('2'), { evaluate }), true)
})

test('conditions: Equal to / Not equal compare NFC-normalized text; lists need every item', async () => {
  const composed = 'caf\u00e9'
  const decomposed = 'cafe\u0301'
  assert.equal(await check(composed, 'Equal to', decomposed), true)
  assert.equal(await check(composed, 'Not equal', decomposed), false)
  assert.equal(await check('Yes', 'Equal to', 'yes'), false)
  assert.equal(await check(' yes', 'Equal to', 'yes'), false)
  assert.equal(await check('yes', 'Not equal', 'no'), true)
  assert.equal(await check(null, 'Equal to', 'x'), false)
  assert.equal(await check(null, 'Not equal', 'x'), true)
  assert.equal(await check(['x', 'x'], 'Equal to', 'x'), true)
  assert.equal(await check(['x', 'y'], 'Equal to', 'x'), false)
  assert.equal(await check(['x', 'y'], 'Not equal', 'x'), false)
  assert.equal(await check(['y', 'z'], 'Not equal', 'x'), true)
  // An empty list holds vacuously.
  assert.equal(await check([], 'Equal to', 'x'), true)
})

test('conditions: Contains / Does not contain on text are case-insensitive and trimmed', async () => {
  assert.equal(await check('Hello World', 'Contains', 'world'), true)
  assert.equal(await check('Hello World', 'Contains', '  WORLD  '), true)
  assert.equal(await check('Hello', 'Contains', 'bye'), false)
  assert.equal(await check('Crème brûlée', 'Contains', 'cre\u0300me'), true)
  assert.equal(await check('Hello', 'Contains', ''), false)
  assert.equal(await check(null, 'Contains', 'x'), false)
  assert.equal(await check('Hello World', 'Does not contain', 'WORLD'), false)
  assert.equal(await check('Hello', 'Does not contain', 'bye'), true)
  assert.equal(await check('Hello', 'Does not contain', ''), true)
  assert.equal(await check(null, 'Does not contain', 'x'), true)
  // A list on the right: any item contained; none contained for the negation.
  const words = list('words', ['bye', 'world'])
  assert.equal(await check('Hello World', 'Contains', '{{words}}', [words]), true)
  assert.equal(await check('Hello World', 'Does not contain', '{{words}}', [words]), false)
  assert.equal(await check('Hello', 'Does not contain', '{{words}}', [words]), true)
})

test('conditions: Contains / Does not contain on a list test item equality', async () => {
  assert.equal(await check(['red', 'green'], 'Contains', 'green'), true)
  assert.equal(await check(['red', 'green'], 'Contains', 'gree'), false)
  assert.equal(await check(['Red'], 'Contains', 'red'), false)
  assert.equal(await check(['caf\u00e9'], 'Contains', 'cafe\u0301'), true)
  assert.equal(await check(['red', 'green'], 'Does not contain', 'blue'), true)
  assert.equal(await check(['red', 'green'], 'Does not contain', 'red'), false)
  assert.equal(await check([], 'Contains', 'red'), false)
  assert.equal(await check([], 'Does not contain', 'red'), true)
  // Typebot quirk kept: a null item counts as containing any text.
  assert.equal(await check([null, 'red'], 'Contains', 'blue'), true)
})

test('conditions: numeric comparisons read numbers, then dates, then lengths', async () => {
  assert.equal(await check('10', 'Greater than', '9'), true)
  assert.equal(await check('10', 'Less than', '9'), false)
  assert.equal(await check('9', 'Greater or equal to', '9'), true)
  assert.equal(await check('9', 'Less or equal to', '9.0'), true)
  assert.equal(await check('-1.5', 'Less than', '0'), true)
  assert.equal(await check('1e3', 'Greater than', '999'), true)
  assert.equal(await check(' 12 ', 'Greater than', '11'), true)
  // Dates compare as timestamps.
  assert.equal(await check('2024-03-01', 'Greater than', '2024-02-28'), true)
  assert.equal(await check('2024-03-01T10:00:00Z', 'Less than', '2024-03-01T11:00:00Z'), true)
  // Other text compares by length.
  assert.equal(await check('abcd', 'Greater than', 'xyz'), true)
  assert.equal(await check('abc', 'Greater than', 'xyz'), false)
  assert.equal(await check('abc', 'Greater or equal to', 'xyz'), true)
  // '+…' is never a number (phone numbers): a length here, though V8 reads '+1' as the year 2001.
  assert.equal(await check('+33612345678', 'Less than', '100'), true)
  assert.equal(await check('+1', 'Greater than', '5'), true)
  // Empty text is the number 0.
  assert.equal(await check('', 'Less than', '1'), true)
})

test('conditions: numeric comparisons with lists use lengths, a missing side is false', async () => {
  const three = list('three', ['a', 'b', 'c'])
  assert.equal(await check(['a', 'b'], 'Greater than', '1'), true)
  assert.equal(await check(['a', 'b'], 'Less than', '2'), false)
  assert.equal(await check(['a', 'b'], 'Less or equal to', '2'), true)
  assert.equal(await check(['a', 'b'], 'Less than', '{{three}}', [three]), true)
  assert.equal(await check('4', 'Greater than', '{{three}}', [three]), true)
  assert.equal(await check('3', 'Greater or equal to', '{{three}}', [three]), true)
  assert.equal(await check(null, 'Less than', '5'), false)
  assert.equal(await check(null, 'Greater or equal to', '5'), false)
  assert.equal(await check('5', 'Greater than', 'null'), false)
})

test('conditions: Is set / Is empty', async () => {
  assert.equal(await check('x', 'Is set'), true)
  assert.equal(await check('', 'Is set'), false)
  assert.equal(await check(null, 'Is set'), false)
  assert.equal(await check(undefined, 'Is set'), false)
  assert.equal(await check(['x'], 'Is set'), true)
  assert.equal(await check([], 'Is set'), false)
  assert.equal(await check('', 'Is empty'), true)
  assert.equal(await check(null, 'Is empty'), true)
  assert.equal(await check(undefined, 'Is empty'), true)
  assert.equal(await check([], 'Is empty'), true)
  assert.equal(await check([null], 'Is empty'), false)
  assert.equal(await check(' ', 'Is empty'), false)
})

test('conditions: Starts with / Ends with are case-insensitive and trimmed', async () => {
  assert.equal(await check('  Hello World ', 'Starts with', 'hello'), true)
  assert.equal(await check('Hello World', 'Starts with', ' HELLO '), true)
  assert.equal(await check('Hello World', 'Starts with', 'world'), false)
  assert.equal(await check('Hello World', 'Ends with', 'WORLD'), true)
  assert.equal(await check('Hello World ', 'Ends with', 'world'), true)
  assert.equal(await check('Hello', 'Starts with', ''), false)
  assert.equal(await check(null, 'Ends with', 'x'), false)
  // A list needs every item; a list on the right needs every prefix (so mostly false).
  assert.equal(await check(['ab', 'ac'], 'Starts with', 'a'), true)
  assert.equal(await check(['ab', 'bc'], 'Starts with', 'a'), false)
})

test('conditions: Matches regex with plain patterns and /pattern/flags', async () => {
  assert.equal(await check('order-1234', 'Matches regex', '^order-\\d+$'), true)
  assert.equal(await check('ORDER-1234', 'Matches regex', '^order-\\d+$'), false)
  assert.equal(await check('ORDER-1234', 'Matches regex', '/^order-\\d+$/i'), true)
  assert.equal(await check('a\nb', 'Matches regex', '/^b$/m'), true)
  assert.equal(await check('a\nb', 'Matches regex', '/^b$/'), false)
  assert.equal(await check('é', 'Matches regex', '/^\\p{L}$/u'), true)
  assert.equal(await check('ab', 'Matches regex', '/b/y'), false)
  assert.equal(await check('aa', 'Matches regex', '/a/g'), true)
  // Flags Typebot does not accept leave the text as a literal pattern.
  assert.equal(await check('x', 'Matches regex', '/x/s'), false)
  assert.equal(await check('/x/s', 'Matches regex', '/x/s'), true)
  // The slashes may come after a prefix, which is then ignored (Typebot's parsing).
  assert.equal(await check('abc', 'Matches regex', 'zzz/b/'), true)
  // Invalid patterns and empty sides never match.
  assert.equal(await check('abc', 'Matches regex', '('), false)
  assert.equal(await check('abc', 'Matches regex', '/a/gg'), false)
  assert.equal(await check('abc', 'Matches regex', ''), false)
  assert.equal(await check(null, 'Matches regex', 'a'), false)
})

test('conditions: Matches regex on lists is "any", Does not match regex "every"', async () => {
  const patterns = list('patterns', ['^x', '^b'])
  assert.equal(await check(['abc', 'bcd'], 'Matches regex', '^b'), true)
  assert.equal(await check(['abc', 'acd'], 'Matches regex', '^b'), false)
  assert.equal(await check('bcd', 'Matches regex', '{{patterns}}', [patterns]), true)
  assert.equal(await check(['abc', 'acd'], 'Does not match regex', '^b'), true)
  assert.equal(await check(['abc', 'bcd'], 'Does not match regex', '^b'), false)
  assert.equal(await check('abc', 'Does not match regex', '/^A/i'), false)
  assert.equal(await check('abc', 'Does not match regex', '^z'), true)
  // No verdict (empty side, invalid pattern) is false for the negation too.
  assert.equal(await check('abc', 'Does not match regex', ''), false)
  assert.equal(await check(null, 'Does not match regex', 'a'), false)
  assert.equal(await check('abc', 'Does not match regex', '('), false)
})

test('conditions: patterns that explode on backtracking get their true verdict at once', () => {
  // Tested by the linear-time engine, in this thread: the verdict comes back without a promise.
  const bombs: [string, string, boolean][] = [
    ['(a+)+$', 'a'.repeat(40) + '!', false],
    // Matches the empty text at the end (after trying every start the long way with backtracking).
    ['/(\\w+\\s?)*$/', 'a'.repeat(40) + '!', true],
    ['.*a.*b', 'a'.repeat(20_000), false],
    ['.*a.*b', 'a'.repeat(20_000) + 'b', true],
  ]
  for (const [pattern, subject, matches] of bombs) {
    assert.equal(check(subject, 'Matches regex', pattern), matches, pattern)
    assert.equal(check(subject, 'Does not match regex', pattern), !matches, pattern)
  }
  assert.equal(check('aaa', 'Matches regex', '(a+)+$'), true)
})

test('conditions: a catastrophic regex gives up within its time limit and the next regex still works', async () => {
  // A backreference: only JavaScript's backtracking engine (the worker) runs it, and on this subject it would take hours.
  const bomb = '^(a+)+\\1b'
  const subject = 'a'.repeat(40) + '!'
  const verdicts: RegexVerdict[] = []
  const counted: Runtime['testRegex'] = async (source, text, timeoutMs) => {
    const verdict = await regex.test(source, text, timeoutMs)
    verdicts.push(verdict)
    return verdict
  }
  const checkCounted = (left: Value, operator: ComparisonOperator, right: string) =>
    evaluateComparison({ id: 'c', variableId: 'v1', comparisonOperator: operator, value: right }, vars(left), { testRegex: counted })
  assert.equal(await checkCounted(subject, 'Matches regex', bomb), false)
  assert.equal(await checkCounted(subject, 'Does not match regex', bomb), false)
  assert.deepEqual(
    verdicts.map((v) => v.timedOut),
    [true, true],
  )
  // A list of bombs shares one budget: the first spends it, the others are not tried.
  verdicts.length = 0
  assert.equal(await checkCounted(Array(20).fill(subject), 'Matches regex', bomb), false)
  assert.equal(verdicts.length, 1)
  // The worker was replaced: backreferences work again.
  assert.equal(await check('abab', 'Matches regex', '^(ab)\\1$'), true)
  assert.equal(await check('abac', 'Matches regex', '^(ab)\\1$'), false)
  assert.equal(await check('abac', 'Does not match regex', '^(ab)\\1$'), true)
})

test('conditions: a long list against a costly pattern stops once the regex budget is spent, whatever the load', () => {
  const calls: RegexVerdict[] = []
  const counted: Runtime['testRegex'] = (source, text, timeoutMs) => {
    const verdict = regex.test(source, text, timeoutMs) as RegexVerdict
    calls.push(verdict)
    return verdict
  }
  const checkCounted = (left: Value, right: string) =>
    evaluateComparison({ id: 'c', variableId: 'v1', comparisonOperator: 'Matches regex', value: right }, vars(left), { testRegex: counted })
  // Each test is in process (synchronous) and close to its work limit; the match is in the last item only.
  const costly = [...Array(3_000).fill('a'.repeat(1_000)), `${'a'.repeat(999)}x`]
  assert.equal(checkCounted(costly, '[a-z]{1,100}x'), false)
  assert.ok(calls.length > 10 && calls.length < 100, `${calls.length} tests`)
  // The last test tried is the one the budget no longer covers: out of time (logged by the block), the rest untried.
  assert.ok(calls.slice(0, -1).every((call) => !call.timedOut && call.verdict === false))
  assert.deepEqual(calls.at(-1), { verdict: null, timedOut: true, elapsedMs: calls.at(-1)!.elapsedMs })
  // Cheap tests cost next to nothing: every item of the same list is tried.
  calls.length = 0
  assert.equal(checkCounted([...Array(3_000).fill('abc'), 'xyz'], '^x'), true)
  assert.equal(calls.length, 3_001)
})
