// A bot must not branch differently because the server is busy: regex conditions evaluated while every core is
// saturated by other threads give the same verdicts as on an idle machine.
import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { after, before, test } from 'node:test'
import { Worker } from 'node:worker_threads'
import type { ComparisonOperator, Variable } from '../../../src/contract/bot/common.js'
import { evaluateComparison } from '../../../src/engine/conditions.js'
import type { RegexVerdict, Runtime } from '../../../src/engine/types.js'
import { createRegexTester } from '../../../src/runtime/regex.js'

const regex = createRegexTester()
const burners: Worker[] = []

before(async () => {
  // More spinning threads than cores (at least 2, at most 4), each running before the tests start.
  const count = Math.min(4, Math.max(2, availableParallelism() + 1))
  for (let i = 0; i < count; i++) {
    const burner = new Worker("require('node:worker_threads').parentPort.postMessage('spinning'); for (;;) {}", { eval: true })
    burners.push(burner)
    await new Promise((resolve) => burner.once('message', resolve))
  }
})

after(async () => {
  await Promise.all(burners.map((burner) => burner.terminate()))
  await regex.close()
})

type Value = Variable['value']
/** Every verdict the tester gave, so that a test may tell a real `false` from one that ran out of time. */
const verdicts: RegexVerdict[] = []
const record = (verdict: RegexVerdict) => {
  verdicts.push(verdict)
  return verdict
}
const recorded: Runtime['testRegex'] = (source, subject, timeoutMs) => {
  const result = regex.test(source, subject, timeoutMs)
  return result instanceof Promise ? result.then(record) : record(result)
}
const check = (left: Value, operator: ComparisonOperator, right: string, extra: Variable[] = []) =>
  evaluateComparison({ id: 'c', variableId: 'v1', comparisonOperator: operator, value: right }, [{ id: 'v1', name: 'left', value: left }, ...extra], {
    testRegex: recorded,
  })

const list = (name: string, value: Value): Variable => ({ id: `id-${name}`, name, value })

test('regex conditions on a saturated machine: every verdict is right', async () => {
  const cases: [Value, ComparisonOperator, string, boolean, Variable[]?][] = [
    ['order-1234', 'Matches regex', '^order-\\d+$', true],
    ['ORDER-1234', 'Matches regex', '^order-\\d+$', false],
    ['ORDER-1234', 'Matches regex', '/^order-\\d+$/i', true],
    ['a\nb', 'Matches regex', '/^b$/m', true],
    ['é', 'Matches regex', '/^\\p{L}$/u', true],
    ['ana@example.com', 'Matches regex', '^[^@\\s]+@[^@\\s]+\\.\\w+$', true],
    ['+33 6 12 34 56 78', 'Does not match regex', '^\\+?[\\d\\s]{8,}$', false],
    ['hello', 'Does not match regex', '^\\d+$', true],
    [`${'a'.repeat(40)}!`, 'Matches regex', '(a+)+$', false],
    // Lists: "Matches regex" is any pair, "Does not match regex" every pair.
    [['abc', 'bcd'], 'Matches regex', '^b', true],
    [['abc', 'acd'], 'Matches regex', '^b', false],
    ['bcd', 'Matches regex', '{{patterns}}', true, [list('patterns', ['^x', '^b'])]],
    [['abc', 'acd'], 'Does not match regex', '^b', true],
    [['abc', 'bcd'], 'Does not match regex', '^b', false],
    // Backreferences and lookarounds: JavaScript in the worker.
    ['abab', 'Matches regex', '^(ab)\\1$', true],
    ['abac', 'Matches regex', '^(ab)\\1$', false],
    [['xx', 'xy'], 'Does not match regex', '(.)\\1', false],
    ['price: 10€', 'Matches regex', '\\d+(?=€)', true],
  ]
  for (let round = 0; round < 20; round++)
    for (const [left, operator, right, expected, extra] of cases) {
      verdicts.length = 0
      const what = `round ${round}: ${JSON.stringify(left)} ${operator} ${right}`
      assert.equal(await check(left, operator, right, extra), expected, what)
      // A timeout also reads as "no match": every verdict must be a real one (the catastrophic case is in process).
      assert.ok(verdicts.length > 0, what)
      for (const verdict of verdicts) {
        assert.equal(verdict.timedOut, false, what)
        assert.equal(typeof verdict.verdict, 'boolean', what)
      }
    }
})

test('on a saturated machine a catastrophic backreference gives up and the next regex still works', async () => {
  const subject = `${'a'.repeat(40)}!`
  for (let round = 0; round < 3; round++) {
    assert.equal(await check(subject, 'Matches regex', '^(a+)+\\1b'), false)
    verdicts.length = 0
    assert.equal(await check('abab', 'Matches regex', '^(ab)\\1$'), true)
    assert.equal(await check('abac', 'Matches regex', '^(ab)\\1$'), false)
    assert.equal(await check('order-1', 'Matches regex', '^order-\\d+$'), true)
    assert.deepEqual(
      verdicts.map(({ verdict, timedOut }) => ({ verdict, timedOut })),
      [
        { verdict: true, timedOut: false },
        { verdict: false, timedOut: false },
        { verdict: true, timedOut: false },
      ],
    )
  }
})
