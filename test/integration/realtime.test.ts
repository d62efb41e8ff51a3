// Wait-for-webhook as Typebot's embed client does it: on `listenForWebhook` it opens a WebSocket to
// `/parties/main/{resultId}/webhooks` (its `resultId`: the result's client key) and sends the first text frame back
// as its reply. Deliveries come through Typebot's executeWebhook path and Parley's own; on PostgreSQL, a socket on one
// server receives what another server on the same database was delivered (LISTEN/NOTIFY).
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import pg from 'pg'
import { WebSocket } from 'ws'
import { LISTENER_APPLICATION_NAME } from '../../src/store/dialect/postgres/bus.js'
import { backend } from '../support/database.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

/** Asks a name, waits on a webhook block, then shows what the payload's `data.value` mapped. */
const hookBot = bot(
  [
    [
      'g',
      [
        { id: 'ask', type: 'text input', options: { variableId: 'vName' } },
        { id: 'hook', type: 'webhook', options: { responseVariableMapping: [{ id: 'm1', variableId: 'vPayload', bodyPath: 'data.value' }] } },
        say('done', '{{Name}} got {{Payload}}'),
        { id: 'more', type: 'text input' },
      ],
    ],
  ],
  {
    variables: [
      { id: 'vName', name: 'Name' },
      { id: 'vPayload', name: 'Payload' },
    ],
  },
)

/** How long a socket must stay silent to count as hearing nothing. */
const QUIET_MS = 300

type Room = { socket: WebSocket; frames: string[]; next: () => Promise<string>; close: () => void }

