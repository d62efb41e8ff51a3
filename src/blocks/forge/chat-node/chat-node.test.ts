import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { type ChatNodeServer, startChatNodeServer } from '../../../../test/support/chatNodeServer.js'
import { kindContext } from '../../../../test/support/llmKinds.js'
import { forgedChatNode } from './kind.js'

let chatNode: ChatNodeServer
before(async () => {
  chatNode = await startChatNodeServer()
})
after(() => chatNode.close())

const variables = (thread: string | null = null): Variable[] => [
  { id: 'vThread', name: 'Thread', value: thread },
  { id: 'vAnswer', name: 'Answer' },
]
const credentials = [{ id: 'c1', type: 'chat-node', name: 'ChatNode', data: { apiKey: 'cn-key' } }]
const block = (options: Record<string, unknown> = {}) => ({
  id: 'cn',
  type: 'chat-node',
  options: {
    action: 'Send Message',
    credentialsId: 'c1',
    botId: 'bot-9',
    threadId: '{{Thread}}',
    message: 'Hello there',
    responseMapping: [{ variableId: 'vAnswer' }, { item: 'Thread ID', variableId: 'vThread' }],
    ...options,
  },
})

test('Send Message: a new thread, then the same thread; answer and thread id mapped', async () => {
  const creds = [{ ...credentials[0], data: { apiKey: 'cn-key', baseUrl: chatNode.baseUrl } }]
  chatNode.reply({ message: 'Hi, how can I help?' })
  const first = await forgedChatNode.execute(block(), kindContext({ blocks: [block()], variables: variables(), credentials: creds }))
  assert.deepEqual(first.variableUpdates?.[0], { variableId: 'vAnswer', value: 'Hi, how can I help?' })
  const thread = first.variableUpdates?.[1]
  assert.equal(thread?.variableId, 'vThread')
  assert.match(String(thread?.value), /^session-\d+$/)
  assert.equal(chatNode.requests.at(-1)!.path, '/v1/bot-9')
  assert.equal(chatNode.requests.at(-1)!.headers.authorization, 'Bearer cn-key')
  assert.deepEqual(chatNode.requests.at(-1)!.body, { message: 'Hello there' })
  await forgedChatNode.execute(block(), kindContext({ blocks: [block()], variables: variables(String(thread?.value)), credentials: creds }))
  assert.deepEqual(chatNode.requests.at(-1)!.body, { message: 'Hello there', chat_session_id: thread?.value })
})

test('errors are logged; without a bot id or message nothing is sent; ChatNode is the default endpoint', async () => {
  const creds = [{ ...credentials[0], data: { apiKey: 'cn-key', baseUrl: chatNode.baseUrl } }]
  const ctx = kindContext({ blocks: [block()], variables: variables(), credentials: creds })
  chatNode.reply({ status: 403, error: 'Bot not accessible with cn-key' })
  assert.deepEqual((await forgedChatNode.execute(block(), ctx)).logs, [
    { status: 'error', description: 'ChatNode API error - 403: Bot not accessible with ***' },
  ])
  const before = chatNode.requests.length
  assert.deepEqual((await forgedChatNode.execute(block({ botId: '' }), ctx)).logs, [
    { status: 'error', description: 'The ChatNode block has no bot ID; skipped.' },
  ])
  assert.deepEqual((await forgedChatNode.execute(block({ message: '' }), ctx)).logs, [
    { status: 'error', description: 'The ChatNode block has no message; skipped.' },
  ])
  assert.equal(chatNode.requests.length, before)
  const urls: string[] = []
  const offline = kindContext({
    blocks: [block()],
    variables: variables(),
    credentials,
    runtime: {
      httpRequest: async (req) => {
        urls.push(req.url)
        return { ok: false, reason: 'network', message: 'offline' }
      },
    },
  })
  assert.deepEqual((await forgedChatNode.execute(block(), offline)).logs, [{ status: 'error', description: 'ChatNode request failed: offline' }])
  assert.deepEqual(urls, ['https://api.public.chatnode.ai/v1/bot-9'])
})
