// Every message is answered: a reply identical to the previous one is a new message once the previous answer is
// out, however soon it follows (a messaging bridge relays a visitor's "1" to two menus in a row within
// milliseconds). Only the same reply sent before that answer was ready is a repeat, and gets that answer: on this
// process (fault/race.test.ts) and through another process on the same database (here).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { backend } from '../support/database.js'
import { bot, say } from '../support/engine.js'
import { holdBlock, startHeldPeer } from '../support/heldPeer.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const menu = (id: string, variableId: string) => ({
  id,
  type: 'choice input',
  items: [
    { id: `${id}-1`, content: '1' },
    { id: `${id}-2`, content: '2' },
  ],
  options: { variableId },
})
const menus = bot([['g', [menu('first', 'vFirst'), menu('second', 'vSecond'), say('done', 'Picked {{First}} then {{Second}}')]]], {
  variables: [
    { id: 'vFirst', name: 'First' },
    { id: 'vSecond', name: 'Second' },
  ],
})
const names = bot(
  [
    [
      'g',
      [
        { id: 'name', type: 'text input', options: { variableId: 'vName' } },
        { id: 'friend', type: 'text input', options: { variableId: 'vFriend' } },
        say('done', 'Hello {{Name}} and {{Friend}}'),
      ],
    ],
  ],
  {
    variables: [
      { id: 'vName', name: 'Name' },
      { id: 'vFriend', name: 'Friend' },
    ],
  },
)

/** The two chat APIs: how each starts a chat and sends a text reply (the Typebot-compatible one anonymously). */
const apis = [
  {
    name: 'Parley API',
    start: (s: TestServer, token: string, publicId: string) => s.call('POST', `/v1/bots/${publicId}/startChat`, { token, body: {} }),
    send: (s: TestServer, token: string, sessionId: string, text: string) =>
      s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token, body: { message: text } }),
  },
  {
    name: 'Typebot-compatible API',
    start: (s: TestServer, _token: string, publicId: string) => s.call('POST', `/api/v1/typebots/${publicId}/startChat`, { token: null, body: {} }),
    send: (s: TestServer, _token: string, sessionId: string, text: string) =>
      s.call('POST', `/api/v1/sessions/${sessionId}/continueChat`, { token: null, body: { message: { type: 'text', text } } }),
  },
]

describe(`repeated replies (${backend})`, () => {
  let s: TestServer
  let other: TestServer
  let peer: Awaited<ReturnType<typeof startHeldPeer>>
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    peer = await startHeldPeer()
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', PUBLIC_CHAT: 'true' })
    // Another process on the same database, as another node of a cluster.
    other = await startTestServer({ DATABASE_URL: s.database.url, HTTP_REQUEST_ALLOWLIST: '127.0.0.1', PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await peer.close()
    await other?.stop()
    await s?.stop()
  })

  const answers = async (botId: string, resultKey: string): Promise<string[]> => {
    const res = await s.call('GET', `/v1/bots/${botId}/results/${resultKey}`, { token: owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.result.answers.map((a: any) => a.content)
  }
  /** The text of an answer's bubbles (rich text or markdown). */
  const said = (body: any): string =>
    (body.messages ?? [])
      .map((m: any) => m.content?.markdown ?? (m.content?.richText ?? []).map((p: any) => p.children.map((c: any) => c.text).join('')).join('\n'))
      .join('\n')

  for (const api of apis) {
    const chat = async (definition: unknown) => {
      const published = await importAndPublish(s, owner.token, owner.workspaceId, definition)
      const started = await api.start(s, owner.token, published.publicId)
      assert.equal(started.status, 200, JSON.stringify(started.body))
      const send = (text: string) => api.send(s, owner.token, started.body.sessionId, text)
      return { botId: published.id as string, resultKey: started.body.resultId as string, first: started.body, send }
    }

    test(`${api.name}: a fast bridge answers "1" to two menus in a row, the second as soon as the second menu came: both are answered`, async () => {
      const c = await chat(menus)
      assert.equal(c.first.input?.id, 'first')
      const first = await c.send('1')
      assert.equal(first.status, 200, JSON.stringify(first.body))
      assert.equal(first.body.input?.id, 'second')
      // Sent the moment the second menu arrived, as a bridge relays it.
      const second = await c.send('1')
      assert.equal(second.status, 200, JSON.stringify(second.body))
      assert.equal(second.body.input, undefined, `the chat ended: ${JSON.stringify(second.body)}`)
      assert.ok(said(second.body).includes('Picked 1 then 1'), said(second.body))
      assert.deepEqual(await answers(c.botId, c.resultKey), ['1', '1'])
    })

    test(`${api.name}: the same name typed for two text inputs in a row is two answers`, async () => {
      const c = await chat(names)
      const first = await c.send('Ada')
      assert.equal(first.body.input?.id, 'friend', JSON.stringify(first.body))
      const second = await c.send('Ada')
      assert.equal(second.status, 200, JSON.stringify(second.body))
      assert.ok(said(second.body).includes('Hello Ada and Ada'), said(second.body))
      assert.deepEqual(await answers(c.botId, c.resultKey), ['Ada', 'Ada'])
    })

    test(`${api.name}: the same reply sent at the same time through two processes is one turn, and both get its answer`, async () => {
      const c = await chat(
        bot(
          [
            [
              'g',
              [
                { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
                holdBlock('hold', peer.url),
                say('echo', 'You said {{Answer}}'),
                { id: 'again', type: 'text input', options: { variableId: 'vAnswer' } },
              ],
            ],
          ],
          { variables: [{ id: 'vAnswer', name: 'Answer' }] },
        ),
      )
      const sessionId = c.first.sessionId as string
      const revision = (await s.store.chats.session(sessionId))?.revision
      // Both turns read the session and wait at the HTTP block: neither can have seen the other's answer.
      peer.hold()
      const here = c.send('same')
      const there = api.send(other, owner.token, sessionId, 'same')
      await peer.held(2)
      peer.release()
      const [a, b] = await Promise.all([here, there])
      assert.equal(a.status, 200, JSON.stringify(a.body))
      assert.equal(b.status, 200, JSON.stringify(b.body))
      assert.deepEqual(a.body, b.body, 'the same answer for both')
      assert.ok(said(a.body).includes('You said same'), said(a.body))
      assert.equal((await s.store.chats.session(sessionId))?.revision, revision! + 1, 'one turn applied')
      assert.deepEqual(await answers(c.botId, c.resultKey), ['same'])
      // The next reply, the same text, answers the next question.
      const next = await c.send('same')
      assert.equal(next.status, 200, JSON.stringify(next.body))
      assert.deepEqual(await answers(c.botId, c.resultKey), ['same', 'same'])
    })
  }
})
