// Racing replies: the same reply sent 50 times at once on one session (a double-clicking client, retries), fired
// from another process over connections opened beforehand. "At once" is made certain rather than hoped for: the
// first turn is held in flight at an HTTP request block until the server counts all 50 requests arrived, so none
// of them can have seen its answer. Exactly one turn is applied: one stored answer and one revision of the session;
// every other request gets that turn's answer (200) and changes nothing.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { backend } from '../../support/database.js'
import { bot, say } from '../../support/engine.js'
import { holdBlock, startHeldPeer, turnsInFlight } from '../../support/heldPeer.js'
import { burst } from '../../support/process.js'
import { importAndPublish, userWithWorkspace } from '../../support/seed.js'
import { startTestServer, type TestServer } from '../../support/server.js'

const COUNT = 50
const METRICS_TOKEN = 'race-metrics-token-0123456789'

describe(`racing replies on one session (${backend})`, () => {
  let s: TestServer
  let peer: Awaited<ReturnType<typeof startHeldPeer>>
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    peer = await startHeldPeer()
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', METRICS_TOKEN })
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await peer.close()
    await s?.stop()
  })

  const startLive = async (definition: unknown) => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, definition)
    const res = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return { botId: published.id as string, sessionId: res.body.sessionId as string, resultId: res.body.resultId as string, first: res.body }
  }
  const answers = async (botId: string, resultId: string): Promise<string[]> => {
    const res = await s.call('GET', `/v1/bots/${botId}/results/${resultId}`, { token: owner.token })
    assert.equal(res.status, 200)
    return res.body.result.answers.map((a: any) => a.content)
  }
  const revision = async (sessionId: string) => (await s.store.chats.session(sessionId))?.revision
  /** The burst, its first turn held at the bot's HTTP request block until all of it has arrived. */
  const fire = async (sessionId: string, message: string) => {
    peer.hold()
    const statuses = burst(COUNT, `${s.url}/v1/sessions/${sessionId}/continueChat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    })
    await peer.held(1)
    await turnsInFlight(s, METRICS_TOKEN, COUNT)
    peer.release()
    return statuses
  }

  test(`${COUNT} identical replies at once on a looping text input: one answer and one revision, the same answer for all`, async () => {
    const chat = await startLive(
      bot(
        [
          [
            'g',
            [
              say('echo', 'You said {{Answer}}'),
              { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
              holdBlock('hold', peer.url),
              { id: 'back', type: 'Jump', options: { groupId: 'g' } },
            ],
          ],
        ],
        { variables: [{ id: 'vAnswer', name: 'Answer' }] },
      ),
    )
    let expected = 0
    for (let round = 0; round < 3; round++) {
      const rev = await revision(chat.sessionId)
      assert.equal(typeof rev, 'number')
      const statuses = await fire(chat.sessionId, `same-${round}`)
      assert.deepEqual(statuses, Array(COUNT).fill(200), "every request gets the one turn's answer")
      expected += 1
      assert.equal(await revision(chat.sessionId), rev! + 1, 'the revision advanced once')
      const stored = await answers(chat.botId, chat.resultId)
      assert.equal(stored.length, expected, `one answer stored per burst (round ${round})`)
      assert.equal(stored.at(-1), `same-${round}`)
    }
    // The session is intact: the next turn goes through.
    const next = await s.call('POST', `/v1/sessions/${chat.sessionId}/continueChat`, { token: owner.token, body: { message: 'after' } })
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.equal(next.body.input?.type, 'text input')
    assert.equal((await answers(chat.botId, chat.resultId)).at(-1), 'after')
  })

  test(`${COUNT} identical email replies at once, the next input a number: exactly one answer stored`, async () => {
    const chat = await startLive(
      bot(
        [
          [
            'g',
            [
              { id: 'email', type: 'email input', options: { variableId: 'vEmail' } },
              holdBlock('hold', peer.url),
              { id: 'number', type: 'number input', options: { variableId: 'vNumber' } },
              say('done', 'Thanks {{Email}}: {{Number}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vEmail', name: 'Email' },
            { id: 'vNumber', name: 'Number' },
          ],
        },
      ),
    )
    assert.equal(chat.first.input.type, 'email input')
    const rev = await revision(chat.sessionId)
    assert.deepEqual(await fire(chat.sessionId, 'Ada@Example.com'), Array(COUNT).fill(200))
    assert.equal(await revision(chat.sessionId), rev! + 1, 'the revision advanced once')
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['ada@example.com'], 'one email answer, whatever the race')

    const number = await s.call('POST', `/v1/sessions/${chat.sessionId}/continueChat`, { token: owner.token, body: { message: '42' } })
    assert.equal(number.status, 200, JSON.stringify(number.body))
    assert.equal(number.body.input, undefined)
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['ada@example.com', '42'])
    const result = await s.call('GET', `/v1/bots/${chat.botId}/results/${chat.resultId}`, { token: owner.token })
    assert.equal(result.body.result.isCompleted, true)
  })

  test(`${COUNT} identical replies on a chat's last input: one turn ends it, all get its answer, the session is gone`, async () => {
    const chat = await startLive(
      bot(
        [['g', [{ id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } }, holdBlock('hold', peer.url), say('bye', 'Bye {{Answer}}')]]],
        {
          variables: [{ id: 'vAnswer', name: 'Answer' }],
        },
      ),
    )
    assert.deepEqual(await fire(chat.sessionId, 'last'), Array(COUNT).fill(200))
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['last'])
    assert.equal(await revision(chat.sessionId), undefined)
  })

  test('a reply sent again as soon as its answer came back is a new answer (the next question), not a repeat', async () => {
    const chat = await startLive(
      bot(
        [
          [
            'g',
            [
              say('echo', 'You said {{Answer}}'),
              { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
              holdBlock('hold', peer.url),
              { id: 'back', type: 'Jump', options: { groupId: 'g' } },
            ],
          ],
        ],
        {
          variables: [{ id: 'vAnswer', name: 'Answer' }],
        },
      ),
    )
    const send = () => s.call('POST', `/v1/sessions/${chat.sessionId}/continueChat`, { token: owner.token, body: { message: 'yes' } })
    const first = await send()
    const again = await send()
    assert.equal(first.status, 200)
    assert.equal(again.status, 200)
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['yes', 'yes'], 'the same reply, sent after the answer, answers the next question')
  })
})
