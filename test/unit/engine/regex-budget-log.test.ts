// A Condition whose regex tests use up their budget in process (a long list against a costly pattern: synchronous,
// no worker) says so in the turn's logs, as a test that ran out of time in the worker does: never a silent "false".
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { createRegexTester } from '../../../src/runtime/regex.js'
import { bot, compile, edge, engineChat, say, testRuntime, texts } from '../../support/engine.js'

const regex = createRegexTester()
after(() => regex.close())

const conditionBot = (pattern: string) =>
  compile(
    bot(
      [
        [
          'g',
          [
            {
              id: 'cond',
              type: 'Condition',
              items: [
                {
                  id: 'i1',
                  content: {
                    logicalOperator: 'AND',
                    comparisons: [{ id: 'c1', variableId: 'vL', comparisonOperator: 'Matches regex', value: pattern }],
                  },
                  outgoingEdgeId: 'e-yes',
                },
              ],
              outgoingEdgeId: 'e-no',
            },
          ],
        ],
        ['yes', [say('y', 'matched')]],
        ['no', [say('n', 'no match')]],
      ],
      {
        variables: [{ id: 'vL', name: 'L' }],
        edges: [edge('e-yes', { blockId: 'cond', itemId: 'i1' }, 'yes'), edge('e-no', { blockId: 'cond' }, 'no')],
      },
    ),
  )

const run = (pattern: string, list: string[]) =>
  engineChat(conditionBot(pattern), { runtime: testRuntime({ testRegex: regex.test }) }).start({ prefilledVariables: { L: list } })

test('a long list against a costly pattern: the budget runs out in process, the block logs it and takes the other path', async () => {
  const outcome = await run('[a-z]{1,100}x', [...Array(900).fill('a'.repeat(1_000)), `${'a'.repeat(999)}x`])
  assert.deepEqual(texts(outcome), ['no match'])
  const logs = outcome.response.logs ?? []
  assert.ok(
    logs.some((l) => l.status === 'error' && /regular expression ran out of time/.test(l.description)),
    JSON.stringify(logs),
  )
})

test('the same list against a cheap pattern is tested whole: it matches, nothing is logged', async () => {
  const outcome = await run('^x', [...Array(3_000).fill('abc'), 'xyz'])
  assert.deepEqual(texts(outcome), ['matched'])
  assert.ok(!(outcome.response.logs ?? []).some((l) => /regular expression/.test(l.description)))
})
