// OpenAI-style blocks over HTTP against a local OpenAI-compatible server: forged `openai`/`mistral` and the legacy
// "OpenAI" block, credentials, dialogue history, errors, and streaming (client actions + streamMessage endpoint).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { addMember, importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const textOf = (message: any): string =>
  message.content.markdown ?? (message.content.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')

/** The events of a text/event-stream body. */
const sseEvents = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const name = /^event: (.+)$/m.exec(block)?.[1] ?? 'message'
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1])
      return { name, data }
    })

describe('LLM blocks', () => {
  let s: TestServer
  let llm: OpenAiServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let openaiCredentialsId: string

  const createCredentials = async (type: string, data: Record<string, string>) => {
    const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type, name: `${type} test`, data },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.credentials.id as string
  }
  const publish = async (doc: unknown) => (await importAndPublish(s, owner.token, owner.workspaceId, doc)).publicId as string
  const start = async (publicId: string, body: Record<string, unknown> = {}) => {
    const res = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body
  }
  const send = async (sessionId: string, message: string) => {
    const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body
  }
  /** The logs stored on a result (what the bot's owners read), oldest first. */
  const storedLogs = async (resultKey: string) =>
    s.store.db
      .selectFrom('logs')
      .select(['status', 'description', 'details'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, resultKey))
      .orderBy('id')
      .execute()
  const streamMessage = (sessionId: string, token: string | null = owner.token) =>
    fetch(`${s.url}/v1/sessions/${sessionId}/streamMessage`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} })

  /**
   * A chat with a model: a greeting, then a loop (user message appended to the Dialogue history, forged `openai`
   * completion over it, the answer shown and appended), with the given credentials.
   */
  const chatWithModel = (credentialsId?: string) =>
    bot(
      [
        ['intro', [say('hi', 'Hello, I am a test assistant'), say('help', 'Ask me anything', { outgoingEdgeId: 'e-ask' })]],
        [
          'ask',
          [
            { id: 'user', type: 'text input', options: { variableId: 'vUser' } },
            {
              id: 'appendUser',
              type: 'Set variable',
              options: { variableId: 'vHistory', type: 'Append value(s)', item: '{{User message}}' },
              outgoingEdgeId: 'e-reply',
            },
          ],
        ],
        [
          'reply',
          [
            {
              id: 'ai',
              type: 'openai',
              options: {
                action: 'Create chat completion',
                credentialsId,
                messages: [{ role: 'Dialogue', dialogueVariableId: 'vHistory' }],
                responseMapping: [{ item: 'Message content', variableId: 'vAssistant' }],
              },
            },
            say('answer', '{{Assistant message}}'),
            {
              id: 'appendAssistant',
              type: 'Set variable',
              options: { variableId: 'vHistory', type: 'Append value(s)', item: '{{Assistant message}}' },
              outgoingEdgeId: 'e-loop',
            },
          ],
        ],
      ],
      {
        edges: [
          { id: 'e-ask', from: { blockId: 'help' }, to: { groupId: 'ask' } },
          { id: 'e-reply', from: { blockId: 'appendUser' }, to: { groupId: 'reply' } },
          { id: 'e-loop', from: { blockId: 'appendAssistant' }, to: { groupId: 'ask' } },
        ],
        variables: [
          { id: 'vUser', name: 'User message', isSessionVariable: true },
          { id: 'vAssistant', name: 'Assistant message', isSessionVariable: true },
          { id: 'vHistory', name: 'Chat history', isSessionVariable: true },
        ],
      },
    )

  /** A text input, then a legacy OpenAI block, then bubbles showing its answer and token count. */
  const legacyBot = (options: Record<string, unknown>) =>
    bot(
      [
        [
          'chat',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'vUser' } },
            { id: 'ai', type: 'OpenAI', options: { task: 'Create chat completion', ...options } },
            say('answer', '{{Answer}}'),
            say('tokens', 'Tokens: {{Tokens}}'),
          ],
        ],
      ],
      {
        variables: [
          { id: 'vUser', name: 'User' },
          { id: 'vAnswer', name: 'Answer' },
          { id: 'vTokens', name: 'Tokens' },
          { id: 'vTemp', name: 'Temp' },
        ],
      },
    )

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    llm = await startOpenAiServer()
    owner = await userWithWorkspace(s)
    openaiCredentialsId = await createCredentials('openai', { apiKey: 'test', baseUrl: llm.baseUrl })
  })
  after(async () => {
    await s.stop()
    await llm.close()
  })

  test('forged openai: the completion shows in the next bubble and the Dialogue sends the history', async () => {
    const publicId = await publish(chatWithModel(openaiCredentialsId))
    const first = await start(publicId)
    assert.deepEqual(first.messages.map(textOf), ['Hello, I am a test assistant', 'Ask me anything'])
    llm.reply({ content: 'Parley runs bots.' }, { content: 'It is self-hosted.' })
    const before = llm.requests.length

    const turn1 = await send(first.sessionId, 'What is Parley?')
    assert.deepEqual(turn1.messages.map(textOf), ['Parley runs bots.'])
    assert.equal(turn1.input.type, 'text input')
    const request1 = llm.requests[before]
    assert.equal(request1.path, '/v1/chat/completions')
    assert.equal(request1.headers.authorization, 'Bearer test')
    assert.deepEqual(request1.body, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'What is Parley?' }] })

    const turn2 = await send(first.sessionId, 'Where does it run?')
    assert.deepEqual(turn2.messages.map(textOf), ['It is self-hosted.'])
    assert.deepEqual(llm.requests[before + 1].body.messages, [
      { role: 'user', content: 'What is Parley?' },
      { role: 'assistant', content: 'Parley runs bots.' },
      { role: 'user', content: 'Where does it run?' },
    ])
  })

  test('missing or unknown credentials: an error log, and the flow goes on', async () => {
    for (const credentialsId of [undefined, 'no-such-credentials']) {
      const first = await start(await publish(chatWithModel(credentialsId)))
      const before = llm.requests.length
      const turn = await send(first.sessionId, 'Hello?')
      assert.equal(llm.requests.length, before, 'no call without credentials')
      assert.match(turn.logs?.[0]?.description ?? '', /Credentials not provided/)
      assert.equal(turn.input.type, 'text input', 'the flow went on to the next input')
    }
  })

  test('API errors are stored on the result with their status and message, and kept out of live answers', async () => {
    const first = await start(await publish(chatWithModel(openaiCredentialsId)))
    llm.reply({ status: 401, error: 'Incorrect API key provided' })
    const turn = await send(first.sessionId, 'Hello?')
    assert.equal(turn.logs, undefined, 'whoever chats does not read integration errors')
    assert.deepEqual(await storedLogs(first.resultId), [
      { status: 'error', description: 'OpenAI API error - 401: Incorrect API key provided', details: null },
    ])
    assert.equal(turn.input.type, 'text input')
  })

  test('a key quoted back by the provider appears in no answer and no stored log (live and preview)', async () => {
    const KEY = 'sk-live-quoted-0123456789'
    const credentialsId = await createCredentials('openai', { apiKey: KEY, baseUrl: llm.baseUrl })
    const doc = chatWithModel(credentialsId)
    const first = await start(await publish(doc))
    llm.reply({ status: 401, error: `Incorrect API key provided: ${KEY}` })
    const turn = await send(first.sessionId, 'Hello?')
    const stored = await storedLogs(first.resultId)
    assert.equal(stored.length, 1)
    assert.match(stored[0].description, /401: Incorrect API key provided: \*\*\*/)
    const imported = await importAndPublish(s, owner.token, owner.workspaceId, doc)
    const preview = await s.call('POST', `/v1/bots/${imported.id}/preview/startChat`, { token: owner.token, body: {} })
    llm.reply({ status: 401, error: `Incorrect API key provided: ${KEY}` })
    const previewTurn = await send(preview.body.sessionId, 'Hello?')
    assert.match(previewTurn.logs?.[0]?.description ?? '', /401/, 'the builder sees the error')
    for (const [where, text] of [
      ['live', JSON.stringify(turn)],
      ['stored', JSON.stringify(stored)],
      ['preview', JSON.stringify(previewTurn)],
    ]) {
      assert.ok(!text.includes(KEY), `the key leaks in ${where}: ${text}`)
    }
  })

  test("a block's base URL never receives the key: calls go to the credentials' endpoint", async () => {
    const evil = await startOpenAiServer({ content: 'stolen' })
    try {
      const before = llm.requests.length
      // The legacy block used to prefer its own base URL, the forged one to fall back on it.
      const legacy = legacyBot({
        credentialsId: openaiCredentialsId,
        baseUrl: evil.baseUrl,
        messages: [{ id: 'm', role: 'user', content: '{{User}}' }],
        responseMapping: [{ id: 'r', valueToExtract: 'Message content', variableId: 'vAnswer' }],
      })
      const first = await start(await publish(legacy))
      llm.reply({ content: 'From the real endpoint.' })
      const turn = await send(first.sessionId, 'Hi')
      assert.equal(textOf(turn.messages[0]), 'From the real endpoint.')
      const forged = bot([
        [
          'g',
          [
            {
              id: 'ai',
              type: 'openai',
              options: {
                action: 'Create chat completion',
                credentialsId: openaiCredentialsId,
                baseUrl: evil.baseUrl,
                model: 'm',
                messages: [{ role: 'user', content: 'Hi' }],
              },
            },
          ],
        ],
      ])
      const imported = await importAndPublish(s, owner.token, owner.workspaceId, forged)
      const preview = await s.call('POST', `/v1/bots/${imported.id}/preview/startChat`, { token: owner.token, body: {} })
      assert.equal(preview.status, 200, JSON.stringify(preview.body))
      assert.equal(evil.requests.length, 0, "the bot's base URL got no call (and no key)")
      assert.equal(llm.requests.length, before + 2)
      assert.deepEqual(
        llm.requests.slice(before).map((r) => r.headers.authorization),
        ['Bearer test', 'Bearer test'],
      )
      // The builder is told why its base URL was not used.
      const notice = preview.body.logs?.find((l: any) => l.status === 'info')
      assert.match(
        notice?.description ?? '',
        /base URL was ignored: the OpenAI key is only sent to the base URL stored with its credentials/,
        JSON.stringify(preview.body.logs),
      )
      const stored = await storedLogs(first.resultId)
      assert.match(stored[0]?.description ?? '', /base URL was ignored/, 'the owners find the notice on the result')
    } finally {
      await evil.close()
    }
  })

  test("a guest's preview of a bot of their own making answers 404 and sends nothing", async () => {
    const evil = await startOpenAiServer({ content: 'stolen' })
    try {
      const guest = await s.user('Guest', `guest-${Math.random().toString(36).slice(2, 8)}@example.com`)
      await addMember(s, owner, owner.workspaceId, guest, 'guest')
      const imported = await importAndPublish(s, owner.token, owner.workspaceId, bot([['g', [say('s', 'Hi')]]]))
      const attack = bot([
        [
          'g',
          [
            {
              id: 'ai',
              type: 'OpenAI',
              options: {
                task: 'Create chat completion',
                credentialsId: openaiCredentialsId,
                baseUrl: evil.baseUrl,
                messages: [{ id: 'm', role: 'user', content: 'Hi' }],
              },
            },
          ],
        ],
      ])
      for (const body of [{}, { bot: attack }]) {
        const res = await s.call('POST', `/v1/bots/${imported.id}/preview/startChat`, { token: guest.token, body })
        assert.equal(res.status, 404, JSON.stringify(res.body))
        assert.equal(res.body.code, 'not_found')
      }
      assert.equal(evil.requests.length, 0)
    } finally {
      await evil.close()
    }
  })

  test('legacy OpenAI: templated messages, temperature from a variable, tokens, Azure api-version', async () => {
    const publicId = await publish(
      legacyBot({
        credentialsId: openaiCredentialsId,
        apiVersion: '2024-02-01',
        messages: [
          { id: 'm1', role: 'system', content: 'Answer briefly.' },
          { id: 'm2', role: 'user', content: 'Question: {{User}}' },
        ],
        advancedSettings: { temperature: '{{Temp}}' },
        responseMapping: [
          { id: 'r1', valueToExtract: 'Message content', variableId: 'vAnswer' },
          { id: 'r2', valueToExtract: 'Total tokens', variableId: 'vTokens' },
        ],
      }),
    )
    const first = await start(publicId, { prefilledVariables: { Temp: '0.3' } })
    llm.reply({ content: 'Short answer.', totalTokens: 42 })
    const before = llm.requests.length
    const turn = await send(first.sessionId, 'Why?')
    assert.deepEqual(turn.messages.map(textOf), ['Short answer.', 'Tokens: 42'])
    const request = llm.requests[before]
    assert.equal(request.path, '/v1/chat/completions?api-version=2024-02-01')
    assert.equal(request.headers['api-key'], 'test')
    assert.deepEqual(request.body, {
      model: 'gpt-3.5-turbo',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Question: Why?' },
      ],
      temperature: 0.3,
    })
  })

  test('legacy OpenAI: other tasks log an error and the flow goes on', async () => {
    const publicId = await publish(
      bot([['g', [{ id: 'ai', type: 'OpenAI', options: { task: 'Create image', credentialsId: openaiCredentialsId } }, say('after', 'After')]]]),
    )
    const first = await start(publicId)
    assert.deepEqual(first.messages.map(textOf), ['After'])
    assert.match(first.logs[0].description, /OpenAI "Create image" is not available/)
  })

  test('legacy streaming: the client action carries the messages, streamMessage relays tokens, the reply fills the variable', async () => {
    const publicId = await publish(
      legacyBot({
        credentialsId: openaiCredentialsId,
        messages: [{ id: 'm1', role: 'user', content: '{{User}}' }],
        responseMapping: [{ id: 'r1', variableId: 'vAnswer' }],
      }),
    )
    const first = await start(publicId, { isStreamEnabled: true })
    const paused = await send(first.sessionId, 'Tell me a story')
    assert.deepEqual(paused.messages, [])
    assert.deepEqual(paused.clientSideActions, [
      {
        type: 'streamOpenAiChatCompletion',
        streamOpenAiChatCompletion: { messages: [{ role: 'user', content: 'Tell me a story' }] },
        expectsDedicatedReply: true,
      },
    ])

    llm.reply({ content: 'Once upon a time, a bot.' })
    const before = llm.requests.length
    const res = await streamMessage(first.sessionId)
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/)
    const events = sseEvents(await res.text())
    assert.ok(events.filter((e) => e.name === 'message').length > 1, 'several pieces')
    assert.equal(
      events
        .filter((e) => e.name === 'message')
        .map((e) => e.data.text)
        .join(''),
      'Once upon a time, a bot.',
    )
    assert.deepEqual(events.at(-1), { name: 'done', data: { text: 'Once upon a time, a bot.' } })
    assert.equal(llm.requests[before].body.stream, true)
    assert.deepEqual(llm.requests[before].body.messages, [{ role: 'user', content: 'Tell me a story' }])

    const resumed = await send(first.sessionId, 'Once upon a time, a bot.')
    assert.deepEqual(resumed.messages.map(textOf), ['Tokens: '], 'the streamed bubble is not sent again')
    const again = await s.call('POST', `/v1/sessions/${first.sessionId}/streamMessage`, { token: owner.token })
    assert.equal(again.status, 404, 'the chat ended')
  })

  test('forged streaming: the stream action, then the history includes the streamed answer', async () => {
    const first = await start(await publish(chatWithModel(openaiCredentialsId)), { isStreamEnabled: true })
    const paused = await send(first.sessionId, 'Hi')
    assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
    assert.deepEqual(paused.messages, [])

    llm.reply({ status: 429, error: 'Rate limit reached' })
    const failed = sseEvents(await (await streamMessage(first.sessionId)).text())
    assert.deepEqual(failed, [{ name: 'error', data: { message: 'OpenAI API error - 429: Rate limit reached' } }])

    llm.reply({ content: 'Hello, human.' })
    const events = sseEvents(await (await streamMessage(first.sessionId)).text())
    assert.deepEqual(events.at(-1), { name: 'done', data: { text: 'Hello, human.' } })

    const resumed = await send(first.sessionId, 'Hello, human.')
    assert.deepEqual(resumed.messages, [], 'the streamed bubble is not sent again')
    assert.equal(resumed.input.type, 'text input')
    const next = await send(first.sessionId, 'How are you?')
    assert.equal(next.clientSideActions[0].type, 'stream')
    const before = llm.requests.length
    await (await streamMessage(first.sessionId)).text()
    assert.deepEqual(llm.requests[before].body.messages, [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello, human.' },
      { role: 'user', content: 'How are you?' },
    ])
  })

  test('streamMessage refuses chats that are not waiting on a stream, unknown sessions and anonymous callers', async () => {
    const first = await start(await publish(chatWithModel(openaiCredentialsId)))
    const notWaiting = await s.call('POST', `/v1/sessions/${first.sessionId}/streamMessage`, { token: owner.token })
    assert.equal(notWaiting.status, 400)
    assert.match(notWaiting.body.message, /not waiting for a streamed completion/)
    assert.equal((await s.call('POST', '/v1/sessions/nope/streamMessage', { token: owner.token })).status, 404)
    assert.equal((await streamMessage(first.sessionId, null)).status, 401)
  })

  test('mistral: Generate variables asks for a JSON object and stores each variable', async () => {
    const credentialsId = await createCredentials('mistral', { apiKey: 'mistral-key', baseUrl: llm.baseUrl })
    const publicId = await publish(
      bot(
        [
          [
            'g',
            [
              {
                id: 'gen',
                type: 'mistral',
                options: {
                  credentialsId,
                  action: 'Generate variables',
                  model: 'mistral-large-latest',
                  prompt: 'Extract from: "{{Said}}"',
                  variablesToExtract: [
                    { type: 'string', variableId: 'vCompany', description: 'The company name' },
                    { type: 'number', variableId: 'vRevenue', isRequired: false },
                  ],
                },
              },
              say('out', '{{Company}} / {{Revenue}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vSaid', name: 'Said' },
            { id: 'vCompany', name: 'Company' },
            { id: 'vRevenue', name: 'Revenue' },
          ],
        },
      ),
    )
    llm.reply({ content: '{"Company":"Acme","Revenue":1200000}' })
    const before = llm.requests.length
    const first = await start(publicId, { prefilledVariables: { Said: 'I run Acme, 1.2M a year' } })
    assert.deepEqual(first.messages.map(textOf), ['Acme / 1200000'], JSON.stringify(first.logs))
    const request = llm.requests[before]
    assert.equal(request.headers.authorization, 'Bearer mistral-key')
    assert.equal(request.body.model, 'mistral-large-latest')
    assert.deepEqual(request.body.response_format, { type: 'json_object' })
    assert.match(request.body.messages[0].content, /^Extract from: "I run Acme, 1.2M a year"\n\nAnswer with a JSON object only/)
    assert.match(request.body.messages[0].content, /"Company" \(string\): The company name/)
  })

  test('forged openai: an action the block does not have logs why, visible in live chats', async () => {
    const publicId = await publish(
      bot([
        [
          'g',
          [{ id: 'a', type: 'openai', options: { credentialsId: openaiCredentialsId, action: 'Create image', prompt: 'Hi' } }, say('after', 'After')],
        ],
      ]),
    )
    const first = await start(publicId)
    assert.deepEqual(first.messages.map(textOf), ['After'])
    assert.match(first.logs[0].description, /OpenAI "Create image" is not supported by Parley/)
  })
})
