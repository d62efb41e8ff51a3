import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { fixtureTests, loadExample, loadFixture } from '../support/fixtures.js'
import { bot as v6Bot } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

/** Plain text of a rich-text message (the tree flattened). */
const textOf = (message: any): string => {
  if (message.content.type === 'markdown') return message.content.markdown
  const walk = (nodes: any[]): string => nodes.map((n) => (typeof n.text === 'string' ? n.text : walk(n.children ?? []))).join('')
  return message.content.richText.map((p: any) => walk(p.children ?? [])).join('\n')
}

describe('chat over HTTP', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let leadGen: Record<string, any>
  const withFixtures = fixtureTests('chat with Typebot exports')
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
    leadGen = await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
  })
  after(() => s.stop())

  const start = (publicId: string, body: unknown = {}, token: string | null = owner.token) =>
    s.call('POST', `/v1/bots/${publicId}/startChat`, { token, body })
  const send = (sessionId: string, message: unknown, extra: Record<string, unknown> = {}, token: string | null = owner.token) =>
    s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token, body: { message, ...extra } })

  test('a whole lead-generation conversation, stored as a result with its answers', async () => {
    const first = await start(leadGen.publicId)
    assert.equal(first.status, 200, JSON.stringify(first.body))
    const { sessionId, resultId, bot } = first.body
    assert.ok(sessionId.length >= 32, 'session id is a long secret')
    assert.ok(resultId)
    assert.deepEqual(Object.keys(bot), ['id', 'version', 'theme', 'settings', 'publishedAt'])
    assert.equal(bot.id, leadGen.id)
    assert.equal(bot.version, '3')
    assert.deepEqual(Object.keys(bot.settings), ['general', 'typingEmulation'])
    assert.deepEqual(
      first.body.messages.map((m: any) => m.type),
      ['text', 'text'],
    )
    assert.match(textOf(first.body.messages[0]), /Welcome/i)
    assert.equal(first.body.input.type, 'choice input')
    const choice = first.body.input.items[0].content

    const name = await send(sessionId, choice)
    assert.equal(name.status, 200, JSON.stringify(name.body))
    assert.equal(name.body.input.type, 'text input')

    const email = await send(sessionId, 'Ada')
    assert.ok(
      email.body.messages.some((m: any) => textOf(m).includes('Ada')),
      'the name is templated into the next bubble',
    )
    assert.equal(email.body.input.type, 'email input')

    const wrong = await send(sessionId, 'not an email')
    assert.equal(wrong.body.messages.length, 1)
    assert.equal(wrong.body.messages[0].id, email.body.input.id)
    assert.match(textOf(wrong.body.messages[0]), /does not look like an email/)
    assert.equal(wrong.body.input.id, email.body.input.id)

    const services = await send(sessionId, 'Ada@Example.COM')
    assert.equal(services.body.lastMessageNewFormat, 'ada@example.com')
    assert.equal(services.body.input.type, 'choice input')
    assert.equal(services.body.input.options.isMultipleChoice, true)
    const picked = `${services.body.input.items[0].content}, ${services.body.input.items[2].content}`
    const more = await send(sessionId, picked)
    assert.equal(more.body.input.type, 'text input')
    const bye = await send(sessionId, 'Nothing else')
    assert.equal(bye.status, 200)
    assert.equal(bye.body.input, undefined)
    assert.ok(bye.body.messages.length > 0)

    const ended = await send(sessionId, 'hello?')
    assert.equal(ended.status, 404)
    assert.match(ended.body.message, /Session not found/)

    const result = await s.call('GET', `/v1/bots/${leadGen.id}/results/${resultId}`, { token: owner.token })
    assert.equal(result.status, 200)
    const r = result.body.result
    assert.deepEqual(Object.keys(r), [
      'id',
      'createdAt',
      'botId',
      'variables',
      'isCompleted',
      'hasStarted',
      'isArchived',
      'lastChatSessionId',
      'answers',
    ])
    assert.equal(r.isCompleted, true)
    assert.equal(r.hasStarted, true)
    assert.equal(r.isArchived, false)
    assert.equal(r.lastChatSessionId, createHash('sha256').update(sessionId).digest('hex').slice(0, 16), 'a fingerprint, never the session id')
    assert.notEqual(r.id, resultId, 'startChat answers the client key, not the id')
    assert.deepEqual(
      r.answers.map((a: any) => a.content),
      [choice, 'Ada', 'ada@example.com', picked, 'Nothing else'],
    )
    assert.deepEqual(r.answers[2], { blockId: email.body.input.id, content: 'ada@example.com', attachedFileUrls: [] })
    assert.deepEqual(r.variables.map((v: any) => [v.name, v.value]).sort(), [
      ['Email', 'ada@example.com'],
      ['Interests', picked],
      ['Name', 'Ada'],
      ['Notes', 'Nothing else'],
    ])
  })

  test('prefilled variables, message on start, markdown format', async () => {
    const bot = await importAndPublish(s, owner.token, owner.workspaceId, {
      version: '6',
      groups: [
        {
          id: 'g1',
          title: 'Ask',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: 'ask', type: 'text input', options: { variableId: 'vAnswer' }, outgoingEdgeId: 'e2' }],
        },
        {
          id: 'g2',
          title: 'Say',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            {
              id: 'say',
              type: 'text',
              content: {
                richText: [{ type: 'p', children: [{ text: 'Hi ' }, { text: '{{Name}}', bold: true }, { text: ', you said {{Answer}}' }] }],
              },
            },
          ],
        },
      ],
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
      edges: [
        { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'e2', from: { blockId: 'ask' }, to: { groupId: 'g2' } },
      ],
      variables: [
        { id: 'vName', name: 'Name' },
        { id: 'vAnswer', name: 'Answer' },
      ],
      theme: {},
      settings: {},
    })
    const res = await start(bot.publicId, {
      prefilledVariables: { Name: 'Grace', Unknown: 'x' },
      message: 'forty-two',
      textBubbleContentFormat: 'markdown',
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.input, undefined)
    assert.equal(res.body.messages.length, 1)
    assert.equal(res.body.messages[0].content.type, 'markdown')
    assert.match(res.body.messages[0].content.markdown, /Hi \*\*Grace\*\*, you said forty-two/)
    const result = await s.call('GET', `/v1/bots/${bot.id}/results/${res.body.resultId}`, { token: owner.token })
    assert.deepEqual(
      result.body.result.answers.map((a: any) => a.content),
      ['forty-two'],
    )
    assert.equal(result.body.result.isCompleted, true)
  })

  test('a chat whose bot was deleted answers 404, not 500', async () => {
    const doomed = await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
    const started = await start(doomed.publicId)
    assert.equal((await s.call('DELETE', `/v1/bots/${doomed.id}`, { token: owner.token })).status, 200)
    const res = await send(started.body.sessionId, started.body.input.items[0].content)
    assert.equal(res.status, 404, JSON.stringify(res.body))
    assert.equal(res.body.code, 'not_found')
  })

  test('the inbound webhook endpoint only feeds a waiting webhook block', async () => {
    const started = await start(leadGen.publicId)
    const { id } = (await s.call('GET', `/v1/bots/${leadGen.id}/results/${started.body.resultId}`, { token: owner.token })).body.result
    const res = await s.call('POST', `/v1/bots/${leadGen.id}/blocks/${started.body.input.id}/results/${id}/executeWebhook`, {
      token: owner.token,
      body: { x: 1 },
    })
    assert.equal(res.status, 404)
    assert.equal((await send(started.body.sessionId, started.body.input.items[0].content)).status, 200, 'the chat is untouched')
  })

  test('isOnlyRegistering registers the session; the first continueChat starts the bot', async () => {
    const res = await start(leadGen.publicId, { isOnlyRegistering: true })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.messages, [])
    assert.equal(res.body.input, undefined)
    const next = await send(res.body.sessionId, undefined)
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.deepEqual(
      next.body.messages.map((m: any) => m.type),
      ['text', 'text'],
    )
    assert.equal(next.body.input.type, 'choice input')
  })

  test('refusals: unknown or unpublished bot 404, closed bot 400 with its message, unknown session 404, bad bodies 400', async () => {
    assert.equal((await start('no-such-bot')).status, 404)
    const draft = (await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, bot: { name: 'Draft' } } })).body
      .bot
    assert.equal((await start(draft.publicId)).status, 404)
    const closed = await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
    await s.call('PATCH', `/v1/bots/${closed.id}`, {
      token: owner.token,
      body: { bot: { isClosed: true, settings: { general: { systemMessages: { botClosed: 'Gone fishing' } } } } },
    })
    await s.call('POST', `/v1/bots/${closed.id}/publish`, { token: owner.token })
    const refused = await start(closed.publicId)
    assert.equal(refused.status, 400)
    assert.deepEqual(refused.body, { code: 'bot_closed', message: 'Gone fishing' })
    assert.equal((await send('nope', 'hi')).status, 404)
    assert.equal((await start(leadGen.publicId, { message: 42 })).status, 400)
    assert.equal((await start(leadGen.publicId, { textBubbleContentFormat: 'html' })).status, 400)
  })

  test('who may chat: a valid token is needed; a token of another workspace may chat with a published bot', async () => {
    assert.equal((await start(leadGen.publicId, {}, null)).status, 401)
    const stranger = await s.user('Stranger')
    const res = await start(leadGen.publicId, {}, stranger.token)
    assert.equal(res.status, 200)
    assert.equal((await send(res.body.sessionId, 'x', {}, null)).status, 401)
    assert.equal((await send(res.body.sessionId, res.body.input.items[0].content, {}, stranger.token)).status, 200)
    // but the stranger cannot preview the draft
    assert.equal((await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, { token: stranger.token, body: {} })).status, 404)
  })

  test('preview: the draft runs, startFrom a group, a bot in the body, sessionId replaced, nothing stored as a result', async () => {
    const preview = await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    assert.equal(preview.body.resultId, undefined)
    assert.equal(preview.body.input.type, 'choice input')
    const nameGroup = leadGen.groups.find((g: any) => g.title === 'Name')
    const from = await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, {
      token: owner.token,
      body: { startFrom: { type: 'group', groupId: nameGroup.id } },
    })
    assert.equal(from.body.input.type, 'text input')
    const missing = await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, {
      token: owner.token,
      body: { startFrom: { type: 'group', groupId: 'nope' } },
    })
    assert.equal(missing.status, 400)
    const custom = v6Bot([['rate', [{ id: 'rating', type: 'rating input', options: { length: 5 } }]]])
    const withBot = await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, {
      token: owner.token,
      body: { bot: custom, sessionId: 'my-preview-session-1' },
    })
    assert.equal(withBot.status, 200, JSON.stringify(withBot.body))
    assert.equal(withBot.body.sessionId, 'my-preview-session-1')
    assert.equal(withBot.body.input.type, 'rating input')
    const replaced = await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, {
      token: owner.token,
      body: { sessionId: 'my-preview-session-1' },
    })
    assert.equal(replaced.body.input.type, 'choice input')
    const next = await send('my-preview-session-1', replaced.body.input.items[0].content)
    assert.equal(next.body.input.type, 'text input')
    const results = await s.call('GET', `/v1/bots/${leadGen.id}/results?timeFilter=allTime`, { token: owner.token })
    assert.ok(!results.body.results.some((r: any) => r.lastChatSessionId === 'my-preview-session-1'))
    const invalid = await s.call('POST', `/v1/bots/${leadGen.id}/preview/startChat`, { token: owner.token, body: { bot: { groups: 'x' } } })
    assert.equal(invalid.status, 400)
  })

  withFixtures('a legacy export (Typebot v3) chats as exported: its bubbles and retry message', async () => {
    const legacy = await importAndPublish(s, owner.token, owner.workspaceId, loadFixture('templates/lead-gen.json'))
    const first = await start(legacy.publicId)
    assert.equal(first.status, 200, JSON.stringify(first.body))
    assert.deepEqual(
      first.body.messages.map((m: any) => m.type),
      ['text', 'image'],
    )
    await send(first.body.sessionId, first.body.input.items[0].content)
    await send(first.body.sessionId, 'Ada')
    const wrong = await send(first.body.sessionId, 'not an email')
    assert.match(textOf(wrong.body.messages[0]), /email doesn't seem to be valid/)
    const services = await send(first.body.sessionId, 'Ada@Example.COM')
    assert.equal(services.body.lastMessageNewFormat, 'ada@example.com')
    assert.equal(services.body.input.options.isMultipleChoice, true)
  })
})
