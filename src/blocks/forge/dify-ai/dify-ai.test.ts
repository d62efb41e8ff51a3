import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { type DifyServer, startDifyServer } from '../../../../test/support/difyServer.js'
import { say } from '../../../../test/support/engine.js'
import { kindContext, streamAndResume } from '../../../../test/support/llmKinds.js'
import { forgedDifyAi } from './kind.js'

let dify: DifyServer
before(async () => {
  dify = await startDifyServer()
})
after(() => dify.close())

const variables = (conversation: string | null = null): Variable[] => [
  { id: 'vQuestion', name: 'Question', value: 'What is Parley?' },
  { id: 'vConversation', name: 'Conversation', value: conversation },
  { id: 'vAnswer', name: 'Answer' },
  { id: 'vTokens', name: 'Tokens' },
  { id: 'vChunks', name: 'Chunks' },
]
const credentials = (data: Record<string, string> = { apiKey: 'app-1', knowledgeApiKey: 'dataset-1', apiEndpoint: `${dify.origin}/v1` }) => [
  { id: 'c1', type: 'dify-ai', name: 'Dify', data },
]
const chatBlock = (options: Record<string, unknown> = {}) => ({
  id: 'dify',
  type: 'dify-ai',
  options: {
    action: 'Create Chat Message',
    credentialsId: 'c1',
    query: '{{Question}}',
    conversationVariableId: 'vConversation',
    inputs: [{ key: 'lang', value: 'en' }, { value: 'no key' }],
    responseMapping: [
      { item: 'Answer', variableId: 'vAnswer' },
      { item: 'Total Tokens', variableId: 'vTokens' },
    ],
    ...options,
  },
})

test('Create Chat Message: query, inputs and user sent; answer, tokens and the new conversation id saved', async () => {
  dify.reply({ answer: 'A chatbot runtime.', totalTokens: 40 })
  const block = chatBlock()
  const ctx = kindContext({ blocks: [block], variables: variables(), credentials: credentials() })
  const result = await forgedDifyAi.execute(block, ctx)
  assert.deepEqual(result.logs, undefined)
  const [answer, tokens, conversation] = result.variableUpdates ?? []
  assert.deepEqual(answer, { variableId: 'vAnswer', value: 'A chatbot runtime.' })
  assert.deepEqual(tokens, { variableId: 'vTokens', value: '40' })
  assert.equal(conversation.variableId, 'vConversation')
  assert.match(String(conversation.value), /^conv-\d+$/)
  const request = dify.requests.at(-1)!
  assert.equal(request.path, '/v1/chat-messages', 'the endpoint keeps only its origin')
  assert.equal(request.headers.authorization, 'Bearer app-1')
  assert.deepEqual(request.body, { inputs: { lang: 'en' }, query: 'What is Parley?', response_mode: 'streaming', user: 'system@typebot.io' })
})

test('an ongoing conversation is continued; agent apps answer with agent_message events', async () => {
  dify.reply({ answer: 'Still here.', agent: true })
  const block = chatBlock({
    user: 'ada@example.org',
    responseMapping: [{ variableId: 'vAnswer' }, { item: 'Conversation ID', variableId: 'vTokens' }],
  })
  const ctx = kindContext({ blocks: [block], variables: variables('conv-42'), credentials: credentials() })
  const result = await forgedDifyAi.execute(block, ctx)
  assert.deepEqual(result.variableUpdates, [
    { variableId: 'vAnswer', value: 'Still here.' },
    { variableId: 'vTokens', value: 'conv-42' },
  ])
  assert.equal(dify.requests.at(-1)!.body.conversation_id, 'conv-42')
  assert.equal(dify.requests.at(-1)!.body.user, 'ada@example.org')
})

test("HTTP errors and error events are logged with Dify's message; no query: nothing sent", async () => {
  const block = chatBlock()
  const ctx = kindContext({ blocks: [block], variables: variables(), credentials: credentials() })
  dify.reply({ status: 400, code: 'invalid_param', message: 'App unavailable' })
  assert.deepEqual((await forgedDifyAi.execute(block, ctx)).logs, [{ status: 'error', description: 'Dify.AI API error - 400: App unavailable' }])
  dify.reply({ streamError: 'Quota exceeded' })
  assert.deepEqual((await forgedDifyAi.execute(block, ctx)).logs, [
    { status: 'error', description: 'Dify.AI API error - 400: provider_quota_exceeded: Quota exceeded' },
  ])
  const before = dify.requests.length
  const empty = await forgedDifyAi.execute(chatBlock({ query: '  ' }), ctx)
  assert.deepEqual(empty.logs, [{ status: 'error', description: 'The Dify.AI block has no query to send; skipped.' }])
  assert.equal(dify.requests.length, before)
})

test('streamed: deltas relayed; the resume saves the text, the tokens and the conversation id', async () => {
  dify.reply({ answer: 'Streaming from Dify.', totalTokens: 17 })
  const block = chatBlock({
    responseMapping: [
      { item: 'Message content', variableId: 'vAnswer' },
      { item: 'Total tokens', variableId: 'vTokens' },
    ],
  })
  const ctx = kindContext({ blocks: [block, say('show', '{{Answer}}')], variables: variables(), credentials: credentials(), isStreamEnabled: true })
  const paused = await forgedDifyAi.execute(block, ctx)
  assert.ok(!JSON.stringify(paused.waitingData).includes('app-1'))
  const { pieces, resumed } = await streamAndResume(forgedDifyAi, block, paused, ctx)
  assert.deepEqual(pieces, ['Streaming ', 'from ', 'Dify.'])
  const updates = resumed?.variableUpdates ?? []
  assert.deepEqual(updates.slice(0, 2), [
    { variableId: 'vAnswer', value: 'Streaming from Dify.' },
    { variableId: 'vTokens', value: '17' },
  ])
  assert.equal(updates[2].variableId, 'vConversation')
  assert.match(String(updates[2].value), /^conv-\d+$/)
})

test('Query Knowledge Base: the chunks as a list, with the knowledge key', async () => {
  dify.datasets.set('ds-1', ['Parley runs Typebot bots.', 'It is self-hosted.'])
  const block = {
    id: 'kb',
    type: 'dify-ai',
    options: {
      action: 'Query Knowledge Base',
      credentialsId: 'c1',
      datasetId: 'ds-1',
      query: '{{Question}}',
      responseMapping: [{ variableId: 'vChunks' }],
    },
  }
  const ctx = kindContext({ blocks: [block], variables: variables(), credentials: credentials() })
  const result = await forgedDifyAi.execute(block, ctx)
  assert.deepEqual(result.variableUpdates, [{ variableId: 'vChunks', value: ['Parley runs Typebot bots.', 'It is self-hosted.'] }])
  const request = dify.requests.at(-1)!
  assert.equal(request.path, '/v1/datasets/ds-1/retrieve')
  assert.equal(request.headers.authorization, 'Bearer dataset-1')
  assert.deepEqual(request.body, { query: 'What is Parley?' })
  const missing = await forgedDifyAi.execute({ ...block, options: { ...block.options, datasetId: 'nope' } }, ctx)
  assert.deepEqual(missing.logs, [{ status: 'error', description: 'Dify.AI API error - 404: Dataset not found.' }])
  const noKey = kindContext({ blocks: [block], variables: variables(), credentials: credentials({ apiKey: 'app-1', apiEndpoint: dify.origin }) })
  assert.deepEqual((await forgedDifyAi.execute(block, noKey)).logs, [
    { status: 'error', description: 'The Dify.AI credentials "Dify" have no knowledgeApiKey.' },
  ])
})
