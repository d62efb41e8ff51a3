// The other LLM blocks through a real server, each against a local peer speaking its protocol: Anthropic's Messages
// API, Dify's chat messages, ChatNode, OpenAI's Assistants and Responses APIs and an OpenAI-compatible provider (Groq); answered
// whole and streamed (streamMessage), with the conversation kept across turns.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type AnthropicServer, startAnthropicServer } from '../support/anthropicServer.js'
import { type AssistantsServer, startAssistantsServer } from '../support/assistantsServer.js'
import { type ChatNodeServer, startChatNodeServer } from '../support/chatNodeServer.js'
import { type DifyServer, startDifyServer } from '../support/difyServer.js'
import { bot, say } from '../support/engine.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { type ResponsesServer, startResponsesServer } from '../support/responsesServer.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const textOf = (message: any): string =>
  (message.content.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')

/** The `data` of a text/event-stream body's events, by name. */
const sseEvents = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ name: /^event: (.+)$/m.exec(block)?.[1] ?? 'message', data: JSON.parse(/^data: (.+)$/m.exec(block)![1]) }))

/** A loop: the user's message, the LLM block, its answer in a bubble, then what else it mapped. */
const askBot = (block: Record<string, unknown>) =>
  bot(
    [
      [
        'chat',
        [
          { id: 'ask', type: 'text input', options: { variableId: 'vUser' } },
          { id: 'ai', ...block },
          say('answer', '{{Answer}}'),
          say('meta', 'Meta: {{Tokens}} {{Conversation}}', { outgoingEdgeId: 'e-loop' }),
        ],
      ],
    ],
    {
      edges: [{ id: 'e-loop', from: { blockId: 'meta' }, to: { groupId: 'chat' } }],
      variables: [
        { id: 'vUser', name: 'User' },
        { id: 'vAnswer', name: 'Answer' },
        { id: 'vTokens', name: 'Tokens' },
        { id: 'vConversation', name: 'Conversation' },
      ],
    },
  )

