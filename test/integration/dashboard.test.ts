// The bots dashboard: folders, list filters and states, duplicate, export, move, close/reopen, starter bots, and
// importing several bots at once with their Typebot links kept.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { fixtureTests, loadFixture } from '../support/fixtures.js'
import { addMember, importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const say = (id: string, text: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text }] }] } })

/** A one-group bot from its blocks (the start event leads to it). */
const flow = (id: string, name: string, blocks: unknown[], variables: unknown[] = []) => ({
  version: '6',
  id,
  name,
  events: [{ id: `${id}-start`, type: 'start', outgoingEdgeId: `${id}-e`, graphCoordinates: { x: 0, y: 0 } }],
  groups: [{ id: `${id}-g`, title: 'G', graphCoordinates: { x: 0, y: 0 }, blocks }],
  edges: [{ id: `${id}-e`, from: { eventId: `${id}-start` }, to: { groupId: `${id}-g` } }],
  variables,
  theme: {},
  settings: {},
})

/** The texts of a chat answer's bubbles. */
const texts = (body: any): string[] =>
  (body.messages ?? []).map((m: any) => (m.content?.richText ?? []).flatMap((p: any) => (p.children ?? []).map((c: any) => c.text)).join(''))

describe('bots dashboard', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer()
  })
  after(() => s.stop())

  const publish = async (token: string, botId: string) => assert.equal((await s.call('POST', `/v1/bots/${botId}/publish`, { token })).status, 200)

  /** A live chat: the answers of startChat and of each message, in order. */
  const chat = async (token: string, publicId: string, messages: string[]) => {
    const start = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const answers = [start.body]
    for (const message of messages) {
      const res = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token, body: { message } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      answers.push(res.body)
    }
    return answers.map(texts)
  }

  test('folders: create, list, rename, delete (its bots move to the root); guests 403, outsiders 404', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const [guest, outsider] = await Promise.all([userWithWorkspace(s, 'Guest'), userWithWorkspace(s, 'Outsider')])
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const base = `/v1/workspaces/${owner.workspaceId}/folders`
    const created = await s.call('POST', base, { token: owner.token, body: { name: 'Sales' } })
    assert.equal(created.status, 200)
    const folder = created.body.folder
    assert.equal(folder.name, 'Sales')
    await s.call('POST', base, { token: owner.token, body: { name: 'Marketing' } })
    assert.deepEqual(
      (await s.call('GET', base, { token: guest.token })).body.folders.map((f: any) => f.name),
      ['Marketing', 'Sales'],
    )
    const renamed = await s.call('PATCH', `${base}/${folder.id}`, { token: owner.token, body: { name: 'Leads' } })
    assert.equal(renamed.body.folder.name, 'Leads')
    assert.equal((await s.call('POST', base, { token: guest.token, body: { name: 'X' } })).status, 403)
    assert.equal((await s.call('PATCH', `${base}/${folder.id}`, { token: guest.token, body: { name: 'X' } })).status, 403)
    assert.equal((await s.call('DELETE', `${base}/${folder.id}`, { token: guest.token })).status, 403)
    assert.equal((await s.call('GET', base, { token: outsider.token })).status, 404)
    const otherBase = `/v1/workspaces/${outsider.workspaceId}/folders`
    assert.equal((await s.call('PATCH', `${otherBase}/${folder.id}`, { token: outsider.token, body: { name: 'X' } })).status, 404)
    assert.equal((await s.call('POST', base, { token: owner.token, body: { name: '  ' } })).status, 400)

    const bot = await s.call('POST', '/v1/bots', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: { name: 'In folder', folderId: folder.id } },
    })
    assert.equal(bot.body.bot.folderId, folder.id)
    // A folder of another workspace is unknown here.
    const foreign = (await s.call('POST', otherBase, { token: outsider.token, body: { name: 'Theirs' } })).body.folder
    const refused = await s.call('POST', `/v1/bots/${bot.body.bot.id}/move`, { token: owner.token, body: { folderId: foreign.id } })
    assert.equal(refused.status, 404)
    assert.equal((await s.call('DELETE', `${base}/${folder.id}`, { token: owner.token })).status, 200)
    assert.equal((await s.call('GET', `/v1/bots/${bot.body.bot.id}`, { token: owner.token })).body.bot.folderId, null)
    assert.equal((await s.call('DELETE', `${base}/${folder.id}`, { token: owner.token })).status, 404)
  })

  test('list: folder filter, name search, and publishedAt / hasUnpublishedChanges / isClosed / folderId / publicId', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const w = owner.workspaceId
    const folder = (await s.call('POST', `/v1/workspaces/${w}/folders`, { token: owner.token, body: { name: 'F' } })).body.folder
    const create = async (name: string, extra: Record<string, unknown> = {}) =>
      (await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: w, bot: { name, ...extra } } })).body.bot
    const support = await create('Support Bot')
    await create('Sales bot', { folderId: folder.id })
    const list = async (query = '') => (await s.call('GET', `/v1/bots?workspaceId=${w}${query}`, { token: owner.token })).body.bots
    const names = async (query = '') => (await list(query)).map((b: any) => b.name)
    assert.deepEqual(await names(), ['Sales bot', 'Support Bot'])
    assert.deepEqual(await names(`&folderId=${folder.id}`), ['Sales bot'])
    assert.deepEqual(await names('&folderId=root'), ['Support Bot'])
    assert.deepEqual(await names('&q=SUPPORT'), ['Support Bot'])
    assert.deepEqual(await names(`&q=bot&folderId=${folder.id}`), ['Sales bot'])
    assert.deepEqual(await names('&q=nothing'), [])

    const summary = async () => (await list()).find((b: any) => b.id === support.id)
    let row = await summary()
    assert.deepEqual(
      { ...row, createdAt: 0, updatedAt: 0 },
      {
        id: support.id,
        name: 'Support Bot',
        icon: null,
        folderId: null,
        publicId: support.publicId,
        isArchived: false,
        isClosed: false,
        isPublished: false,
        publishedAt: null,
        hasUnpublishedChanges: false,
        createdAt: 0,
        updatedAt: 0,
      },
    )
    await publish(owner.token, support.id)
    row = await summary()
    assert.equal(row.isPublished, true)
    assert.ok(row.publishedAt)
    assert.equal(row.hasUnpublishedChanges, false)
    // Renaming or moving is not a change of what runs; editing the flow is.
    await s.call('PATCH', `/v1/bots/${support.id}`, { token: owner.token, body: { bot: { name: 'Support', icon: '💬' } } })
    await s.call('POST', `/v1/bots/${support.id}/move`, { token: owner.token, body: { folderId: folder.id } })
    row = await summary()
    assert.deepEqual([row.name, row.icon, row.folderId, row.hasUnpublishedChanges], ['Support', '💬', folder.id, false])
    await s.call('PATCH', `/v1/bots/${support.id}`, {
      token: owner.token,
      body: { bot: { groups: [{ id: 'g', title: 'G', graphCoordinates: { x: 0, y: 0 }, blocks: [say('b', 'Hi')] }] } },
    })
    assert.equal((await summary()).hasUnpublishedChanges, true)
    await publish(owner.token, support.id)
    assert.equal((await summary()).hasUnpublishedChanges, false)
    await s.call('POST', `/v1/bots/${support.id}/unpublish`, { token: owner.token })
    row = await summary()
    assert.deepEqual([row.isPublished, row.publishedAt, row.hasUnpublishedChanges], [false, null, false])
    await s.call('POST', `/v1/bots/${support.id}/move`, { token: owner.token, body: { folderId: null } })
    assert.equal((await summary()).folderId, null)
    assert.equal((await s.call('GET', `/v1/bots?workspaceId=${w}&q=${'x'.repeat(201)}`, { token: owner.token })).status, 400)
  })

  test('duplicate, export (a download the import takes back), close and reopen; guests 403, outsiders 404', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const [guest, outsider] = await Promise.all([userWithWorkspace(s, 'Guest'), userWithWorkspace(s, 'Outsider')])
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const original = await importBot(s, owner.token, owner.workspaceId, flow('orig', 'Greeter', [say('hello', 'Hello!')]))
    await publish(owner.token, original.id)

    const copy = await s.call('POST', `/v1/bots/${original.id}/duplicate`, { token: owner.token })
    assert.equal(copy.status, 200)
    assert.equal(copy.body.bot.name, 'Greeter (copy)')
    assert.notEqual(copy.body.bot.id, original.id)
    assert.notEqual(copy.body.bot.publicId, original.publicId)
    assert.deepEqual(copy.body.bot.groups, original.groups)
    const copyRow = (await s.call('GET', `/v1/bots?workspaceId=${owner.workspaceId}`, { token: owner.token })).body.bots.find(
      (b: any) => b.id === copy.body.bot.id,
    )
    assert.equal(copyRow.isPublished, false)

    const exported = await s.call('GET', `/v1/bots/${original.id}/export`, { token: guest.token })
    assert.equal(exported.status, 200)
    assert.match(exported.headers.get('content-disposition')!, /^attachment; filename="typebot-export-greeter\.json"/)
    assert.equal(exported.body.id, original.id)
    assert.deepEqual(exported.body.groups, original.groups)
    const reimported = await importBot(s, owner.token, owner.workspaceId, exported.body)
    assert.deepEqual([reimported.name, reimported.groups], ['Greeter', original.groups])

    for (const path of ['duplicate', 'close', 'reopen']) {
      assert.equal((await s.call('POST', `/v1/bots/${original.id}/${path}`, { token: guest.token })).status, 403, path)
      assert.equal((await s.call('POST', `/v1/bots/${original.id}/${path}`, { token: outsider.token })).status, 404, path)
    }
    assert.equal((await s.call('GET', `/v1/bots/${original.id}/export`, { token: outsider.token })).status, 404)
    assert.equal((await s.call('POST', `/v1/bots/${original.id}/move`, { token: guest.token, body: { folderId: null } })).status, 403)

    const closed = await s.call('POST', `/v1/bots/${original.id}/close`, { token: owner.token })
    assert.equal(closed.body.bot.isClosed, true)
    const refused = await s.call('POST', `/v1/bots/${original.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(refused.body.code, 'bot_closed')
    const reopened = await s.call('POST', `/v1/bots/${original.id}/reopen`, { token: owner.token })
    assert.equal(reopened.body.bot.isClosed, false)
    assert.deepEqual(await chat(owner.token, original.publicId, []), [['Hello!']])
  })

  test('starters: listed, created (into a folder, renamed), published and chatted through to the end', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const listed = await s.call('GET', '/v1/starters', { token: owner.token })
    // The starters are the template gallery's first three (GET /v1/templates lists them all).
    assert.deepEqual(
      listed.body.starters.slice(0, 3).map((x: any) => x.id),
      ['lead-capture', 'customer-feedback', 'faq'],
    )
    assert.ok(listed.body.starters.every((x: any) => x.name && x.description))
    const folder = (await s.call('POST', `/v1/workspaces/${owner.workspaceId}/folders`, { token: owner.token, body: { name: 'Starters' } })).body
      .folder
    const create = async (starterId: string, bot?: Record<string, unknown>) => {
      const res = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, starterId, bot } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      await publish(owner.token, res.body.bot.id)
      return res.body.bot
    }
    const lead = await create('lead-capture', { name: 'Our leads', folderId: folder.id })
    assert.deepEqual([lead.name, lead.folderId, lead.version], ['Our leads', folder.id, '6'])
    const leadChat = await chat(owner.token, lead.publicId, ['Ada', 'ada@example.com', 'A demo'])
    assert.deepEqual(leadChat.at(-1), ['Thanks, Ada! We will write to ada@example.com soon.'])

    const feedback = await create('customer-feedback')
    assert.deepEqual((await chat(owner.token, feedback.publicId, ['9', 'Speed'])).slice(1), [
      ['Wonderful, thank you! What did you like most?'],
      ['Thanks for your feedback (9/10). It helps us a lot.'],
    ])
    assert.deepEqual((await chat(owner.token, feedback.publicId, ['3']))[1], ['Sorry to hear that. What should we improve?'])

    const faq = await create('faq')
    const faqChat = await chat(owner.token, faq.publicId, ['Shipping', 'Yes', 'Talk to a person', 'ada@example.com'])
    assert.deepEqual(faqChat, [
      ['What would you like to know?'],
      ['Orders ship within 2 business days; delivery takes 3 to 5 days.', 'Anything else I can help with?'],
      ['What would you like to know?'],
      ['Leave your email and a person will answer you shortly.'],
      ['Have a great day!'],
    ])
    const unknown = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, starterId: 'nope' } })
    assert.equal(unknown.status, 404)
  })

  test('importMany keeps the links between the imported bots; a chat crosses the link', async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const main = flow('cl-main-original', 'Main', [
      say('m1', 'Welcome to main'),
      { id: 'self', type: 'Typebot link', options: { typebotId: 'current', groupId: 'cl-main-original-g2' } },
    ])
    main.groups.push({
      id: 'cl-main-original-g2',
      title: 'G2',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [{ id: 'link', type: 'Typebot link', options: { typebotId: 'cl-sub-original' } }, say('m2', 'Back in main')],
    })
    const sub = flow(
      'cl-sub-original',
      'Sub',
      [say('s1', 'In sub: your name?'), { id: 'ask', type: 'text input', options: { variableId: 'sv' } }, say('s2', 'Hi {{N}}')],
      [{ id: 'sv', name: 'N' }],
    )
    const unrelated = { id: 'link2', type: 'Typebot link', options: { typebotId: 'some-existing-bot' } }
    ;(sub.groups[0].blocks as unknown[]).push(unrelated)

    const res = await s.call('POST', '/v1/bots/importMany', { token: owner.token, body: { workspaceId: owner.workspaceId, bots: [main, sub] } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const [newMain, newSub] = res.body.bots
    assert.deepEqual([newMain.name, newSub.name], ['Main', 'Sub'])
    assert.ok(![main.id, sub.id].includes(newMain.id) && ![main.id, sub.id].includes(newSub.id))
    const blocks = (bot: any) => bot.groups.flatMap((g: any) => g.blocks)
    const links = (bot: any) =>
      blocks(bot)
        .filter((b: any) => b.type === 'Typebot link')
        .map((b: any) => b.options.typebotId)
    assert.deepEqual(links(newMain), ['current', newSub.id])
    assert.deepEqual(links(newSub), ['some-existing-bot'])

    await publish(owner.token, newMain.id)
    await publish(owner.token, newSub.id)
    const answers = await chat(owner.token, newMain.publicId, ['Ada'])
    assert.deepEqual(answers[0], ['Welcome to main', 'In sub: your name?'])
    assert.deepEqual(answers[1], ['Hi Ada', 'Back in main'])

    // All are validated first: one bad bot stores none, and the issue names it.
    const before = (await s.call('GET', `/v1/bots?workspaceId=${owner.workspaceId}`, { token: owner.token })).body.bots.length
    const bad = await s.call('POST', '/v1/bots/importMany', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bots: [main, { ...sub, groups: [{ id: 1 }] }] },
    })
    assert.equal(bad.status, 400)
    assert.ok(
      bad.body.issues.every((i: any) => i.path.startsWith('bots.1')),
      JSON.stringify(bad.body.issues),
    )
    assert.equal((await s.call('GET', `/v1/bots?workspaceId=${owner.workspaceId}`, { token: owner.token })).body.bots.length, before)
    assert.equal(
      (await s.call('POST', '/v1/bots/importMany', { token: owner.token, body: { workspaceId: owner.workspaceId, bots: [] } })).status,
      400,
    )
    const guest = await userWithWorkspace(s, 'Guest')
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    assert.equal(
      (await s.call('POST', '/v1/bots/importMany', { token: guest.token, body: { workspaceId: owner.workspaceId, bots: [main] } })).status,
      403,
    )
  })

  fixtureTests('dashboard')("importMany of Typebot's linked test bots (1 → 2 → 3) rewrites every link to the new ids", async () => {
    const owner = await userWithWorkspace(s, 'Owner')
    const files = ['1.json', '2.json', '3.json'].map((f) => loadFixture(`viewer-test-assets/linkTypebots/${f}`))
    const res = await s.call('POST', '/v1/bots/importMany', { token: owner.token, body: { workspaceId: owner.workspaceId, bots: files } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const newIds = new Map(files.map((f, i) => [f.id, res.body.bots[i].id]))
    for (const [i, bot] of res.body.bots.entries()) {
      const original = files[i].groups.flatMap((g: any) => g.blocks).filter((b: any) => b.type === 'Typebot link')
      const now = bot.groups.flatMap((g: any) => g.blocks).filter((b: any) => b.type === 'Typebot link')
      assert.deepEqual(
        now.map((b: any) => b.options.typebotId),
        original.map((b: any) => newIds.get(b.options.typebotId) ?? b.options.typebotId),
      )
    }
    assert.deepEqual(
      res.body.bots[0].groups
        .flatMap((g: any) => g.blocks)
        .filter((b: any) => b.type === 'Typebot link')
        .map((b: any) => b.options.typebotId),
      ['current', res.body.bots[1].id],
    )
  })
})
