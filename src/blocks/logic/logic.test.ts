// Logic blocks through the engine: Set variable (every value type), Condition, AB test, Wait, Script,
// Jump/Return, webhook listener.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { bot, compile, edge, engineChat, say, testRuntime, texts } from '../../../test/support/engine.js'

const V = [
  { id: 'vA', name: 'A' },
  { id: 'vB', name: 'B' },
  { id: 'vList', name: 'List' },
  { id: 'vOut', name: 'Out' },
  { id: 'vItem', name: 'Item' },
  { id: 'vTarget', name: 'Target' },
]
const set = (id: string, options: Record<string, unknown>) => ({ id, type: 'Set variable', options: { variableId: 'vOut', ...options } })

/** Runs blocks then shows `Out` (and `Item`) in a bubble; returns the bubble's text. */
const run = async (blocks: any[], prefilledVariables: Record<string, unknown> = {}, runtime = testRuntime()) => {
  const b = compile(bot([['g', [...blocks, say('show', '{{Out}}|{{Item}}')]]], { variables: V }))
  const outcome = await engineChat(b, { runtime }).start({ prefilledVariables })
  return { text: texts(outcome).at(-1), outcome }
}

describe('Set variable', () => {
  test('Custom: copy of a single variable keeps lists; leading zeros kept; code evaluated; plain text falls back', async () => {
    assert.equal((await run([set('s', { expressionToEvaluate: '{{List}}' })], { List: ['a', 'b'] })).text, '["a","b"]|')
    assert.equal((await run([set('s', { expressionToEvaluate: '0612' })])).text, '0612|')
    assert.equal((await run([set('s', { expressionToEvaluate: '{{A}} * 2' })], { A: '21' })).text, '42|')
    assert.equal((await run([set('s', { expressionToEvaluate: 'const x = {{A}}; return x + 1', isCode: true })], { A: '1' })).text, '2|')
    assert.equal((await run([set('s', { expressionToEvaluate: 'Hello {{A}}' })], { A: 'Ada' })).text, 'Hello Ada|')
    const failing = await run([set('s', { expressionToEvaluate: 'throw new Error("x")', isCode: true })])
    assert.equal(failing.outcome.response.logs?.[0].description, 'Error evaluating Set variable code')
  })

  test('Empty, Append, Pop, Shift, Map item with same index', async () => {
    assert.equal((await run([set('s', { type: 'Empty' })], { Out: 'x' })).text, '|')
    assert.equal((await run([set('s', { type: 'Append value(s)', item: '{{A}}' })], { A: 'a' })).text, '["a"]|')
    assert.equal((await run([set('s', { type: 'Append value(s)', item: 'b' })], { Out: 'a' })).text, '["a","b"]|')
    assert.equal((await run([set('s', { type: 'Append value(s)', item: 'c' })], { Out: ['a', 'b'] })).text, '["a","b","c"]|')
    assert.equal((await run([set('s', { type: 'Pop', saveItemInVariableId: 'vItem' })], { Out: ['a', 'b', 'c'] })).text, '["a","b"]|c')
    assert.equal((await run([set('s', { type: 'Shift', saveItemInVariableId: 'vItem' })], { Out: ['a', 'b', 'c'] })).text, '["b","c"]|a')
    assert.equal((await run([set('s', { type: 'Pop' })], { Out: 'scalar' })).text, 'scalar|')
    const map = set('s', {
      type: 'Map item with same index',
      mapListItemParams: { baseItemVariableId: 'vItem', baseListVariableId: 'vList', targetListVariableId: 'vTarget' },
    })
    assert.equal((await run([map], { Item: 'b', List: ['a', 'b'], Target: ['x', 'y'] })).text, 'y|b')
  })

  test('dates, ids and environment', async () => {
    assert.equal((await run([set('s', { type: 'Now' })])).text, '2025-06-04T10:00:00.000Z|')
    assert.equal((await run([set('s', { type: 'Now', timeZone: 'Europe/Paris' })])).text, '2025-06-04T12:00:00+02:00|')
    assert.equal((await run([set('s', { type: 'Yesterday' })])).text, '2025-06-03T10:00:00.000Z|')
    assert.equal((await run([set('s', { type: 'Tomorrow', timeZone: 'America/New_York' })])).text, '2025-06-05T06:00:00-04:00|')
    assert.equal((await run([set('s', { type: 'Result ID' })])).text, 'r1|')
    assert.equal((await run([set('s', { type: 'User ID' })])).text, 'r1|')
    assert.equal((await run([set('s', { type: 'Random ID' })])).text, 'id1|')
    assert.equal((await run([set('s', { type: 'Environment name' })])).text, 'web|')
  })

  test('on a messaging app: the contact, the environment, and what a browser would compute done here', async () => {
    const client = {
      environment: 'whatsapp',
      contact: { name: 'Ana', phoneNumber: '5511999990001' },
      referral: { ctwaClickId: 'ctwa-1', sourceId: 'ad-9' },
    }
    const onApp = async (blocks: any[], prefilled: Record<string, unknown> = {}) => {
      const b = compile(bot([['g', [...blocks, say('show', '{{Out}}|{{Item}}')]]], { variables: V }))
      const outcome = await engineChat(b).start({ client, prefilledVariables: prefilled })
      return { text: texts(outcome).at(-1), actions: outcome.response.clientSideActions, state: outcome.state }
    }
    assert.equal((await onApp([set('s', { type: 'Contact name' })])).text, 'Ana|')
    assert.equal((await onApp([set('s', { type: 'Phone number' })])).text, '5511999990001|')
    assert.equal(
      (await onApp([set('s', { type: 'Referral Click ID' }), set('t', { type: 'Referral Source ID', variableId: 'vItem' })])).text,
      'ctwa-1|ad-9',
    )
    assert.equal((await onApp([set('s', { type: 'Environment name' })])).text, 'whatsapp|')
    // No browser: client code runs here instead of being sent.
    const moment = await onApp([set('s', { type: 'Moment of the day' })])
    assert.equal(moment.actions, undefined)
    const hour = new Date('2025-06-04T10:00:00Z').getHours() // the test clock, in this machine's time zone
    assert.equal(moment.text, `${hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'}|`)
    assert.equal((await onApp([set('s', { expressionToEvaluate: '{{A}} + 1', isExecutedOnClient: true })], { A: '1' })).text, '2|')
    assert.deepEqual((await onApp([set('s', { type: 'Device type' })], { Out: 'kept' })).text, 'kept|')
    assert.deepEqual(moment.state.client, client)
    // On the web the contact's details are unknown: the variable is emptied, as Typebot's.
    assert.equal((await run([set('s', { type: 'Contact name' })], { Out: 'x' })).text, '|')
  })

  test('Transcript is kept as a session variable, not in results', async () => {
    const b = compile(
      bot([['g', [say('h', 'Hi, name?'), { id: 'i', type: 'text input' }, set('t', { type: 'Transcript' }), say('show', '{{Out}}')]]], {
        variables: V,
      }),
    )
    const chat = engineChat(b)
    await chat.start()
    const outcome = await chat.send('Ada')
    assert.equal(texts(outcome).at(-1), 'Assistant: "Hi, name?"\n\nUser: "Ada"')
    assert.deepEqual(outcome.effects.results[0].variables, [])
  })

  test('Moment of the day and isExecutedOnClient ask the client, and its reply sets the variable', async () => {
    const b = compile(bot([['g', [say('h', 'hello'), set('s', { type: 'Moment of the day' }), say('show', 'It is {{Out}}')]]], { variables: V }))
    const chat = engineChat(b)
    const first = await chat.start()
    const action = first.response.clientSideActions![0] as any
    assert.equal(action.type, 'setVariable')
    assert.equal(action.expectsDedicatedReply, true)
    assert.equal(action.lastBubbleBlockId, 'h')
    assert.match(action.setVariable.scriptToExecute.content, /getHours/)
    assert.equal(first.finished, false)
    assert.deepEqual(texts(await chat.send('evening')), ['It is evening'])
    const custom = compile(
      bot([['g', [set('s', { expressionToEvaluate: 'return {{A}} + 1', isExecutedOnClient: true }), say('show', '{{Out}}')]]], { variables: V }),
    )
    const c = engineChat(custom)
    const start = await c.start({ prefilledVariables: { A: '5' } })
    const script = (start.response.clientSideActions![0] as any).setVariable.scriptToExecute
    assert.deepEqual(script, { content: 'return vA + 1', args: [{ id: 'vA', value: 5 }], isCode: true })
    assert.deepEqual(texts(await c.send('6')), ['6'])
  })

  test('an unknown variable makes the block a no-op', async () => {
    assert.equal((await run([{ id: 's', type: 'Set variable', options: { variableId: 'ghost', expressionToEvaluate: '1' } }])).text, '|')
  })
})

