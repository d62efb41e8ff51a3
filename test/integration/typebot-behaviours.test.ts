// Places where Parley does what Typebot does, over the chat API on a real server: dynamic buttons whose list is not
// set yet, a lone `{{…}}` Set variable expression naming no variable, avatars that follow a variable.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, edge, say } from '../support/engine.js'
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
  test('avatars from a variable follow it turn by turn, a GIF\'s URL included, with each "Next" sent as soon as it shows', async () => {
    // Typebot's own dynamicAvatars check: the same reply to three buttons in a row, each answered by its own turn.
    const photo = 'https://images.example.com/photo.jpg?fit=max&w=1080'
    const gif = 'https://media.example.com/media/giphy-downsized.gif?rid=giphy-downsized.gif&ct=g'
    const step = (n: number, value: string, next?: string): [string, any[]] => [
      `g${n}`,
      [
        { id: `set${n}`, type: 'Set variable', options: { variableId: 'vAvatar', expressionToEvaluate: value } },
        say(`said${n}`, `Avatar ${n}`),
        { id: `next${n}`, type: 'choice input', items: [{ id: `i${n}`, content: 'Next', ...(next && { outgoingEdgeId: next }) }] },
      ],
    ]
    const started = await start(
      bot([step(1, photo, 'e1'), step(2, '😅', 'e2'), step(3, gif)], {
        edges: [edge('e1', { blockId: 'next1', itemId: 'i1' }, 'g2'), edge('e2', { blockId: 'next2', itemId: 'i2' }, 'g3')],
        variables: [{ id: 'vAvatar', name: 'Avatar URL' }],
        theme: { chat: { hostAvatar: { isEnabled: true, url: '{{Avatar URL}}' }, guestAvatar: { isEnabled: true, url: '{{Avatar URL}}' } } },
        settings: fast,
      }),
    )
    assert.equal(started.dynamicTheme.hostAvatarUrl, photo)
    const second = await reply(started.sessionId, 'Next')
    assert.deepEqual(texts(second), ['Avatar 2'])
    assert.deepEqual(second.body.dynamicTheme, { hostAvatarUrl: '😅', guestAvatarUrl: '😅' })
    const third = await reply(started.sessionId, 'Next')
    assert.deepEqual(texts(third), ['Avatar 3'])
    assert.deepEqual(third.body.dynamicTheme, { hostAvatarUrl: gif, guestAvatarUrl: gif })
  })
})