describe('LLM provider blocks', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let claude: AnthropicServer
  let dify: DifyServer
  let chatNode: ChatNodeServer
  let assistants: AssistantsServer
  let groq: OpenAiServer
  let responses: ResponsesServer

  const createCredentials = async (type: string, data: Record<string, string>) => {
    const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type, name: `${type} test`, data },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.credentials.id as string
  }
  const startChat = async (doc: unknown, body: Record<string, unknown> = {}) => {
    const { publicId } = await importAndPublish(s, owner.token, owner.workspaceId, doc)
    const res = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body as { sessionId: string; resultId: string }
  }
  const start = async (doc: unknown, body: Record<string, unknown> = {}) => (await startChat(doc, body)).sessionId
  const send = async (sessionId: string, message: string) => {
    const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body
  }
  const streamMessage = async (sessionId: string) => {
    const res = await fetch(`${s.url}/v1/sessions/${sessionId}/streamMessage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    assert.equal(res.status, 200)
    return sseEvents(await res.text())
  }

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    owner = await userWithWorkspace(s)
    ;[claude, dify, chatNode, assistants, groq, responses] = await Promise.all([
      startAnthropicServer(),
      startDifyServer(),
      startChatNodeServer(),
      startAssistantsServer(),
      startOpenAiServer(),
      startResponsesServer(),
    ])
    assistants.assistants.add('asst_1')
  })
  after(async () => {
    await s.stop()
    await Promise.all([claude, dify, chatNode, assistants, groq, responses].map((peer) => peer.close()))
  })

  test('anthropic: answered whole, then streamed; token counts saved both ways', async () => {
    const credentialsId = await createCredentials('anthropic', { apiKey: 'sk-ant-int', baseUrl: claude.baseUrl })
    const doc = askBot({
      type: 'anthropic',
      options: {
        action: 'Create Chat Message',
        credentialsId,
        model: 'claude-sonnet-4-5',
        systemMessage: 'Be kind.',
        messages: [{ role: 'user', content: '{{User}}' }],
        responseMapping: [
          { item: 'Message content', variableId: 'vAnswer' },
          { item: 'Total tokens', variableId: 'vTokens' },
        ],
      },
    })
    const whole = await start(doc)
    claude.reply({ content: 'Hello, Ada.', inputTokens: 11, outputTokens: 3 })
    const turn = await send(whole, 'I am Ada')
    assert.deepEqual(turn.messages.map(textOf), ['Hello, Ada.', 'Meta: 14 '])
    assert.deepEqual(claude.requests.at(-1)!.body, {
      model: 'claude-sonnet-4-5',
      max_tokens: 64000,
      system: 'Be kind.',
      messages: [{ role: 'user', content: 'I am Ada' }],
    })

    const streamed = await start(doc, { isStreamEnabled: true })
    const paused = await send(streamed, 'Stream please')
    assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
    claude.reply({ content: 'Here it comes.', inputTokens: 5, outputTokens: 4 })
    const events = await streamMessage(streamed)
    assert.deepEqual(
      events.filter((e) => e.name === 'message').map((e) => e.data.text),
      ['Here ', 'it ', 'comes.'],
    )
    assert.deepEqual(events.at(-1), { name: 'done', data: { text: 'Here it comes.' } })
    const resumed = await send(streamed, 'Here it comes.')
    assert.deepEqual(resumed.messages.map(textOf), ['Meta: 9 '], 'the streamed bubble is not sent again; the tokens came with the stream')
  })

  test('dify-ai: the conversation id is saved and continued, answered whole and streamed', async () => {
    const credentialsId = await createCredentials('dify-ai', { apiKey: 'app-int', apiEndpoint: dify.origin })
    const doc = askBot({
      type: 'dify-ai',
      options: {
        action: 'Create Chat Message',
        credentialsId,
        query: '{{User}}',
        conversationVariableId: 'vConversation',
        responseMapping: [
          { item: 'Message content', variableId: 'vAnswer' },
          { item: 'Total tokens', variableId: 'vTokens' },
        ],
      },
    })
    const whole = await start(doc)
    dify.reply({ answer: 'First.', totalTokens: 10 }, { answer: 'Second.', totalTokens: 12 })
    const first = await send(whole, 'One')
    const conversation = /^Meta: 10 (conv-\d+)$/.exec(textOf(first.messages[1]))?.[1]
    assert.ok(conversation, textOf(first.messages[1]))
    const second = await send(whole, 'Two')
    assert.deepEqual(second.messages.map(textOf), ['Second.', `Meta: 12 ${conversation}`])
    assert.equal(dify.requests.at(-1)!.body.conversation_id, conversation)

    const streamed = await start(doc, { isStreamEnabled: true })
    await send(streamed, 'Stream it')
    dify.reply({ answer: 'Streamed Dify answer.', totalTokens: 8 })
    const events = await streamMessage(streamed)
    assert.deepEqual(events.at(-1), { name: 'done', data: { text: 'Streamed Dify answer.' } })
    const resumed = await send(streamed, 'Streamed Dify answer.')
    assert.match(textOf(resumed.messages[0]), /^Meta: 8 conv-\d+$/)
    await send(streamed, 'Again')
    dify.reply({ answer: 'Same conversation.' })
    await streamMessage(streamed)
    assert.equal(dify.requests.at(-1)!.body.conversation_id, /conv-\d+$/.exec(textOf(resumed.messages[0]))![0])
  })

  test('groq: an OpenAI-compatible provider, answered whole and streamed', async () => {
    const credentialsId = await createCredentials('groq', { apiKey: 'gsk-int', baseUrl: groq.baseUrl })
    const doc = askBot({
      type: 'groq',
      options: {
        action: 'Create chat completion',
        credentialsId,
        model: 'llama-3.3-70b-versatile',
        messages: [{ role: 'user', content: '{{User}}' }],
        responseMapping: [{ variableId: 'vAnswer' }, { item: 'Total tokens', variableId: 'vTokens' }],
      },
    })
    groq.reply({ content: 'Fast answer.', totalTokens: 6 })
    const turn = await send(await start(doc), 'Quick?')
    assert.deepEqual(turn.messages.map(textOf), ['Fast answer.', 'Meta: 6 '])
    assert.equal(groq.requests.at(-1)!.headers.authorization, 'Bearer gsk-int')
    const streamed = await start(doc, { isStreamEnabled: true })
    await send(streamed, 'Stream?')
    groq.reply({ content: 'Streamed fast.' })
    assert.deepEqual((await streamMessage(streamed)).at(-1), { name: 'done', data: { text: 'Streamed fast.' } })
  })

  test('tools: the code runs in the server sandbox; its return value goes back to the model, its setVariable applies', async () => {
    const credentialsId = await createCredentials('groq', { apiKey: 'gsk-tools', baseUrl: groq.baseUrl })
    const doc = askBot({
      type: 'groq',
      options: {
        action: 'Create chat completion',
        credentialsId,
        model: 'llama-3.3-70b-versatile',
        messages: [{ role: 'user', content: '{{User}}' }],
        tools: [
          {
            type: 'function',
            name: 'convert',
            parameters: [{ type: 'number', name: 'amount' }],
            code: "setVariable('Conversation', 'converted ' + amount)\nreturn { euros: amount * 2 }",
          },
        ],
        responseMapping: [{ variableId: 'vAnswer' }],
      },
    })
    groq.reply({ toolCalls: [{ name: 'convert', arguments: '{"amount":21}' }] }, { content: 'Result {toolResult}' })
    const turn = await send(await start(doc), 'Convert 21')
    assert.deepEqual(turn.messages.map(textOf), ['Result {"euros":42}', 'Meta:  converted 21'])

    // Streamed: the calls run while streamMessage streams; what they set arrives with the client's continueChat.
    const streamed = await start(doc, { isStreamEnabled: true })
    const paused = await send(streamed, 'Convert 4')
    assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
    groq.reply({ toolCalls: [{ name: 'convert', arguments: '{"amount":4}' }] }, { content: 'Result {toolResult}' })
    const events = await streamMessage(streamed)
    assert.deepEqual(events.at(-1), { name: 'done', data: { text: 'Result {"euros":8}' } })
    const resumed = await send(streamed, 'Result {"euros":8}')
    assert.deepEqual(resumed.messages.map(textOf), ['Meta:  converted 4'])
  })

  test('chat-node: the thread id is kept between turns', async () => {
    const credentialsId = await createCredentials('chat-node', { apiKey: 'cn-int', baseUrl: chatNode.baseUrl })
    const sessionId = await start(
      askBot({
        type: 'chat-node',
        options: {
          action: 'Send Message',
          credentialsId,
          botId: 'bot-1',
          threadId: '{{Conversation}}',
          message: '{{User}}',
          responseMapping: [
            { item: 'Message', variableId: 'vAnswer' },
            { item: 'Thread ID', variableId: 'vConversation' },
          ],
        },
      }),
    )
    chatNode.reply({ message: 'Hi from ChatNode.' }, { message: 'Still me.' })
    const first = await send(sessionId, 'Hello')
    const thread = /session-\d+/.exec(textOf(first.messages[1]))?.[0]
    assert.equal(textOf(first.messages[0]), 'Hi from ChatNode.')
    assert.ok(thread)
    await send(sessionId, 'Again')
    assert.deepEqual(chatNode.requests.at(-1)!.body, { message: 'Again', chat_session_id: thread })
  })

  test('openai Ask Assistant: a thread created, then continued; failures are owners-only logs', async () => {
    const credentialsId = await createCredentials('openai', { apiKey: 'sk-int', baseUrl: assistants.baseUrl })
    const { sessionId, resultId } = await startChat(
      askBot({
        type: 'openai',
        options: {
          action: 'Ask Assistant',
          credentialsId,
          assistantId: 'asst_1',
          threadVariableId: 'vConversation',
          message: '{{User}}',
          responseMapping: [{ item: 'Message', variableId: 'vAnswer' }],
        },
      }),
    )
    assistants.runs({ reply: 'Assistant here.' }, { reply: 'Same thread.' }, { fail: 'Server overloaded' })
    const first = await send(sessionId, 'Hi')
    const thread = /thread_\d+/.exec(textOf(first.messages[1]))?.[0]
    assert.equal(textOf(first.messages[0]), 'Assistant here.')
    assert.ok(thread)
    const second = await send(sessionId, 'More')
    assert.deepEqual(second.messages.map(textOf), ['Same thread.', `Meta:  ${thread}`])
    assert.deepEqual(
      assistants.threads.get(thread!)!.map((m) => m.content[0].text.value),
      ['Hi', 'Assistant here.', 'More', 'Same thread.'],
    )
    const failed = await send(sessionId, 'Fail')
    assert.equal(failed.logs, undefined, 'integration errors stay out of live answers')
    assert.deepEqual(failed.messages.map(textOf), ['Same thread.', `Meta:  ${thread}`], 'the flow went on')
    const stored = await s.store.db
      .selectFrom('logs')
      .select(['status', 'description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, resultId))
      .execute()
    assert.deepEqual(stored, [{ status: 'error', description: 'The OpenAI Assistant run failed: it ended failed: Server overloaded.' }])

    // Streamed through streamMessage; the new thread id is kept for the next turn.
    const streamed = await start(
      askBot({
        type: 'openai',
        options: {
          action: 'Ask Assistant',
          credentialsId,
          assistantId: 'asst_1',
          threadVariableId: 'vConversation',
          message: '{{User}}',
          responseMapping: [{ item: 'Message', variableId: 'vAnswer' }],
        },
      }),
      { isStreamEnabled: true },
    )
    const paused = await send(streamed, 'Stream please')
    assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
    assistants.runs({ reply: 'Streamed by the assistant.' })
    const events = await streamMessage(streamed)
    assert.deepEqual(
      events.filter((e) => e.name === 'message').map((e) => e.data.text),
      ['Streamed ', 'by ', 'the ', 'assistant.'],
    )
    const resumed = await send(streamed, 'Streamed by the assistant.')
    assert.match(textOf(resumed.messages[0]), /^Meta:\s+thread_\d+$/)
  })

  test('openai Ask Model: the answer mapped, the conversation continued by response id', async () => {
    const credentialsId = await createCredentials('openai', { apiKey: 'sk-int', baseUrl: responses.baseUrl })
    const sessionId = await start(
      askBot({
        type: 'openai',
        options: {
          action: 'Ask Model',
          credentialsId,
          model: 'gpt-4.1',
          message: '{{User}}',
          responseIdVariableId: 'vConversation',
          responseMapping: [{ item: 'Message', variableId: 'vAnswer' }],
        },
      }),
    )
    responses.answer({ text: 'First answer.' }, { text: 'Second answer.' })
    const first = await send(sessionId, 'Hi')
    const id = /resp_\d+/.exec(textOf(first.messages[1]))?.[0]
    assert.equal(textOf(first.messages[0]), 'First answer.')
    assert.ok(id)
    const second = await send(sessionId, 'More')
    assert.equal(textOf(second.messages[0]), 'Second answer.')
    assert.deepEqual(responses.requests.at(-1)!.body, { model: 'gpt-4.1', store: true, input: 'More', previous_response_id: id })

    // Streamed: the text through streamMessage, the response id kept for the next turn.
    const streamed = await start(
      askBot({
        type: 'openai',
        options: {
          action: 'Ask Model',
          credentialsId,
          model: 'gpt-4.1',
          message: '{{User}}',
          responseMapping: [
            { item: 'Message', variableId: 'vAnswer' },
            { item: 'Response ID', variableId: 'vConversation' },
          ],
        },
      }),
      { isStreamEnabled: true },
    )
    const paused = await send(streamed, 'Stream please')
    assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
    responses.answer({ text: 'Streamed answer.' })
    const events = await streamMessage(streamed)
    assert.deepEqual(
      events.filter((e) => e.name === 'message').map((e) => e.data.text),
      ['Streamed ', 'answer.'],
    )
    const resumed = await send(streamed, 'Streamed answer.')
    assert.match(textOf(resumed.messages[0]), /^Meta:\s+resp_\d+$/, 'the streamed bubble is not sent again; the response id came with the stream')
  })
})
