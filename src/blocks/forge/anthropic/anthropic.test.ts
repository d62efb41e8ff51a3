import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { type AnthropicServer, startAnthropicServer } from '../../../../test/support/anthropicServer.js'
import { say } from '../../../../test/support/engine.js'
import { kindContext, streamAndResume } from '../../../../test/support/llmKinds.js'
import { defaultMaxTokens } from '../../shared/llm/anthropic.js'
import { forgedAnthropic } from './kind.js'

let claude: AnthropicServer
before(async () => {
  claude = await startAnthropicServer()
})
after(() => claude.close())

const variables: Variable[] = [
  { id: 'vName', name: 'Name', value: 'Ada' },
  { id: 'vHistory', name: 'History', value: ['Hi', 'Hello!', 'Tell me more', 'About what?', 'Bots'] },
  { id: 'vAnswer', name: 'Answer' },
  { id: 'vTokens', name: 'Tokens' },
  { id: 'vPlan', name: 'Plan' },
  { id: 'vCompany', name: 'Company' },
  { id: 'vSize', name: 'Size' },
]
const credentials = (data: Record<string, string> = { apiKey: 'sk-ant-1', baseUrl: claude.baseUrl }) => [
  { id: 'c1', type: 'anthropic', name: 'Claude', data },
]
const chatBlock = (options: Record<string, unknown> = {}) => ({
  id: 'ai',
  type: 'anthropic',
  options: {
    action: 'Create Chat Message',
    credentialsId: 'c1',
    model: 'claude-3-5-haiku-latest',
    systemMessage: 'You help {{Name}}.',
    messages: [
      { role: 'assistant', content: 'Welcome!' },
      { role: 'Dialogue', dialogueVariableId: 'vHistory' },
    ],
    responseMapping: [
      { item: 'Message Content', variableId: 'vAnswer' },
      { item: 'Total tokens', variableId: 'vTokens' },
    ],
    ...options,
  },
})

test('Create Chat Message: system prompt, alternating turns, max_tokens and temperature; the answer and tokens mapped', async () => {
  claude.reply({ content: 'Bots chat.', inputTokens: 30, outputTokens: 4 })
  const block = chatBlock({ temperature: 1.4 })
  const ctx = kindContext({ blocks: [block], variables, credentials: credentials() })
  const result = await forgedAnthropic.execute(block, ctx)
  assert.deepEqual(result.variableUpdates, [
    { variableId: 'vAnswer', value: 'Bots chat.' },
    { variableId: 'vTokens', value: '34' },
  ])
  const request = claude.requests.at(-1)!
  assert.equal(request.path, '/v1/messages')
  assert.equal(request.headers['x-api-key'], 'sk-ant-1')
  assert.equal(request.headers['anthropic-version'], '2023-06-01')
  assert.equal(request.headers.authorization, undefined)
  assert.deepEqual(request.body, {
    model: 'claude-3-5-haiku-latest',
    max_tokens: 8192,
    system: 'You help Ada.',
    messages: [
      { role: 'assistant', content: 'Welcome!' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'Tell me more' },
      { role: 'assistant', content: 'About what?' },
      { role: 'user', content: 'Bots' },
    ],
    temperature: 1,
  })
})

test("the block's max tokens wins; without it, the model's maximum output", async () => {
  const block = chatBlock({
    maxTokens: '{{Size}}',
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'there' },
    ],
  })
  const ctx = kindContext({
    blocks: [block],
    variables: variables.map((v) => (v.id === 'vSize' ? { ...v, value: '256' } : v)),
    credentials: credentials(),
  })
  await forgedAnthropic.execute(block, ctx)
  assert.equal(claude.requests.at(-1)!.body.max_tokens, 256)
  assert.deepEqual(claude.requests.at(-1)!.body.messages, [{ role: 'user', content: 'Hi\n\nthere' }])
  assert.equal(defaultMaxTokens('claude-sonnet-4-5'), 64_000)
  assert.equal(defaultMaxTokens('claude-opus-4-6'), 128_000)
  assert.equal(defaultMaxTokens('claude-opus-4-1'), 32_000)
  assert.equal(defaultMaxTokens('claude-3-opus-latest'), 4096)
})

test('API errors are logged with their status, the key masked; missing credentials or model are logged too', async () => {
  claude.reply({ status: 401, error: 'invalid x-api-key sk-ant-1' })
  const block = chatBlock()
  const ctx = kindContext({ blocks: [block], variables, credentials: credentials() })
  const failed = await forgedAnthropic.execute(block, ctx)
  assert.deepEqual(failed.logs, [{ status: 'error', description: 'Anthropic API error - 401: invalid x-api-key ***' }])
  assert.equal(failed.variableUpdates?.length ?? 0, 0)
  const before = claude.requests.length
  const noModel = await forgedAnthropic.execute(chatBlock({ model: '' }), ctx)
  assert.deepEqual(noModel.logs, [{ status: 'error', description: 'The Anthropic block has no model; skipped.' }])
  const noCredentials = await forgedAnthropic.execute(chatBlock({ credentialsId: 'other' }), ctx)
  assert.match(noCredentials.logs?.[0].description ?? '', /^Credentials not provided for integration/)
  assert.equal(claude.requests.length, before)
})

