// Places where Parley does what Typebot does, over the chat API on a real server: dynamic buttons whose list is not
// set yet, and a lone `{{…}}` Set variable expression naming no variable.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const fast = { typingEmulation: { enabled: false } }

describe('Typebot behaviours over the chat API', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  const start = async (definition: unknown) => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, definition)
    return (await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })).body
  }
  const reply = (sessionId: string, message: string) =>
    s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message } })
  const texts = (res: any) =>
    res.body.messages.map((m: any) => m.content.richText.map((p: any) => p.children.map((c: any) => c.text).join('')).join(''))
  const storedLogs = async (resultKey: string) =>
    s.store.db
      .selectFrom('logs')
      .select(['status', 'description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, resultKey))
      .execute()

  test('buttons from a list variable that is not set: the block as written, its `{{list}}` button accepted', async () => {
    const started = await start(
      bot(
        [
          [
            'g',
            [
              {
                id: 'pick',
                type: 'choice input',
                options: { dynamicVariableId: 'vList', variableId: 'vPick' },
                items: [{ id: 'i1', content: '{{List}}' }],
              },
              say('got', 'Picked [{{Pick}}]'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vList', name: 'List' },
            { id: 'vPick', name: 'Pick' },
          ],
          settings: fast,
        },
      ),
    )
    assert.deepEqual(started.input.items, [{ id: 'i1', content: '{{List}}' }])
    const res = await reply(started.sessionId, '{{List}}')
    assert.equal(res.status, 200)
    assert.deepEqual(texts(res), ['Picked [{{List}}]'])
  })

  test('a Set variable expression that is a lone `{{crypto.randomUUID()}}` is read as a variable: empty, nothing logged', async () => {
    const started = await start(
      bot(
        [
          [
            'g',
            [
              {
                id: 'set',
                type: 'Set variable',
                options: { variableId: 'vId', isCode: true, expressionToEvaluate: '{{crypto.randomUUID()}}' },
              },
              say('said', 'Id [{{Id}}]'),
            ],
          ],
        ],
        { variables: [{ id: 'vId', name: 'Id' }], settings: fast },
      ),
    )
    assert.deepEqual(
      started.messages.map((m: any) => m.content.richText[0].children.map((c: any) => c.text).join('')),
      ['Id []'],
    )
    assert.deepEqual(await storedLogs(started.resultId), [])
  })
})
