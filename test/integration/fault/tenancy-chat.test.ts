// Tenancy of the chat, results, webhook and credentials endpoints (the management ones are in
// test/integration/tenancy.test.ts): a token of another workspace gets 404 as for an unknown id, a guest reads
// (200), may not write (403) nor preview (404), and nothing a stranger receives carries data of the owner's workspace.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { backend } from '../../support/database.js'
import { bot, say } from '../../support/engine.js'
import { addMember, importAndPublish, userWithWorkspace } from '../../support/seed.js'
import { startTestServer, type TestServer } from '../../support/server.js'

const SECRET = `owner-secret-${Math.random().toString(36).slice(2, 10)}`
const ANSWER = `owner-answer-${Math.random().toString(36).slice(2, 10)}`
const PAYLOAD = `owner-payload-${Math.random().toString(36).slice(2, 10)}`
const CREDENTIAL_NAME = `owner-credentials-${Math.random().toString(36).slice(2, 10)}`
const CREDENTIAL_KEY = `sk-owner-${Math.random().toString(36).slice(2, 14)}`

/** Asks a name, then waits on a webhook block; the secret is a prefilled variable shown by the last bubble. */
const ownerBot = bot(
  [
    [
      'g',
      [
        say('hello', 'Hello'),
        { id: 'ask', type: 'text input', options: { variableId: 'vName' } },
        { id: 'hook', type: 'webhook', options: { responseVariableMapping: [{ id: 'm1', variableId: 'vPayload', bodyPath: 'data.value' }] } },
        say('done', '{{Secret}} {{Name}} {{Payload}}'),
        { id: 'more', type: 'text input' },
      ],
    ],
  ],
  {
    variables: [
      { id: 'vName', name: 'Name' },
      { id: 'vSecret', name: 'Secret' },
      { id: 'vPayload', name: 'Payload' },
    ],
  },
)

