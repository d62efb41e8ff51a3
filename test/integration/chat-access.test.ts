// Who may chat: anonymous chats with PUBLIC_CHAT, allowed origins, who may resume a result (its client key), and
// processes serving one API only.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { loadExample } from '../support/fixtures.js'
import { addMember, importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('PUBLIC_CHAT and allowed origins', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let open: Record<string, any>
  let guarded: Record<string, any>
  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    open = await importAndPublish(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
    const bot = loadExample('lead-capture.json')
    guarded = await importAndPublish(s, owner.token, owner.workspaceId, {
      ...bot,
      settings: { ...bot.settings, security: { allowedOrigins: ['https://shop.example.com'] } },
    })
  })
  after(() => s.stop())

  test('anonymous clients chat with published bots; the session id is the credential', async () => {
    const start = await s.call('POST', `/v1/bots/${open.publicId}/startChat`, { token: null, body: {} })
    assert.equal(start.status, 200)
    const next = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, {
      token: null,
      body: { message: start.body.input.items[0].content },
    })
    assert.equal(next.status, 200)
    assert.equal((await s.call('POST', `/v1/sessions/not-a-session/continueChat`, { token: null, body: { message: 'x' } })).status, 404)
    // a given but unknown token is still refused, and management stays closed
    assert.equal((await s.call('POST', `/v1/bots/${open.publicId}/startChat`, { token: 'bogus', body: {} })).status, 401)
    assert.equal((await s.call('GET', `/v1/bots/${open.id}`, { token: null })).status, 401)
    assert.equal((await s.call('POST', `/v1/bots/${open.id}/preview/startChat`, { token: null, body: {} })).status, 401)
  })

  test('allowedOrigins is enforced against the Origin header on start and continue', async () => {
    const refused = await s.call('POST', `/v1/bots/${guarded.publicId}/startChat`, {
      token: null,
      body: {},
      headers: { origin: 'https://evil.example.com' },
    })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.code, 'origin_not_allowed')
    const ok = await s.call('POST', `/v1/bots/${guarded.publicId}/startChat`, {
      token: null,
      body: {},
      headers: { origin: 'https://shop.example.com' },
    })
    assert.equal(ok.status, 200)
    const sid = ok.body.sessionId
    const evil = await s.call('POST', `/v1/sessions/${sid}/continueChat`, {
      token: null,
      body: { message: 'x' },
      headers: { origin: 'https://evil.example.com' },
    })
    assert.equal(evil.status, 403)
    const good = await s.call('POST', `/v1/sessions/${sid}/continueChat`, {
      token: null,
      body: { message: ok.body.input.items[0].content },
      headers: { origin: 'https://shop.example.com' },
    })
    assert.equal(good.status, 200)
  })
})