test('streamed: text deltas relayed, the full text and the token counts saved on resume', async () => {
  claude.reply({ content: 'A streamed answer.', inputTokens: 10, outputTokens: 5 })
  const block = chatBlock()
  const ctx = kindContext({ blocks: [block, say('show', '{{Answer}}')], variables, credentials: credentials(), isStreamEnabled: true })
  const paused = await forgedAnthropic.execute(block, ctx)
  assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
  const { pieces, end, resumed } = await streamAndResume(forgedAnthropic, block, paused, ctx)
  assert.deepEqual(pieces, ['A ', 'streamed ', 'answer.'])
  assert.equal(claude.requests.at(-1)!.body.stream, true)
  assert.equal(end.ok, true)
  assert.deepEqual(resumed?.variableUpdates, [
    { variableId: 'vAnswer', value: 'A streamed answer.' },
    { variableId: 'vTokens', value: '15' },
  ])
})

test('streamed: an error event mid-stream fails the stream with its message', async () => {
  claude.reply({ streamError: 'Overloaded' })
  const block = chatBlock()
  const ctx = kindContext({ blocks: [block, say('show', '{{Answer}}')], variables, credentials: credentials(), isStreamEnabled: true })
  const { end, resumed } = await streamAndResume(forgedAnthropic, block, await forgedAnthropic.execute(block, ctx), ctx)
  assert.deepEqual(end, { ok: false, message: 'Anthropic request failed: overloaded_error: Overloaded' })
  assert.equal(resumed, undefined)
})

test('Generate variables: a forced `json` tool whose schema lists the variables; its input fills them', async () => {
  claude.reply({ json: { Company: 'Acme', Size: null } })
  const block = {
    id: 'gen',
    type: 'anthropic',
    options: {
      action: 'Generate variables',
      credentialsId: 'c1',
      model: 'claude-sonnet-4-5',
      prompt: 'Extract from: {{Name}} works at Acme',
      variablesToExtract: [
        { variableId: 'vCompany', type: 'string', description: 'Employer' },
        { variableId: 'vSize', type: 'number', isRequired: false },
      ],
    },
  }
  const ctx = kindContext({ blocks: [block], variables, credentials: credentials() })
  const result = await forgedAnthropic.execute(block, ctx)
  assert.deepEqual(result.variableUpdates, [{ variableId: 'vCompany', value: 'Acme' }])
  const body = claude.requests.at(-1)!.body
  assert.deepEqual(body.tool_choice, { type: 'tool', name: 'json' })
  assert.deepEqual(body.tools[0].input_schema, {
    type: 'object',
    properties: { Company: { type: 'string', description: 'Employer' }, Size: { type: 'number' } },
    required: ['Company'],
  })
  assert.match(body.messages[0].content, /^Extract from: Ada works at Acme\n\n/)
})

test('tools: a tool_use answered by the block code, its result sent back as tool_result', async () => {
  claude.reply({ toolUse: { name: 'lookup', input: { key: 'plan' } } }, { content: 'Your plan: {toolResult}', inputTokens: 20, outputTokens: 5 })
  const block = chatBlock({
    messages: [{ role: 'user', content: 'My plan?' }],
    tools: [{ name: 'lookup', parameters: [{ type: 'string', name: 'key' }], code: "return key === 'plan' ? 'Pro' : 'none'" }],
  })
  const ctx = kindContext({ blocks: [block, say('show', '{{Answer}}')], variables, credentials: credentials(), isStreamEnabled: false })
  const result = await forgedAnthropic.execute(block, ctx)
  assert.deepEqual(result.variableUpdates, [
    { variableId: 'vAnswer', value: 'Your plan: Pro' },
    { variableId: 'vTokens', value: '46' },
  ])
  const [first, second] = claude.requests.slice(-2)
  assert.deepEqual(first.body.tools, [
    { name: 'lookup', input_schema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } },
  ])
  assert.deepEqual(second.body.messages.slice(1), [
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'lookup', input: { key: 'plan' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'Pro' }] },
  ])
})

test('tools streamed: the tool_use input arrives as JSON pieces, the result goes back and the answer streams on', async () => {
  claude.reply({ toolUse: { name: 'lookup', input: { key: 'plan' } } }, { content: 'Your plan: {toolResult}', inputTokens: 20, outputTokens: 5 })
  const block = chatBlock({
    messages: [{ role: 'user', content: 'My plan?' }],
    tools: [
      { name: 'lookup', parameters: [{ type: 'string', name: 'key' }], code: "setVariable('Plan', key)\nreturn key === 'plan' ? 'Pro' : 'none'" },
    ],
  })
  const ctx = kindContext({ blocks: [block, say('show', '{{Answer}}')], variables, credentials: credentials(), isStreamEnabled: true })
  const paused = await forgedAnthropic.execute(block, ctx)
  const { pieces, end, resumed } = await streamAndResume(forgedAnthropic, block, paused, ctx)
  assert.equal(end.ok && end.text, 'Let me check. Your plan: Pro')
  assert.equal(pieces.join(''), 'Let me check. Your plan: Pro')
  const [first, second] = claude.requests.slice(-2)
  assert.equal(first.body.stream, true)
  assert.deepEqual(second.body.messages.slice(1), [
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check. ' },
        { type: 'tool_use', id: 'toolu_9', name: 'lookup', input: { key: 'plan' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'Pro' }] },
  ])
  assert.deepEqual(resumed?.variableUpdates, [
    { variableId: 'vPlan', value: 'plan' },
    { variableId: 'vAnswer', value: 'Let me check. Your plan: Pro' },
    { variableId: 'vTokens', value: '46' },
  ])
})