describe(`tenancy of chat, results, webhook and credentials endpoints (${backend})`, () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let stranger: Awaited<ReturnType<typeof userWithWorkspace>>
  let guest: { id: string; token: string }
  let botId: string
  let publicId: string
  /** The result's id (what readers and executeWebhook see) and its client key (what startChat answered). */
  let resultId: string
  let resultKey: string
  let sessionId: string
  let previewSessionId: string
  let credentialsId: string
  let strangerBot: Record<string, any>
  /** Everything of the owner's workspace a stranger must never see unless they sent it themselves. */
  let ownerData: string[]

  before(async () => {
    s = await startTestServer({ ENCRYPTION_SECRET: 'tenancy-chat-encryption-secret' })
    owner = await userWithWorkspace(s, 'Owner')
    stranger = await userWithWorkspace(s, 'Stranger')
    guest = await s.user('Guest', `guest-${Math.random().toString(36).slice(2, 8)}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const published = await importAndPublish(s, owner.token, owner.workspaceId, ownerBot)
    botId = published.id
    publicId = published.publicId
    const start = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body: { prefilledVariables: { Secret: SECRET } } })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    sessionId = start.body.sessionId
    resultKey = start.body.resultId
    resultId = (await s.call('GET', `/v1/bots/${published.id}/results/${resultKey}`, { token: owner.token })).body.result.id
    const answered = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message: ANSWER } })
    assert.equal(answered.status, 200, JSON.stringify(answered.body))
    assert.equal(answered.body.clientSideActions?.[0]?.type, 'listenForWebhook')
    const preview = await s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(preview.status, 200)
    previewSessionId = preview.body.sessionId
    const created = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'openai', name: CREDENTIAL_NAME, data: { apiKey: CREDENTIAL_KEY } },
    })
    assert.equal(created.status, 200, JSON.stringify(created.body))
    credentialsId = created.body.credentials.id
    strangerBot = await importAndPublish(s, stranger.token, stranger.workspaceId, bot([['g', [say('hi', 'Hi'), { id: 'ask', type: 'text input' }]]]))
    ownerData = [
      owner.workspaceId,
      botId,
      publicId,
      resultId,
      resultKey,
      sessionId,
      previewSessionId,
      credentialsId,
      SECRET,
      ANSWER,
      PAYLOAD,
      CREDENTIAL_NAME,
      CREDENTIAL_KEY,
      owner.id,
      guest.id,
    ]
  })
  after(() => s.stop())

  /** Calls as the stranger and checks that the raw answer holds none of the owner's data the request did not carry. */
  const asStranger = async (method: string, path: string, body?: unknown, alsoSent = '') => {
    const res = await fetch(s.url + path, {
      method,
      headers: { authorization: `Bearer ${stranger.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const sent = path + JSON.stringify(body ?? null) + alsoSent
    for (const secret of ownerData) {
      if (sent.includes(secret)) continue
      assert.ok(
        !text.includes(secret),
        `${method} ${path} answered the stranger something of the owner's workspace (${secret}): ${text.slice(0, 500)}`,
      )
    }
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text }
  }

  const matrix = () =>
    [
      // [method, path, body, stranger, guest]
      // A preview runs the caller's bot with the workspace's credentials: write access, and guests get 404 as in Typebot.
      ['POST', `/v1/bots/${botId}/preview/startChat`, {}, 404, 404],
      ['POST', `/v1/bots/${botId}/preview/startChat`, { startFrom: { type: 'group', groupId: 'g' }, prefilledVariables: { Secret: 'x' } }, 404, 404],
      ['GET', `/v1/bots/${botId}/results`, undefined, 404, 200],
      ['GET', `/v1/bots/${botId}/results?timeFilter=allTime&limit=500`, undefined, 404, 200],
      ['GET', `/v1/bots/${botId}/results/${resultId}`, undefined, 404, 200],
      ['GET', `/v1/bots/${botId}/results/not-a-result`, undefined, 404, 404],
      ['POST', `/v1/bots/${botId}/blocks/hook/results/${resultId}/executeWebhook`, { value: 'from-someone-else' }, 404, 403],
      ['GET', `/v1/workspaces/${owner.workspaceId}/credentials`, undefined, 404, 200],
      ['POST', `/v1/workspaces/${owner.workspaceId}/credentials`, { type: 'openai', name: 'hijack', data: { apiKey: 'sk-x' } }, 404, 403],
      ['DELETE', `/v1/workspaces/${owner.workspaceId}/credentials/${credentialsId}`, undefined, 404, 403],
    ] as const

  test('a token of another workspace: 404 everywhere, as for an unknown id, and nothing of the owner in the answers', async () => {
    for (const [method, path, body, expected] of matrix()) {
      const res = await asStranger(method, path, body)
      assert.equal(res.status, expected, `${method} ${path} → ${res.status} ${res.text}`)
      assert.equal(res.body.code, 'not_found', `${method} ${path}: ${res.text}`)
    }
    // The same calls on ids that do not exist answer exactly the same, so ids cannot be probed.
    const unknown = await asStranger('GET', `/v1/bots/nonexistentbotid0000000000/results/${resultId}`)
    const known = await asStranger('GET', `/v1/bots/${botId}/results/${resultId}`)
    assert.deepEqual(known.body, unknown.body)
  })

  test("the stranger's own bot id does not open the owner's results, webhooks or sessions", async () => {
    const own = strangerBot.id
    const result = await asStranger('GET', `/v1/bots/${own}/results/${resultId}`)
    assert.equal(result.status, 404, result.text)
    const list = await asStranger('GET', `/v1/bots/${own}/results?timeFilter=allTime&limit=500`)
    assert.equal(list.status, 200)
    assert.deepEqual(list.body.results, [])
    const hook = await asStranger('POST', `/v1/bots/${own}/blocks/hook/results/${resultId}/executeWebhook`, { value: 'injected' })
    assert.equal(hook.status, 404, hook.text)
    // A preview may not take over the owner's sessions (live or preview) by passing their ids.
    for (const id of [sessionId, previewSessionId]) {
      const takeover = await asStranger('POST', `/v1/bots/${own}/preview/startChat`, { sessionId: id })
      assert.equal(takeover.status, 409, takeover.text)
    }
    // A bot of the stranger's workspace cannot link to the owner's bot, in preview or live.
    const linking = bot([['g', [{ id: 'link', type: 'Typebot link', options: { typebotId: botId } }, say('after', 'after the link')]]])
    const preview = await asStranger('POST', `/v1/bots/${own}/preview/startChat`, { bot: linking })
    assert.equal(preview.status, 200, preview.text)
    assert.ok(
      preview.body.logs?.some((l: any) => /Failed to link typebot/.test(l.description)),
      preview.text,
    )
    assert.ok(!preview.text.includes('Hello'), "the owner's bot did not run")
    const linker = await importAndPublish(s, stranger.token, stranger.workspaceId, linking)
    // (The stranger wrote the owner's bot id into their own bot: the log may repeat it.)
    const live = await asStranger('POST', `/v1/bots/${linker.publicId}/startChat`, {}, botId)
    assert.equal(live.status, 200, live.text)
    assert.ok(
      live.body.logs?.some((l: any) => /Failed to link typebot/.test(l.description)),
      live.text,
    )
  })

  test('a guest reads (results, credentials metadata), may not preview (404) and every write answers 403', async () => {
    for (const [method, path, body, , expected] of matrix()) {
      const res = await s.call(method, path, { token: guest.token, body })
      assert.equal(res.status, expected, `${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`)
      if (expected === 403) assert.equal(res.body.code, 'forbidden')
    }
    const result = await s.call('GET', `/v1/bots/${botId}/results/${resultId}`, { token: guest.token })
    assert.deepEqual(
      result.body.result.answers.map((a: any) => a.content),
      [ANSWER],
    )
    const credentials = await s.call('GET', `/v1/workspaces/${owner.workspaceId}/credentials`, { token: guest.token })
    assert.deepEqual(
      credentials.body.credentials.map((c: any) => c.id),
      [credentialsId],
    )
    assert.ok(!JSON.stringify(credentials.body).includes(CREDENTIAL_KEY), 'the secret is never answered')
  })

  test("after all that, the owner's chat, webhook, results and credentials are intact", async () => {
    const creds = await s.call('GET', `/v1/workspaces/${owner.workspaceId}/credentials`, { token: owner.token })
    assert.deepEqual(
      creds.body.credentials.map((c: any) => c.name),
      [CREDENTIAL_NAME],
    )
    const hook = await s.call('POST', `/v1/bots/${botId}/blocks/hook/results/${resultId}/executeWebhook`, {
      token: owner.token,
      body: { value: PAYLOAD },
    })
    assert.equal(hook.status, 200, JSON.stringify(hook.body))
    const next = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message: 'go on' } })
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.equal(next.body.messages[0].content.richText[0].children.map((c: any) => c.text).join(''), `${SECRET} ${ANSWER} ${PAYLOAD}`)
    const result = await s.call('GET', `/v1/bots/${botId}/results/${resultId}`, { token: owner.token })
    assert.deepEqual(
      result.body.result.answers.map((a: any) => a.content),
      [ANSWER],
    )
    const values = Object.fromEntries(result.body.result.variables.map((v: any) => [v.name, v.value]))
    assert.deepEqual(values, { Name: ANSWER, Secret: SECRET, Payload: PAYLOAD })
    const list = await s.call('GET', `/v1/bots/${botId}/results?timeFilter=allTime`, { token: owner.token })
    assert.deepEqual(
      list.body.results.map((r: any) => r.id),
      [resultId],
    )
  })
})