/** A socket as the embed client opens it (PartySocket adds a random `_pk`), collecting the text frames it gets. */
const openRoom = async (s: TestServer, key: string): Promise<Room> => {
  const socket = new WebSocket(`${s.url.replace('http', 'ws')}/parties/main/${encodeURIComponent(key)}/webhooks?_pk=${randomUUID()}`)
  const frames: string[] = []
  const waiters: ((frame: string) => void)[] = []
  socket.on('message', (data, isBinary) => {
    assert.equal(isBinary, false, 'frames are text')
    const frame = data.toString()
    frames.push(frame)
    waiters.shift()?.(frame)
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let read = 0
  const next = () =>
    new Promise<string>((resolve, reject) => {
      if (frames.length > read) return resolve(frames[read++])
      const timer = setTimeout(() => reject(new Error('no frame within 30 s')), 30_000)
      waiters.push((frame) => {
        clearTimeout(timer)
        read++
        resolve(frame)
      })
    })
  return { socket, frames, next, close: () => socket.close() }
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS))

describe(`wait-for-webhook over a WebSocket room (${backend})`, () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let botId: string
  let publicId: string
  const rooms: Room[] = []
  const room = async (server: TestServer, key: string) => {
    const opened = await openRoom(server, key)
    rooms.push(opened)
    return opened
  }

  /** A live chat started anonymously by the Typebot path, answered up to the webhook block. */
  const waitingChat = async (server = s) => {
    const started = await server.call('POST', `/api/v1/typebots/${publicId}/startChat`, { body: {} })
    assert.equal(started.status, 200, JSON.stringify(started.body))
    const answered = await server.call('POST', `/api/v1/sessions/${started.body.sessionId}/continueChat`, {
      body: { message: { type: 'text', text: 'Ada' } },
    })
    assert.equal(answered.status, 200, JSON.stringify(answered.body))
    assert.deepEqual(answered.body.clientSideActions?.[0], { type: 'listenForWebhook', expectsDedicatedReply: true })
    const key: string = started.body.resultId
    return { sessionId: started.body.sessionId as string, key, id: await resultIdOfKey(server.store.db, key) }
  }

  /** What the embed client does with the frame: it sends it back as a text reply. */
  const reply = (server: TestServer, sessionId: string, text: string) =>
    server.call('POST', `/api/v1/sessions/${sessionId}/continueChat`, { body: { message: { type: 'text', text } } })
  const shown = (res: { body: any }) => res.body.messages[0].content.richText[0].children.map((c: any) => c.text).join('')

  const typebotHook = (server: TestServer, resultId: string, body: unknown, token: string | null = owner.token) =>
    server.call('POST', `/api/v1/typebots/${botId}/blocks/hook/results/${resultId}/executeWebhook`, { token, body })
  const parleyHook = (server: TestServer, resultId: string, body: unknown) =>
    server.call('POST', `/v1/bots/${botId}/blocks/hook/results/${resultId}/executeWebhook`, { token: owner.token, body })

  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s, 'Owner')
    const published = await importAndPublish(s, owner.token, owner.workspaceId, hookBot)
    botId = published.id
    publicId = published.publicId
  })
  after(async () => {
    for (const r of rooms) r.socket.terminate()
    await s?.stop()
  })

  test("Typebot's executeWebhook (by the result id) sends one frame {data}; sent back, it maps the variables", async () => {
    const chat = await waitingChat()
    const r = await room(s, chat.key)
    await quiet()
    assert.deepEqual(r.frames, [], 'nothing on connect')
    const hook = await typebotHook(s, chat.id, { value: 'pushed', extra: [1, 2] })
    assert.equal(hook.status, 200, JSON.stringify(hook.body))
    assert.deepEqual(hook.body, { message: 'OK' })
    const frame = await r.next()
    assert.deepEqual(JSON.parse(frame), { data: { value: 'pushed', extra: [1, 2] } })
    await quiet()
    assert.equal(r.frames.length, 1, 'exactly one frame per delivery')
    r.close()
    const next = await reply(s, chat.sessionId, frame)
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.equal(shown(next), 'Ada got pushed')
  })

  test("Parley's executeWebhook pushes too, named by the result id or by its client key", async () => {
    for (const name of ['id', 'key'] as const) {
      const chat = await waitingChat()
      const r = await room(s, chat.key)
      const hook = await parleyHook(s, chat[name], { value: `by ${name}` })
      assert.equal(hook.status, 200, JSON.stringify(hook.body))
      assert.deepEqual(JSON.parse(await r.next()), { data: { value: `by ${name}` } })
      assert.equal(shown(await reply(s, chat.sessionId, r.frames[0])), `Ada got by ${name}`)
    }
  })

  test('a socket that connects after the delivery gets the frame at once; a payload delivered again comes again', async () => {
    const chat = await waitingChat()
    assert.equal((await typebotHook(s, chat.key, { value: 'early' })).status, 200)
    const late = await room(s, chat.key)
    assert.deepEqual(JSON.parse(await late.next()), { data: { value: 'early' } })
    assert.equal((await typebotHook(s, chat.id, { value: 'again' })).status, 200)
    assert.deepEqual(JSON.parse(await late.next()), { data: { value: 'again' } })
    // The stored payload resumes the block whatever text the client sends.
    assert.equal(shown(await reply(s, chat.sessionId, 'anything')), 'Ada got again')
    const after = await room(s, chat.key)
    await quiet()
    assert.deepEqual(after.frames, [], 'the chat moved on: nothing is pending')
  })

  test('wrong or unknown keys get nothing and stay open; other rooms do not hear a delivery', async () => {
    const chat = await waitingChat()
    const other = await waitingChat()
    const mine = await room(s, chat.key)
    const neighbour = await room(s, other.key)
    const byId = await room(s, chat.id)
    const unknown = await room(s, 'no-such-key')
    assert.equal((await typebotHook(s, chat.id, { value: 'private' })).status, 200)
    assert.deepEqual(JSON.parse(await mine.next()), { data: { value: 'private' } })
    await quiet()
    for (const silent of [neighbour, byId, unknown]) {
      assert.deepEqual(silent.frames, [])
      assert.equal(silent.socket.readyState, WebSocket.OPEN)
    }
  })

  test('executeWebhook needs a token with write access and a chat waiting on that block', async () => {
    const chat = await waitingChat()
    const stranger = await userWithWorkspace(s, 'Stranger')
    assert.equal((await typebotHook(s, chat.id, { value: 'x' }, null)).status, 401)
    assert.equal((await typebotHook(s, chat.id, { value: 'x' }, stranger.token)).status, 404)
    assert.equal((await typebotHook(s, 'no-such-result', { value: 'x' })).status, 404)
    const wrongBlock = await s.call('POST', `/api/v1/typebots/${botId}/blocks/ask/results/${chat.id}/executeWebhook`, {
      token: owner.token,
      body: { value: 'x' },
    })
    assert.equal(wrongBlock.status, 404)
    assert.equal(wrongBlock.body.code, 'not_found')
  })

  test('sockets outlive the HTTP request timeout; other paths refuse the upgrade', async () => {
    const short = await startTestServer({ PARLEY_REQUEST_TIMEOUT_MS: '300', PARLEY_HEADERS_TIMEOUT_MS: '300' })
    try {
      const r = await openRoom(short, 'some-key')
      await new Promise((resolve) => setTimeout(resolve, 1200))
      assert.equal(r.socket.readyState, WebSocket.OPEN)
      r.socket.terminate()
      for (const path of ['/health', '/parties/main/user/bot/webhooks']) {
        const refused = new WebSocket(`${short.url.replace('http', 'ws')}${path}`)
        const status = await new Promise<number | undefined>((resolve) => {
          refused.once('unexpected-response', (_req, res) => resolve(res.statusCode))
          refused.once('open', () => resolve(101))
          refused.once('error', () => resolve(undefined))
        })
        refused.terminate()
        assert.notEqual(status, 101, path)
      }
    } finally {
      await short.stop()
    }
  })

  test('PostgreSQL: a socket on one server gets what another server was delivered, also after its LISTEN dropped', {
    skip: backend !== 'postgres',
  }, async () => {
    const b = await startTestServer({ DATABASE_URL: s.database.url })
    try {
      const chat = await waitingChat(b)
      const r = await room(s, chat.key)
      assert.equal((await typebotHook(b, chat.id, { value: 'from B' })).status, 200)
      assert.deepEqual(JSON.parse(await r.next()), { data: { value: 'from B' } })
      assert.equal(shown(await reply(b, chat.sessionId, r.frames[0])), 'Ada got from B')

      // Server A's LISTEN connection is cut; a delivery made meanwhile on B still reaches A's socket once it is back.
      const second = await waitingChat(b)
      const r2 = await room(s, second.key)
      const admin = new pg.Client({ connectionString: s.database.url })
      await admin.connect()
      try {
        const cut = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
          [LISTENER_APPLICATION_NAME],
        )
        assert.ok(cut.rowCount && cut.rowCount >= 1, 'a LISTEN connection was open')
      } finally {
        await admin.end()
      }
      assert.equal((await parleyHook(b, second.id, { value: 'while cut' })).status, 200)
      assert.deepEqual(JSON.parse(await r2.next()), { data: { value: 'while cut' } })
    } finally {
      await b.stop()
    }
  })
})
