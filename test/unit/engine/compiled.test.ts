// The compiled forms the engine runs: the flow (block kinds, resolved edges), conditions prepared once (constant
// right-hand texts normalized ahead, variables located by position) and compiled Set variable blocks.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { compileBot } from '../../../src/engine/compile.js'
import { kinds } from '../../../src/blocks/index.js'
import { compileCondition, evaluateComparison } from '../../../src/engine/conditions.js'
import { variableById, variableByName, variablePosition } from '../../../src/engine/variables.js'
import type { ComparisonOperator, Variable } from '../../../src/contract/bot/common.js'
import { bot, compile, edge, engineChat, say, texts } from '../../support/engine.js'

describe('conditions prepared once', () => {
  const operators: ComparisonOperator[] = ['Equal to', 'Not equal', 'Contains', 'Does not contain', 'Starts with', 'Ends with']
  const lefts: Variable['value'][] = [
    null,
    '',
    ' ',
    'Stop',
    ' stop now ',
    'STOPPED',
    'caf\u00e9',
    'cafe\u0301',
    'ÉCOLE',
    ['a', 'stop'],
    [],
    ['x', null],
  ]
  const rights = ['stop', ' Stop ', '', '  ', 'caf\u00e9', 'cafe\u0301', 'école', 'a', 'x']

  test('a constant right-hand text, prepared ahead, compares like the same text held by a variable', () => {
    for (const operator of operators) {
      for (const left of lefts) {
        for (const right of rights) {
          const variables: Variable[] = [
            { id: 'vL', name: 'L', value: left },
            { id: 'vR', name: 'R', value: right },
          ]
          const constant = evaluateComparison({ id: 'c', variableId: 'vL', comparisonOperator: operator, value: right }, variables)
          const variable = evaluateComparison({ id: 'c', variableId: 'vL', comparisonOperator: operator, value: '{{R}}' }, variables)
          assert.equal(constant, variable, `${JSON.stringify(left)} ${operator} ${JSON.stringify(right)}`)
        }
      }
    }
  })

  test('an empty constant never matches a text, unlike one made of spaces', () => {
    const variables: Variable[] = [{ id: 'vL', name: 'L', value: 'abc' }]
    const check = (operator: ComparisonOperator, value: string) =>
      evaluateComparison({ id: 'c', variableId: 'vL', comparisonOperator: operator, value }, variables)
    assert.equal(check('Contains', ''), false)
    assert.equal(check('Contains', '   '), true)
    assert.equal(check('Does not contain', ''), true)
    assert.equal(check('Starts with', '  '), true)
  })

  test('a condition compiled on the bot variables evaluates on other lists of them, whatever their order', () => {
    const botVariables: Variable[] = [
      { id: 'v1', name: 'A' },
      { id: 'v2', name: 'B' },
      { id: 'v3', name: 'C' },
    ]
    const holds = compileCondition(
      {
        logicalOperator: 'AND',
        comparisons: [
          { id: 'c1', variableId: 'v3', comparisonOperator: 'Equal to', value: '{{A}}' },
          { id: 'c2', variableId: 'v2', comparisonOperator: 'Is set' },
        ],
      },
      botVariables,
    )
    const sameOrder = [
      { id: 'v1', name: 'A', value: 'x' },
      { id: 'v2', name: 'B', value: 'y' },
      { id: 'v3', name: 'C', value: 'x' },
    ]
    assert.equal(holds(sameOrder), true)
    assert.equal(holds([...sameOrder].reverse()), true)
    assert.equal(holds([sameOrder[0], sameOrder[2]]), false)
    assert.equal(
      holds([
        { id: 'v3', name: 'C', value: 'x' },
        { id: 'v2', name: 'B', value: 'y' },
      ]),
      false,
    )
  })
})

describe('variables located by position', () => {
  const variables: Variable[] = [
    { id: 'v1', name: 'A' },
    { id: 'v2', name: 'B' },
    { id: 'v3', name: 'A' },
  ]

  test('the first match, found at its position or else by a scan', () => {
    assert.equal(variablePosition(variables, 'id', 'v2'), 1)
    assert.equal(variablePosition(variables, 'name', 'A'), 0)
    assert.equal(variablePosition(variables, 'name', 'Z'), -1)
    assert.equal(variableById(variables, 'v2', 1), variables[1])
    assert.equal(variableById(variables, 'v2', 0), variables[1])
    assert.equal(variableById(variables, 'v2', 7), variables[1])
    assert.equal(variableById(variables, 'v9', -1), undefined)
    assert.equal(variableByName(variables, 'A', 0), variables[0])
    assert.equal(variableByName([variables[1], variables[2]], 'A', 0), variables[2])
  })
})