describe('remember user: a result is resumed by its client key, which readers never see', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let guest: { id: string; token: string }
  let greeter: Record<string, any>
  const greeterBot = bot(
    [
      [
        'g',
        [
          say('hello', 'Welcome back {{Name}}!'),
          { id: 'name', type: 'text input', options: { variableId: 'vName' } },
          { id: 'color', type: 'text input', options: { variableId: 'vColor' } },
        ],
      ],
    ],
    {
      variables: [
        { id: 'vName', name: 'Name' },
        { id: 'vColor', name: 'Color' },
      ],
    },
  )
  const text = (res: any) => res.body.messages.map((m: any) => m.content.richText[0].children.map((c: any) => c.text).join('')).join(' | ')
  const start = (body: Record<string, unknown> = {}, token: string | null = null) =>
    s.call('POST', `/v1/bots/${greeter.publicId}/startChat`, { token, body })
  const send = (sessionId: string, message: string, token: string | null = null) =>
    s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token, body: { message } })
  const resultOf = async (idOrKey: string, token = owner.token) =>
    (await s.call('GET', `/v1/bots/${greeter.id}/results/${idOrKey}`, { token })).body.result

  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
    guest = await s.user('Guest', `guest-${Math.random().toString(36).slice(2, 8)}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    greeter = await importAndPublish(s, owner.token, owner.workspaceId, greeterBot)
  })
  after(() => s.stop())

  test('a guest reads the result but can neither resume it nor drive its live chat', async () => {
    // The end user (an anonymous browser) starts a chat and answers the first question; the chat stays live.
    const first = await start()
    assert.equal(first.status, 200, JSON.stringify(first.body))
    const { sessionId, resultId: key } = first.body
    assert.equal((await send(sessionId, 'Ada')).status, 200)

    // A guest of the workspace reads it (list and get): neither the session id nor the key is in the answers.
    const list = await s.call('GET', `/v1/bots/${greeter.id}/results?timeFilter=allTime`, { token: guest.token })
    assert.equal(list.status, 200, JSON.stringify(list.body))
    const listed = list.body.results.find((r: any) => r.answers[0]?.content === 'Ada')
    assert.ok(listed, JSON.stringify(list.body))
    const got = await s.call('GET', `/v1/bots/${greeter.id}/results/${listed.id}`, { token: guest.token })
    assert.equal(got.status, 200, JSON.stringify(got.body))
    for (const body of [JSON.stringify(list.body), JSON.stringify(got.body)]) {
      assert.ok(!body.includes(sessionId), 'no session id')
      assert.ok(!body.includes(key), 'no client key')
    }
    assert.match(got.body.result.lastChatSessionId, /^[0-9a-f]{16}$/)

    // Everything the guest can read, used as a session id, drives no chat.
    for (const value of [listed.id, got.body.result.lastChatSessionId]) {
      const hijack = await send(value, 'Mallory', guest.token)
      assert.equal(hijack.status, 404, `${value} → ${hijack.status}`)
    }

    // The shown id as startChat's resultId: a new result, nothing of Ada's shown or appended to.
    const stranger = await start({ resultId: listed.id }, guest.token)
    assert.equal(stranger.status, 200, JSON.stringify(stranger.body))
    assert.equal(text(stranger), 'Welcome back !')
    assert.notEqual(stranger.body.resultId, key)
    assert.notEqual(stranger.body.resultId, listed.id)
    assert.equal((await send(stranger.body.sessionId, 'Mallory', guest.token)).status, 200)
    const theirs = await resultOf(stranger.body.resultId)
    assert.notEqual(theirs.id, listed.id)
    assert.deepEqual(
      theirs.answers.map((a: any) => a.content),
      ['Mallory'],
    )

    // The end user's chat and result are untouched, and the live chat goes on.
    const ada = await resultOf(listed.id)
    assert.deepEqual(
      ada.answers.map((a: any) => a.content),
      ['Ada'],
    )
    assert.deepEqual(
      ada.variables.map((v: any) => [v.name, v.value]),
      [['Name', 'Ada']],
    )
    assert.equal((await send(sessionId, 'green')).status, 200)
    assert.deepEqual(
      (await resultOf(listed.id)).answers.map((a: any) => a.content),
      ['Ada', 'green'],
    )
  })

  test('the client key resumes the result (variables restored, same key answered); an unknown key starts afresh', async () => {
    const first = await start()
    const key = first.body.resultId
    assert.equal(text(first), 'Welcome back !')
    assert.equal((await send(first.body.sessionId, 'Grace')).status, 200)
    const id = (await resultOf(key)).id

    // As Typebot's embed does on reload: the stored resultId sent back to startChat.
    const again = await start({ resultId: key })
    assert.equal(again.status, 200, JSON.stringify(again.body))
    assert.equal(again.body.resultId, key, 'the same key, so the client keeps its stored chat')
    assert.notEqual(again.body.sessionId, first.body.sessionId)
    assert.equal(text(again), 'Welcome back Grace!')
    assert.equal((await send(again.body.sessionId, 'Grace Hopper')).status, 200)
    // The README's read of a result with the resultId from startChat: by key, the same result.
    const resumed = await resultOf(key)
    assert.equal(resumed.id, id)
    assert.deepEqual(
      resumed.answers.map((a: any) => a.content),
      ['Grace', 'Grace Hopper'],
    )
    assert.deepEqual(
      resumed.variables.map((v: any) => [v.name, v.value]),
      [['Name', 'Grace Hopper']],
    )

    // A key this bot never issued (another browser's stale key, or made up): a new result, not an error.
    const fresh = await start({ resultId: 'stale-key-from-another-browser' })
    assert.equal(fresh.status, 200, JSON.stringify(fresh.body))
    assert.notEqual(fresh.body.resultId, 'stale-key-from-another-browser')
    assert.equal(text(fresh), 'Welcome back !')
    assert.equal((await s.call('GET', `/v1/bots/${greeter.id}/results/stale-key-from-another-browser`, { token: owner.token })).status, 404)
  })
})

describe('PARLEY_API splits the chat and management APIs', () => {
  test('a chat-only process serves chats, a management-only process the rest', async () => {
    const management = await startTestServer({ PARLEY_API: 'management' })
    try {
      const owner = await userWithWorkspace(management)
      const bot = await importAndPublish(management, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
      assert.equal((await management.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })).status, 404)
      const chat = await startTestServer({ PARLEY_API: 'chat', DATABASE_URL: management.database.url })
      try {
        const start = await chat.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
        assert.equal(start.status, 200)
        assert.equal((await chat.call('GET', `/v1/bots/${bot.id}`, { token: owner.token })).status, 404)
        assert.equal((await chat.call('GET', '/health')).body.api, 'chat')
      } finally {
        await chat.stop()
      }
    } finally {
      await management.stop()
    }
  })
})
