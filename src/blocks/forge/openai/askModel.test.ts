import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { type ResponsesServer, startResponsesServer } from '../../../../test/support/responsesServer.js'
import { kindContext, streamAndResume } from '../../../../test/support/llmKinds.js'
import { builtInTools } from './askModel.js'
import { forgedOpenai } from './kind.js'

let openai: ResponsesServer
before(async () => {
  openai = await startResponsesServer()
})
after(() => openai.close())

const variables = (previous: string | null = null): Variable[] => [
  { id: 'vPrev', name: 'Previous', value: previous },
  { id: 'vAnswer', name: 'Answer' },
  { id: 'vCity', name: 'City', value: 'Paris' },
  { id: 'vSeen', name: 'Seen' },
]
const block = (options: Record<string, unknown> = {}) => ({
  id: 'a',
  type: 'openai',
  options: {
    action: 'Ask Model',
    credentialsId: 'c1',
    model: 'gpt-4.1',
    message: 'Weather in {{City}}?',
    responseIdVariableId: 'vPrev',
    responseMapping: [{ item: 'Message', variableId: 'vAnswer' }],
    ...options,
  },
})
const run = (b: ReturnType<typeof block>, vars: Variable[], apiKey = 'sk-secret-1') =>
  forgedOpenai.execute(
    b,
    kindContext({
      blocks: [b],
      variables: vars,
      credentials: [{ id: 'c1', type: 'openai', name: 'OpenAI', data: { apiKey, baseUrl: openai.baseUrl } }],
    }),
  )

test('Ask Model: the answer is mapped, the response id saved and sent back as previous_response_id next time', async () => {
  openai.answer({ text: 'Sunny.' })
  const first = await run(block({ instructions: 'Be short.', temperature: '0.5' }), variables())
  assert.equal(first.logs, undefined, JSON.stringify(first.logs))
  assert.deepEqual(first.variableUpdates, [
    { variableId: 'vAnswer', value: 'Sunny.' },
    { variableId: 'vPrev', value: 'resp_1' },
  ])
  const sent = openai.requests.at(-1)!
  assert.equal(sent.headers.authorization, 'Bearer sk-secret-1')
  assert.deepEqual(sent.body, { model: 'gpt-4.1', instructions: 'Be short.', temperature: 0.5, store: true, input: 'Weather in Paris?' })

  openai.answer({ text: 'Still sunny.' })
  const second = await run(block(), variables('resp_1'))
  assert.equal(openai.requests.at(-1)!.body.previous_response_id, 'resp_1')
  assert.deepEqual(second.variableUpdates?.at(-1), { variableId: 'vPrev', value: 'resp_2' })
})

test('Ask Model: a function call is answered by the block function in the sandbox, then the model answers', async () => {
  openai.answer({ call: { name: 'weather', arguments: '{"city":"Paris"}' } }, { text: 'It is 21 degrees.' })
  const functions = [
    {
      name: 'weather',
      description: 'The weather of a city',
      parameters: [{ type: 'string', name: 'city' }],
      code: 'setVariable("Seen", city); return { degrees: 21 }',
    },
  ]
  const result = await run(
    block({
      functions,
      responseMapping: [
        { item: 'Message', variableId: 'vAnswer' },
        { item: 'Response ID', variableId: 'vSeen' },
      ],
    }),
    variables(),
  )
  const [call, followUp] = openai.requests.slice(-2)
  assert.deepEqual(call.body.tools, [
    {
      type: 'function',
      name: 'weather',
      description: 'The weather of a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      strict: false,
    },
  ])
  assert.match(followUp.body.previous_response_id, /^resp_\d+$/)
  assert.deepEqual(followUp.body.input, [{ type: 'function_call_output', call_id: followUp.body.input[0].call_id, output: '{"degrees":21}' }])
  const updates = Object.fromEntries((result.variableUpdates ?? []).map((u) => [u.variableId, u.value]))
  assert.equal(updates.vAnswer, 'It is 21 degrees.')
  assert.match(String(updates.vSeen), /^resp_\d+$/, 'the Response ID mapping takes the final id (after the function variable)')
})