describe('the flow', () => {
  const branch = (id: string, value: string, then: string, otherwise: string) => ({
    id,
    type: 'Condition',
    items: [
      {
        id: `${id}-yes`,
        outgoingEdgeId: then,
        content: { comparisons: [{ id: `${id}-c`, variableId: 'vA', comparisonOperator: 'Equal to', value }] },
      },
    ],
    outgoingEdgeId: otherwise,
  })
  const ask = { id: 'ask', type: 'text input', options: { variableId: 'vA' }, outgoingEdgeId: 'e-ask' }

  test('a block follows the edge its action returns each time, not the one it took before', async () => {
    const b = compile(
      bot(
        [
          ['g-ask', [ask]],
          ['g-branch', [branch('c', 'yes', 'e-yes', 'e-no')]],
          ['g-yes', [say('y', 'yes', { outgoingEdgeId: 'e-back-yes' })]],
          ['g-no', [say('n', 'no', { outgoingEdgeId: 'e-back-no' })]],
        ],
        {
          variables: [{ id: 'vA', name: 'A' }],
          edges: [
            edge('e-ask', { blockId: 'ask' }, 'g-branch'),
            edge('e-yes', { blockId: 'c', itemId: 'c-yes' }, 'g-yes'),
            edge('e-no', { blockId: 'c' }, 'g-no'),
            edge('e-back-yes', { blockId: 'y' }, 'g-ask'),
            edge('e-back-no', { blockId: 'n' }, 'g-ask'),
          ],
        },
      ),
    )
    const chat = engineChat(b)
    await chat.start()
    const replies = []
    for (const text of ['yes', 'no', 'no', 'yes', 'maybe']) replies.push(texts(await chat.send(text))[0])
    assert.deepEqual(replies, ['yes', 'no', 'no', 'yes', 'no'])
  })

  test('a dangling edge falls through to the next block; an edge to a missing group or block ends the path with a log', async () => {
    const b = compile(
      bot(
        [
          ['g1', [branch('c1', '', 'e-missing', 'e-missing'), say('b1', 'after the dangling edge', { outgoingEdgeId: 'e-nowhere' })]],
          ['g2', [say('b2', 'unreachable')]],
        ],
        { variables: [{ id: 'vA', name: 'A' }], edges: [edge('e-nowhere', { blockId: 'b1' }, 'g2', 'no-such-block')] },
      ),
    )
    const outcome = await engineChat(b).start()
    assert.deepEqual(texts(outcome), ['after the dangling edge'])
    assert.equal(outcome.response.logs?.[0].description, 'An edge leads to a group or block that does not exist; this path ends here.')
    assert.equal(outcome.response.logs?.[0].details, JSON.stringify({ groupId: 'g2', blockId: 'no-such-block' }))
  })

  test('an edge to a block enters its group there; a group id used twice (unvalidated bots) names the last group', async () => {
    const raw = bot(
      [
        ['g1', [say('b1', 'one', { outgoingEdgeId: 'e-mid' })]],
        ['g2', [say('b2', 'skipped'), say('b3', 'entered here', { outgoingEdgeId: 'e-dup' })]],
        ['dup', [say('b4', 'first of its id')]],
        ['dup', [say('b5', 'last of its id')]],
      ],
      { edges: [edge('e-mid', { blockId: 'b1' }, 'g2', 'b3'), edge('e-dup', { blockId: 'b3' }, 'dup')] },
    ) as any
    const b = compileBot({ botId: 'raw', snapshotId: 'snap-raw', ...raw }, kinds)
    assert.deepEqual(texts(await engineChat(b).start()), ['one', 'entered here', 'last of its id'])
  })

  test('a block its kind cannot compile runs through execute, and fails there like before', async () => {
    // Bypasses validation: an expression that is not a text makes the compiled form throw.
    const raw = bot([['g1', [{ id: 's', type: 'Set variable', options: { variableId: 'vA', expressionToEvaluate: 42 } }, say('b1', 'went on')]]], {
      variables: [{ id: 'vA', name: 'A' }],
    })
    const b = compileBot({ botId: 'raw', snapshotId: 'snap-raw', ...(raw as any) }, kinds)
    const outcome = await engineChat(b).start()
    assert.deepEqual(texts(outcome), ['went on'])
    assert.match(outcome.response.logs?.[0].description ?? '', /^Block "Set variable" failed: /)
  })
})
