import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { say } from '../../../../test/support/engine.js'
import { kindContext, openAiCompatibleKindTests, streamAndResume } from '../../../../test/support/llmKinds.js'
import { startOpenAiServer } from '../../../../test/support/openaiServer.js'
import { forgedGroq } from './kind.js'

openAiCompatibleKindTests(forgedGroq, { label: 'Groq', defaultBaseUrl: 'https://api.groq.com/openai/v1', streamUsage: true })

const toolVariables: Variable[] = [
  { id: 'vCity', name: 'City' },
  { id: 'vAnswer', name: 'Answer' },
  { id: 'vTokens', name: 'Tokens' },
]
const weatherTool = {
  type: 'function',
  name: 'get_weather',
  description: 'The weather of a city',
  parameters: [
    { type: 'string', name: 'city', description: 'City name', required: true },
    { type: 'enum', name: 'unit', values: ['C', 'F'], required: false },
  ],
  code: "setVariable('City', city)\nreturn 'Sunny in ' + city",
}
const toolBlock = () => ({
  id: 'ai',
  type: 'groq',
  options: {
    action: 'Create chat completion',
    credentialsId: 'c1',
    model: 'llama',
    messages: [{ role: 'user', content: 'Weather in Nice?' }],
    tools: [weatherTool, { name: 'no code' }],
    responseMapping: [{ variableId: 'vAnswer' }, { item: 'Total tokens', variableId: 'vTokens' }],
  },
})

const toolContext = (baseUrl: string, isStreamEnabled: boolean) =>
  kindContext({
    blocks: [toolBlock(), say('show', '{{Answer}}')],
    variables: toolVariables,
    credentials: [{ id: 'c1', type: 'groq', name: 'Groq', data: { apiKey: 'k', baseUrl } }],
    isStreamEnabled,
  })

test('groq: tools are offered, their calls answered by the block code in the sandbox, for at most 6 steps', async () => {
  const llm = await startOpenAiServer()
  try {
    const block = toolBlock()
    const ctx = toolContext(llm.baseUrl, false)
    llm.reply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Nice"}' }] }, { content: 'Answer: {toolResult}' })
    const result = await forgedGroq.execute(block, ctx)
    assert.equal(result.waitsForReply, undefined, 'answered whole')
    assert.deepEqual(result.variableUpdates, [
      { variableId: 'vCity', value: 'Nice' },
      { variableId: 'vAnswer', value: 'Answer: Sunny in Nice' },
      { variableId: 'vTokens', value: '30' },
    ])
    assert.deepEqual(llm.requests[0].body.tools, [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'The weather of a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['C', 'F'] } },
            required: ['city'],
          },
        },
      },
    ])
    assert.deepEqual(llm.requests[1].body.messages.slice(1), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Nice"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny in Nice' },
    ])

    const before = llm.requests.length
    llm.reply(...Array.from({ length: 8 }, () => ({ toolCalls: [{ name: 'unknown', arguments: '{}' }] })))
    const endless = await forgedGroq.execute(block, ctx)
    assert.equal(llm.requests.length - before, 6)
    assert.equal(llm.requests.at(-1)!.body.messages.at(-1).content, '{"error":"Function \\"unknown\\" not found"}')
    assert.deepEqual(endless.variableUpdates?.[0], { variableId: 'vAnswer', value: '' })
  } finally {
    await llm.close()
  }
})

test('groq streamed with tools: the calls stream in pieces, run in the sandbox between the steps; their variables reach the resume', async () => {
  const llm = await startOpenAiServer()
  try {
    const block = toolBlock()
    const ctx = toolContext(llm.baseUrl, true)
    const paused = await forgedGroq.execute(block, ctx)
    assert.equal(llm.requests.length, 0, 'nothing is called before the client streams')
    llm.reply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Nice"}' }] }, { content: 'Answer: {toolResult}' })
    const { pieces, end, resumed } = await streamAndResume(forgedGroq, block, paused, ctx)
    assert.deepEqual(end, { ok: true, text: 'Answer: Sunny in Nice', delivered: end.ok && end.delivered })
    assert.equal(pieces.join(''), 'Answer: Sunny in Nice')
    assert.equal(llm.requests[0].body.stream, true)
    assert.deepEqual(llm.requests[1].body.messages.slice(1), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Nice"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny in Nice' },
    ])
    assert.deepEqual(resumed?.variableUpdates, [
      { variableId: 'vCity', value: 'Nice' },
      { variableId: 'vAnswer', value: 'Answer: Sunny in Nice' },
      { variableId: 'vTokens', value: '30' },
    ])

    llm.reply(...Array.from({ length: 8 }, () => ({ toolCalls: [{ name: 'unknown', arguments: '{}' }] })))
    const before = llm.requests.length
    const endless = await streamAndResume(forgedGroq, block, paused, ctx)
    assert.equal(llm.requests.length - before, 6, 'at most 6 model calls')
    assert.deepEqual(endless.end, { ok: true, text: '', delivered: endless.end.ok && endless.end.delivered })
  } finally {
    await llm.close()
  }
})