describe('other logic blocks', () => {
  test('Condition: first matching item, else path; a matching item without an edge ends the path', async () => {
    const b = () =>
      compile(
        bot(
          [
            [
              'g',
              [
                {
                  id: 'c',
                  type: 'Condition',
                  outgoingEdgeId: 'e-else',
                  items: [
                    {
                      id: 'big',
                      outgoingEdgeId: 'e-big',
                      content: { comparisons: [{ id: 'x', variableId: 'vA', comparisonOperator: 'Greater than', value: '10' }] },
                    },
                    { id: 'set', content: { logicalOperator: 'AND', comparisons: [{ id: 'y', variableId: 'vA', comparisonOperator: 'Is set' }] } },
                  ],
                },
                say('fall', 'This should never be displayed'),
              ],
            ],
            ['big', [say('b', 'big')]],
            ['else', [say('e', 'else')]],
          ],
          { variables: V, edges: [edge('e-big', { blockId: 'c', itemId: 'big' }, 'big'), edge('e-else', { blockId: 'c' }, 'else')] },
        ),
      )
    assert.deepEqual(texts(await engineChat(b()).start({ prefilledVariables: { A: '42' } })), ['big'])
    // Typebot stops the flow there: the rest of the group does not run.
    assert.deepEqual(texts(await engineChat(b()).start({ prefilledVariables: { A: '3' } })), [])
    assert.deepEqual(texts(await engineChat(b()).start()), ['else'])
  })

  test('AB test follows the random draw', async () => {
    const b = compile(
      bot(
        [
          [
            'g',
            [
              {
                id: 'ab',
                type: 'AB test',
                options: { aPercent: 30 },
                items: [
                  { id: 'a', path: 'a', outgoingEdgeId: 'ea' },
                  { id: 'b', path: 'b', outgoingEdgeId: 'eb' },
                ],
              },
            ],
          ],
          ['A', [say('x', 'A')]],
          ['B', [say('y', 'B')]],
        ],
        { edges: [edge('ea', { blockId: 'ab', itemId: 'a' }, 'A'), edge('eb', { blockId: 'ab', itemId: 'b' }, 'B')] },
      ),
    )
    assert.deepEqual(texts(await engineChat(b, { runtime: testRuntime({ random: () => 0.2 }) }).start()), ['A'])
    assert.deepEqual(texts(await engineChat(b, { runtime: testRuntime({ random: () => 0.5 }) }).start()), ['B'])
  })

  test('Wait: a client action; with shouldPause the chat waits for any message', async () => {
    const b = compile(
      bot([['g', [{ id: 'w', type: 'Wait', options: { secondsToWaitFor: '{{A}}', shouldPause: true } }, say('after', 'after')]]], { variables: V }),
    )
    const chat = engineChat(b)
    const first = await chat.start({ prefilledVariables: { A: '1.5' } })
    assert.deepEqual(first.response.clientSideActions, [{ type: 'wait', wait: { secondsToWaitFor: 1.5 }, expectsDedicatedReply: true }])
    assert.deepEqual(texts(first), [])
    assert.deepEqual(texts(await chat.send('')), ['after'])
    const noPause = compile(bot([['g', [{ id: 'w', type: 'Wait', options: { secondsToWaitFor: '2' } }, say('after', 'after')]]]))
    const out = await engineChat(noPause).start()
    assert.deepEqual(texts(out), ['after'])
    assert.deepEqual(out.response.clientSideActions, [{ type: 'wait', wait: { secondsToWaitFor: 2 } }])
  })

  test('Script: client action with args by default; server side sets variables by name and logs errors', async () => {
    const client = await run([{ id: 'sc', type: 'Code', options: { content: 'alert({{A}})' } }], { A: '007' })
    assert.deepEqual(client.outcome.response.clientSideActions, [
      { type: 'scriptToExecute', scriptToExecute: { content: 'alert(vA)', args: [{ id: 'vA', value: '007' }], isCode: true } },
    ])
    const server = await run(
      [{ id: 'sc', type: 'Code', options: { content: 'setVariable("Out", {{A}} * 3); setVariable("Nope", 1)', isExecutedOnClient: false } }],
      { A: '2' },
    )
    assert.equal(server.text, '6|')
    const failing = await run([{ id: 'sc', type: 'Code', options: { content: 'throw new Error("bad")', isExecutedOnClient: false } }])
    assert.match(failing.outcome.response.logs![0].description, /bad/)
  })

  test('Jump by group title from a variable, then Return to the block after the Jump', async () => {
    const b = compile(
      bot(
        [
          ['g', [say('a', 'one'), { id: 'j', type: 'Jump', options: { groupId: '{{A}}' } }, say('c', 'three')]],
          ['Side trip', [say('b', 'two'), { id: 'r', type: 'Return' }]],
        ],
        { variables: V },
      ),
    )
    assert.deepEqual(texts(await engineChat(b).start({ prefilledVariables: { A: 'Side trip' } })), ['one', 'two', 'three'])
    const missing = await engineChat(b).start({ prefilledVariables: { A: 'Nowhere' } })
    assert.deepEqual(texts(missing), ['one'])
    assert.match(missing.response.logs![0].description, /Jump target not found/)
  })

  test('webhook listener waits, then maps the posted payload', async () => {
    const b = compile(
      bot(
        [
          [
            'g',
            [
              { id: 'wh', type: 'webhook', options: { responseVariableMapping: [{ id: 'm', variableId: 'vOut', bodyPath: 'data.user.name' }] } },
              say('show', 'Hi {{Out}}'),
            ],
          ],
        ],
        { variables: V },
      ),
    )
    const chat = engineChat(b)
    const first = await chat.start()
    assert.deepEqual(first.response.clientSideActions, [{ type: 'listenForWebhook', expectsDedicatedReply: true }])
    assert.deepEqual(texts(await chat.send(JSON.stringify({ data: { user: { name: 'Ada' } } }))), ['Hi Ada'])
  })
})
