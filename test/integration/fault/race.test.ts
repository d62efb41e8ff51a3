// Racing replies: the same reply sent 50 times at once on one session (a double-clicking client, retries),
// fired from another process so that the requests really arrive together. Exactly one turn is applied: one stored
// answer and one revision of the session; every other request gets that turn's answer again (200) or a conflict
// (409), and changes nothing.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { REPEAT_GRACE_MS } from '../../../src/app/recentTurns.js'
import { backend } from '../../support/database.js'
import { bot, say } from '../../support/engine.js'
import { burst } from '../../support/process.js'
import { importAndPublish, userWithWorkspace } from '../../support/seed.js'
import { startTestServer, type TestServer } from '../../support/server.js'

const COUNT = 50

describe(`racing replies on one session (${backend})`, () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

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
  const fire = (sessionId: string, message: string) =>
    burst(COUNT, `${s.url}/v1/sessions/${sessionId}/continueChat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    })
  const tally = (statuses: number[]) => {
    const unexpected = statuses.filter((x) => x !== 200 && x !== 409)
    assert.deepEqual(unexpected, [], `only 200 and 409: ${JSON.stringify(statuses)}`)
    return statuses.filter((x) => x === 200).length
  }

  test(`${COUNT} identical replies at once on a looping text input: one answer and one revision, the same answer for all`, async (t) => {
    const chat = await startLive(
      bot(
        [
          [
            'g',
            [
              say('echo', 'You said {{Answer}}'),
              { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
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
      const ok = tally(statuses)
      t.diagnostic(`round ${round}: ${ok} × 200, ${statuses.length - ok} × 409`)
      assert.ok(ok >= 1, 'one of the racing requests wins')
      expected += 1
      assert.equal(await revision(chat.sessionId), rev! + 1, 'the revision advanced once')
      const stored = await answers(chat.botId, chat.resultId)
      assert.equal(stored.length, expected, `one answer stored per burst (round ${round}: ${ok} × 200)`)
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
    const ok = tally(await fire(chat.sessionId, 'Ada@Example.com'))
    assert.ok(ok >= 1)
    assert.equal(await revision(chat.sessionId), rev! + 1, 'the revision advanced once')
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['ada@example.com'], 'one email answer, whatever the race')

    const number = await s.call('POST', `/v1/sessions/${chat.sessionId}/continueChat`, { token: owner.token, body: { message: '42' } })
    assert.equal(number.status, 200, JSON.stringify(number.body))
    assert.equal(number.body.input, undefined)
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['ada@example.com', '42'])
    const result = await s.call('GET', `/v1/bots/${chat.botId}/results/${chat.resultId}`, { token: owner.token })
    assert.equal(result.body.result.isCompleted, true)
  })

  test(`${COUNT} identical replies on a chat's last input: one 200 ends it, the session is gone`, async () => {
    const chat = await startLive(
      bot([['g', [{ id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } }, say('bye', 'Bye {{Answer}}')]]], {
        variables: [{ id: 'vAnswer', name: 'Answer' }],
      }),
    )
    const statuses = await fire(chat.sessionId, 'last')
    assert.deepEqual(
      statuses.filter((x) => x !== 200 && x !== 409 && x !== 404),
      [],
      JSON.stringify(statuses),
    )
    assert.ok(statuses.includes(200), `one request ends the chat: ${JSON.stringify(statuses)}`)
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['last'])
    assert.equal(await revision(chat.sessionId), undefined)
  })

  test('a reply sent again after its answer came back is a new answer (the next question), not a repeat', async () => {
    const chat = await startLive(
      bot(
        [
          [
            'g',
            [
              say('echo', 'You said {{Answer}}'),
              { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
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
    // A person reads the next question before answering it.
    await new Promise((r) => setTimeout(r, REPEAT_GRACE_MS + 50))
    const again = await send()
    assert.equal(first.status, 200)
    assert.equal(again.status, 200)
    assert.deepEqual(await answers(chat.botId, chat.resultId), ['yes', 'yes'], 'the same reply, sent after the answer, answers the next question')
  })
})