test('Ask Model: tools in Typebot order, validation logs, provider errors with the key masked', async () => {
  assert.deepEqual(
    builtInTools({
      fileSearchVectorStoreIds: ['vs_1', ''],
      fileSearchMaxNumResults: 5,
      fileSearchScoreThreshold: 0.4,
      webSearchEnabled: true,
      codeInterpreterEnabled: true,
    }),
    [
      { type: 'file_search', vector_store_ids: ['vs_1'], max_num_results: 5, ranking_options: { ranker: 'auto', score_threshold: 0.4 } },
      { type: 'web_search' },
      { type: 'code_interpreter', container: { type: 'auto' } },
    ],
  )
  assert.deepEqual(builtInTools({ fileSearchVectorStoreIds: ['vs_1'], fileSearchMaxNumResults: 99 }), [
    { type: 'file_search', vector_store_ids: ['vs_1'] },
  ])
  const before = openai.requests.length
  assert.equal((await run(block({ model: '' }), variables())).logs?.[0].description, 'Model is empty')
  assert.equal((await run(block({ message: '' }), variables())).logs?.[0].description, 'Message is empty')
  assert.equal(openai.requests.length, before, 'nothing was sent')
  openai.answer({ error: 'Incorrect API key provided: sk-secret-2', status: 401 })
  const refused = await run(block(), variables(), 'sk-secret-2')
  assert.match(refused.logs?.[0].description ?? '', /OpenAI API error - 401: Incorrect API key provided: \*\*\*/)
  assert.deepEqual(refused.variableUpdates ?? [], [], 'nothing mapped')
})

test('Ask Model streamed: the client gets the text as it comes, then the message and the response id are mapped', async () => {
  openai.answer({ text: 'Sunny and warm.' })
  const b = block()
  const blocks = [b, { id: 'show', type: 'text', content: { richText: [{ type: 'p', children: [{ text: '{{Answer}}' }] }] } }]
  const ctx = kindContext({
    blocks,
    variables: variables('resp_prev'),
    credentials: [{ id: 'c1', type: 'openai', name: 'OpenAI', data: { apiKey: 'sk-secret-1', baseUrl: openai.baseUrl } }],
    isStreamEnabled: true,
  })
  const paused = await forgedOpenai.execute(b, ctx)
  assert.equal(JSON.stringify(paused.waitingData).includes('sk-secret-1'), false, 'the session keeps no key')
  const { pieces, end, resumed } = await streamAndResume(forgedOpenai, b, paused, ctx)
  assert.deepEqual(pieces, ['Sunny ', 'and ', 'warm.'])
  assert.equal(end.ok, true)
  const sent = openai.requests.at(-1)!
  assert.equal(sent.body.stream, true)
  assert.equal(sent.body.previous_response_id, 'resp_prev')
  const updates = Object.fromEntries((resumed?.variableUpdates ?? []).map((u) => [u.variableId, u.value]))
  assert.equal(updates.vAnswer, 'Sunny and warm.')
  assert.match(String(updates.vPrev), /^resp_\d+$/)
  assert.equal(resumed?.skipsNextBubble, true)
})

test('Ask Model streamed with functions: the call is answered between two streams, the answer and the function variable are kept', async () => {
  openai.answer({ call: { name: 'weather', arguments: '{"city":"Paris"}' } }, { text: 'It is 21 degrees.' })
  const functions = [{ name: 'weather', parameters: [{ type: 'string', name: 'city' }], code: 'setVariable("Seen", city); return { degrees: 21 }' }]
  const b = block({ functions })
  const blocks = [b, { id: 'show', type: 'text', content: { richText: [{ type: 'p', children: [{ text: '{{Answer}}' }] }] } }]
  const ctx = kindContext({
    blocks,
    variables: variables(),
    credentials: [{ id: 'c1', type: 'openai', name: 'OpenAI', data: { apiKey: 'sk-secret-1', baseUrl: openai.baseUrl } }],
    isStreamEnabled: true,
  })
  const paused = await forgedOpenai.execute(b, ctx)
  assert.equal(paused.waitsForReply, true)
  const { pieces, resumed } = await streamAndResume(forgedOpenai, b, paused, ctx)
  assert.deepEqual(pieces, ['It ', 'is ', '21 ', 'degrees.'])
  const [call, followUp] = openai.requests.slice(-2)
  assert.equal(call.body.stream, true)
  assert.equal(followUp.body.stream, true)
  assert.deepEqual(followUp.body.input, [{ type: 'function_call_output', call_id: followUp.body.input[0].call_id, output: '{"degrees":21}' }])
  const updates = Object.fromEntries((resumed?.variableUpdates ?? []).map((u) => [u.variableId, u.value]))
  assert.equal(updates.vSeen, 'Paris')
  assert.equal(updates.vAnswer, 'It is 21 degrees.')
})
