// Version history over the API: every publish is a numbered version with who and a note; versions are listed, read,
// compared by title and text, previewed without publishing, made live again (running chats keep theirs) and copied
// into the draft; guests read but do not write; another workspace sees nothing; retention prunes the oldest.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { addMember, importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const greeting = (text: string, extra: { variables?: any[]; theme?: any } = {}) =>
  bot(
    [
      ['Welcome', [say('hello', text), { id: 'ask', type: 'text input', options: { labels: { placeholder: 'Your name' } } }]],
      ['Bye', [say('bye', 'See you')]],
    ],
    { edges: [{ id: 'e-bye', from: { blockId: 'ask' }, to: { groupId: 'Bye' } }], ...extra },
  )

const firstText = (body: any) => body.messages[0].content.richText[0].children[0].text

describe('bot versions', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer({ PARLEY_BOT_VERSIONS_KEPT: '3' })
  })
  after(() => s.stop())

  test('publish, change, publish, compare, roll back: new chats get the old version, running chats keep theirs', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const created = await importBot(s, owner.token, owner.workspaceId, greeting('Hello there'))
    const path = `/v1/bots/${created.id}`
    const first = await s.call('POST', `${path}/publish`, { token: owner.token, body: { note: 'Launch' } })
    assert.equal(first.status, 200, JSON.stringify(first.body))
    const onFirst = await s.call('POST', `/v1/bots/${created.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(firstText(onFirst.body), 'Hello there')

    const draft = (await s.call('GET', path, { token: owner.token })).body.bot
    const changed = greeting('Welcome back', { variables: [{ id: 'v-name', name: 'Name' }], theme: { general: { font: 'Lato' } } })
    const patched = await s.call('PATCH', path, { token: owner.token, body: { bot: { ...changed, updatedAt: draft.updatedAt } } })
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
    // Publishing without a body still works (Typebot's clients send none).
    assert.equal((await s.call('POST', `${path}/publish`, { token: owner.token })).status, 200)

    const listed = await s.call('GET', `${path}/versions`, { token: owner.token })
    assert.equal(listed.status, 200, JSON.stringify(listed.body))
    const [v2, v1] = listed.body.versions
    assert.deepEqual(
      listed.body.versions.map((v: any) => [v.number, v.note, v.isLive, v.publishedBy?.name]),
      [
        [2, null, true, 'Owner'],
        [1, 'Launch', false, 'Owner'],
      ],
    )
    assert.equal(listed.body.total, 2)
    assert.ok(listed.body.bytes > 0 && listed.body.bytes === v1.size + v2.size)
    assert.equal(listed.body.liveVersionId, v2.id)

    const read = await s.call('GET', `${path}/versions/${v1.id}`, { token: owner.token })
    assert.equal(read.status, 200)
    assert.equal(read.body.version.bot.groups[0].blocks[0].content.richText[0].children[0].text, 'Hello there')

    const compared = await s.call('GET', `${path}/versions/compare?from=${v1.id}&to=${v2.id}`, { token: owner.token })
    assert.equal(compared.status, 200, JSON.stringify(compared.body))
    const { diff } = compared.body
    assert.deepEqual(compared.body.from, { label: 'version 1', id: v1.id, number: 1 })
    assert.deepEqual(
      diff.blocks.changed.map((b: any) => [b.id, b.group, b.changes]),
      [['hello', 'Welcome', [{ path: 'content.richText', from: 'Hello there', to: 'Welcome back' }]]],
    )
    assert.deepEqual(diff.variables.added, [{ id: 'v-name', name: 'Name' }])
    assert.deepEqual(diff.theme, [{ path: 'general.font', from: null, to: 'Lato' }])
    assert.deepEqual(diff.summary, { added: 1, removed: 0, changed: 2 })
    const byNumber = await s.call('GET', `${path}/versions/compare?from=1&to=2`, { token: owner.token })
    assert.deepEqual(byNumber.body.diff, diff, 'versions may be named by number')
    assert.equal((await s.call('GET', `${path}/versions/2`, { token: owner.token })).body.version.id, v2.id)
    assert.equal((await s.call('GET', `${path}/versions/9`, { token: owner.token })).status, 404)
    const same = await s.call('GET', `${path}/versions/compare?from=live`, { token: owner.token })
    assert.deepEqual(same.body.diff.summary, { added: 0, removed: 0, changed: 0 }, 'the draft is the live version')

    // A chat that started on version 2 goes on on it after the rollback; new chats get version 1.
    const onSecond = await s.call('POST', `/v1/bots/${created.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(firstText(onSecond.body), 'Welcome back')
    const rolledBack = await s.call('POST', `${path}/versions/${v1.id}/restore`, { token: owner.token })
    assert.equal(rolledBack.status, 200, JSON.stringify(rolledBack.body))
    assert.equal(rolledBack.body.version.isLive, true)
    const afterRollback = await s.call('POST', `/v1/bots/${created.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(firstText(afterRollback.body), 'Hello there')
    const goingOn = await s.call('POST', `/v1/sessions/${onSecond.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Ada' } })
    assert.equal(goingOn.status, 200)
    assert.equal(firstText(goingOn.body), 'See you')
    const bot = await s.call('GET', path, { token: owner.token })
    assert.equal(bot.body.hasUnpublishedChanges, true, 'the draft is version 2, the live one version 1')
    assert.equal((await s.call('GET', `${path}/publishedBot`, { token: owner.token })).body.publishedBot.id, v1.id)

    // Preview a version without publishing it; copy it into the draft.
    const results = async () => (await s.call('GET', `/v1/bots/${created.id}/results`, { token: owner.token })).body.results.length
    const resultsBefore = await results()
    const preview = await s.call('POST', `${path}/versions/${v2.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    assert.equal(firstText(preview.body), 'Welcome back')
    const previewed = await s.call('POST', `/v1/sessions/${preview.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Bo' } })
    assert.equal(firstText(previewed.body), 'See you')
    assert.equal(await results(), resultsBefore, 'previews store no result')
    const restored = await s.call('POST', `${path}/versions/${v1.id}/restoreDraft`, { token: owner.token })
    assert.equal(restored.status, 200, JSON.stringify(restored.body))
    assert.equal(restored.body.bot.groups[0].blocks[0].content.richText[0].children[0].text, 'Hello there')
    assert.equal(restored.body.bot.name, created.name)
    assert.equal((await s.call('GET', path, { token: owner.token })).body.hasUnpublishedChanges, false)
  })

  test('guests read versions but may not change them; strangers and unknown ids get 404; bad queries 400', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const guest = await s.user('Guest', `guest-${Date.now()}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const created = await importBot(s, owner.token, owner.workspaceId, greeting('Hi'))
    const path = `/v1/bots/${created.id}`
    await s.call('POST', `${path}/publish`, { token: owner.token })
    const [v1] = (await s.call('GET', `${path}/versions`, { token: guest.token })).body.versions
    assert.equal((await s.call('GET', `${path}/versions/${v1.id}`, { token: guest.token })).status, 200)
    assert.equal((await s.call('GET', `${path}/versions/compare?from=${v1.id}`, { token: guest.token })).status, 200)
    assert.equal((await s.call('POST', `${path}/versions/${v1.id}/restore`, { token: guest.token })).status, 403)
    assert.equal((await s.call('POST', `${path}/versions/${v1.id}/restoreDraft`, { token: guest.token })).status, 403)

    const stranger = await userWithWorkspace(s, 'Stranger')
    assert.equal((await s.call('GET', `${path}/versions`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `${path}/versions/${v1.id}`, { token: stranger.token })).status, 404)
    // Another bot's version is not this bot's.
    const other = await importBot(s, stranger.token, stranger.workspaceId, greeting('Mine'))
    await s.call('POST', `/v1/bots/${other.id}/publish`, { token: stranger.token })
    const [theirs] = (await s.call('GET', `/v1/bots/${other.id}/versions`, { token: stranger.token })).body.versions
    assert.equal((await s.call('POST', `/v1/bots/${other.id}/versions/${v1.id}/restore`, { token: stranger.token })).status, 404)
    assert.equal((await s.call('GET', `${path}/versions/${theirs.id}`, { token: owner.token })).status, 404)
    assert.equal((await s.call('GET', `${path}/versions/compare?from=${theirs.id}`, { token: owner.token })).status, 404)
    assert.equal((await s.call('POST', `${path}/versions/${theirs.id}/preview/startChat`, { token: owner.token, body: {} })).status, 404)

    assert.equal((await s.call('GET', `${path}/versions?limit=0`, { token: owner.token })).status, 400)
    assert.equal((await s.call('GET', `${path}/versions?limit=abc`, { token: owner.token })).status, 400)
    assert.equal((await s.call('GET', `${path}/versions?before=3000000000`, { token: owner.token })).status, 400)
    assert.equal((await s.call('GET', `${path}/versions/compare`, { token: owner.token })).status, 400)
    assert.equal((await s.call('POST', `${path}/publish`, { token: owner.token, body: { note: 'x'.repeat(501) } })).status, 400)
    const unpublished = await importBot(s, owner.token, owner.workspaceId, greeting('Never published'))
    assert.equal((await s.call('GET', `/v1/bots/${unpublished.id}/versions/compare?from=live`, { token: owner.token })).status, 400)
  })

  test('retention keeps the newest versions, the live one and those chats still run on; pages go by number', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const created = await importBot(s, owner.token, owner.workspaceId, greeting('v1'))
    const path = `/v1/bots/${created.id}`
    const publishAs = async (text: string) => {
      const draft = (await s.call('GET', path, { token: owner.token })).body.bot
      await s.call('PATCH', path, { token: owner.token, body: { bot: { ...greeting(text), updatedAt: draft.updatedAt } } })
      assert.equal((await s.call('POST', `${path}/publish`, { token: owner.token, body: { note: text } })).status, 200)
    }
    await s.call('POST', `${path}/publish`, { token: owner.token, body: { note: 'v1' } })
    // A visitor is mid-chat on version 1: it must survive the pruning.
    const running = await s.call('POST', `/v1/bots/${created.publicId}/startChat`, { token: owner.token, body: {} })
    for (const text of ['v2', 'v3', 'v4', 'v5']) await publishAs(text)
    const listed = (await s.call('GET', `${path}/versions`, { token: owner.token })).body
    assert.deepEqual(
      listed.versions.map((v: any) => v.note),
      ['v5', 'v4', 'v3', 'v1'],
      'kept: the 3 newest and the one a chat runs on (v2 went)',
    )
    const page = (await s.call('GET', `${path}/versions?limit=2`, { token: owner.token })).body
    assert.deepEqual(
      page.versions.map((v: any) => v.number),
      [5, 4],
    )
    const next = (await s.call('GET', `${path}/versions?limit=2&before=${page.nextBefore}`, { token: owner.token })).body
    assert.deepEqual(
      next.versions.map((v: any) => v.number),
      [3, 1],
    )
    const goingOn = await s.call('POST', `/v1/sessions/${running.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Ada' } })
    assert.equal(firstText(goingOn.body), 'See you')
  })
})
