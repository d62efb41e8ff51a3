// The API side of the editor's traps: bot checks, the welcome group of a new bot, default graph coordinates, edges
// whose source lacks outgoingEdgeId.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { addMember, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const text = (id: string, words: string, more: Record<string, unknown> = {}) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: words }] }] },
  ...more,
})

describe('bot checks and the API traps', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  const create = async (bot: Record<string, unknown>) => {
    const res = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, bot } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body as { bot: Record<string, any>; checks: any[] }
  }
  const previewMessages = async (botId: string) => {
    const res = await s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return JSON.stringify(res.body.messages)
  }

  test('a bot created without groups greets: Welcome group, start event connected, no checks', async () => {
    const { bot, checks } = await create({ name: 'Empty' })
    assert.equal(bot.groups.length, 1)
    const [group] = bot.groups
    assert.equal(group.title, 'Welcome')
    assert.ok(group.graphCoordinates.x > bot.events[0].graphCoordinates.x, 'right of the start event')
    assert.deepEqual(group.blocks[0].content.richText[0].type, 'p')
    assert.equal(bot.edges.length, 1)
    assert.equal(bot.events[0].outgoingEdgeId, bot.edges[0].id)
    assert.deepEqual(bot.edges[0], { id: bot.edges[0].id, from: { eventId: bot.events[0].id }, to: { groupId: group.id } })
    assert.deepEqual(checks, [])
    assert.match(await previewMessages(bot.id), /Hello! 👋/)

    const withEmpty = await create({ name: 'Empty too', groups: [] })
    assert.equal(withEmpty.bot.groups[0].title, 'Welcome')
  })

  test('a bot created with groups is untouched', async () => {
    const groups = [{ id: 'g1', title: 'Mine', graphCoordinates: { x: 5, y: 6 }, blocks: [text('b1', 'Hi')] }]
    const { bot, checks } = await create({ name: 'Mine', groups })
    assert.deepEqual(bot.groups, groups)
    assert.deepEqual(bot.edges, [])
    assert.deepEqual(
      checks.map((c) => [c.code, c.severity]),
      [['startNotConnected', 'error']],
    )
  })

  test('groups and events without graphCoordinates are accepted and laid out; given ones are kept', async () => {
    const { bot } = await create({
      name: 'No coordinates',
      events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e1' }],
      groups: [
        { id: 'g1', title: 'One', blocks: [text('b1', 'One', { outgoingEdgeId: 'e2' })] },
        { id: 'g2', title: 'Two', blocks: [text('b2', 'Two')] },
        { id: 'g3', title: 'Placed', graphCoordinates: { x: -50, y: 900 }, blocks: [] },
      ],
      edges: [
        { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'e2', from: { blockId: 'b1' }, to: { groupId: 'g2' } },
      ],
    })
    assert.deepEqual(Object.keys(bot.groups[0]), ['id', 'title', 'blocks', 'graphCoordinates'])
    const [start] = bot.events
    const [one, two, placed] = bot.groups.map((g: any) => g.graphCoordinates)
    assert.deepEqual(placed, { x: -50, y: 900 })
    assert.deepEqual(start.graphCoordinates, { x: -450, y: 900 }, 'left of the placed group')
    assert.ok(one.x > placed.x && two.x > one.x, `columns follow the edges: ${JSON.stringify([one, two])}`)

    const patched = await s.call('PATCH', `/v1/bots/${bot.id}`, {
      token: owner.token,
      body: { bot: { groups: [...bot.groups, { id: 'g4', title: 'Later', blocks: [] }] } },
    })
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
    assert.deepEqual(patched.body.bot.groups.slice(0, 3), bot.groups)
    assert.ok(patched.body.bot.groups[3].graphCoordinates)
    assert.deepEqual(
      patched.body.checks.map((c: any) => [c.code, c.groupId]),
      [
        ['unreachableGroup', 'g3'],
        ['unreachableGroup', 'g4'],
      ],
    )
  })

  test('an edge whose source lacks outgoingEdgeId is followed in a chat, and reported', async () => {
    const { bot, checks } = await create({
      name: 'Forgot the ids',
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 } }],
      groups: [
        { id: 'g1', title: 'First', graphCoordinates: { x: 400, y: 0 }, blocks: [text('b1', 'First message')] },
        { id: 'g2', title: 'Second', graphCoordinates: { x: 800, y: 0 }, blocks: [text('b2', 'Second message')] },
      ],
      edges: [
        { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'e2', from: { blockId: 'b1' }, to: { groupId: 'g2' } },
      ],
    })
    assert.equal(bot.events[0].outgoingEdgeId, undefined, 'stored as sent')
    assert.deepEqual(
      checks.map((c) => [c.code, c.severity, c.edgeId]),
      [
        ['edgeWithoutOutgoingId', 'warning', 'e1'],
        ['edgeWithoutOutgoingId', 'warning', 'e2'],
      ],
    )
    const messages = await previewMessages(bot.id)
    assert.match(messages, /First message/)
    assert.match(messages, /Second message/)

    const published = await s.call('POST', `/v1/bots/${bot.id}/publish`, { token: owner.token })
    assert.equal(published.status, 200)
    const live = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(live.status, 200, JSON.stringify(live.body))
    assert.match(JSON.stringify(live.body.messages), /Second message/)
  })

  test('GET /check: readers and guests may, strangers get 404; links to missing bots are reported', async () => {
    const other = await create({ name: 'Linked' })
    const { bot, checks } = await create({
      name: 'Links',
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
      groups: [
        {
          id: 'g1',
          title: 'Links',
          graphCoordinates: { x: 400, y: 0 },
          blocks: [
            { id: 'l1', type: 'Typebot link', options: { typebotId: other.bot.id } },
            { id: 'l2', type: 'Typebot link', options: { typebotId: 'gone' } },
            { id: 'l3', type: 'Typebot link', options: { typebotId: 'current' } },
            { id: 'i1', type: 'email input', options: { variableId: 'nope' } },
          ],
        },
      ],
      edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    })
    const expected = [
      ['unknownVariable', 'i1'],
      ['missingLinkedBot', 'l2'],
    ]
    assert.deepEqual(
      checks.map((c) => [c.code, c.blockId]),
      expected,
    )

    const read = await s.call('GET', `/v1/bots/${bot.id}/check`, { token: owner.token })
    assert.equal(read.status, 200, JSON.stringify(read.body))
    assert.deepEqual(read.body.checks, checks)
    assert.match(read.body.checks[1].message, /block 2 \(Typebot link\) of group "Links"/i)

    const guest = await s.user('Guest', `guest-${Math.random().toString(36).slice(2, 8)}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const asGuest = await s.call('GET', `/v1/bots/${bot.id}/check`, { token: guest.token })
    assert.equal(asGuest.status, 200)
    assert.deepEqual(asGuest.body.checks, checks)

    const stranger = await userWithWorkspace(s, 'Stranger')
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/check`, { token: stranger.token })).status, 404)
    // A bot of another workspace is missing too, seen from this one.
    const foreign = await s.call('POST', '/v1/bots', { token: stranger.token, body: { workspaceId: stranger.workspaceId, bot: { name: 'Theirs' } } })
    const relinked = await s.call('PATCH', `/v1/bots/${bot.id}`, {
      token: owner.token,
      body: {
        bot: {
          groups: [{ ...bot.groups[0], blocks: [{ id: 'l1', type: 'Typebot link', options: { typebotId: foreign.body.bot.id } }] }],
        },
      },
    })
    assert.deepEqual(
      relinked.body.checks.map((c: any) => [c.code, c.blockId]),
      [['missingLinkedBot', 'l1']],
    )
  })

  test('a bot with a huge group title and thousands of findings answers 500 short checks and one "…and N more"', async () => {
    const blocks = Array.from({ length: 2_000 }, (_, i) => ({ id: `x${i}`, type: 'text input', options: { variableId: `gone${i}` } }))
    const groups = [{ id: 'g1', title: 'T'.repeat(3_000_000), graphCoordinates: { x: 400, y: 0 }, blocks }]
    const { bot, checks } = await create({
      name: 'Huge',
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
      groups,
      edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    })
    assert.equal(checks.length, 501)
    assert.deepEqual(checks.at(-1), { code: 'moreChecks', severity: 'warning', message: '…and 1500 more.' })
    assert.ok(JSON.stringify(checks).length < 200_000)
    const read = await s.call('GET', `/v1/bots/${bot.id}/check`, { token: owner.token })
    assert.equal(read.status, 200)
    assert.deepEqual(read.body.checks, checks)
  })

  test('links: the first 200 distinct linked bots are looked up; links to further ones are not reported', async () => {
    const mine = await create({ name: 'Mine' })
    const links = Array.from({ length: 250 }, (_, i) => ({
      id: `l${i}`,
      type: 'Typebot link',
      options: { typebotId: i === 0 ? mine.bot.id : `gone${i}` },
    }))
    const { checks } = await create({
      name: 'Many links',
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
      groups: [{ id: 'g1', title: 'Links', graphCoordinates: { x: 400, y: 0 }, blocks: links }],
      edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    })
    const missing = checks.filter((c) => c.code === 'missingLinkedBot').map((c) => c.blockId)
    assert.deepEqual(
      missing,
      links.slice(1, 200).map((l) => l.id),
    )
  })

  test('an edge without outgoingEdgeId from a block that is not last is not followed: the chat goes on, as in Typebot', async () => {
    const { bot, checks } = await create({
      name: 'Mid-group edge',
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
      groups: [
        { id: 'g1', title: 'First', graphCoordinates: { x: 400, y: 0 }, blocks: [text('b1', 'First message'), text('b2', 'Next in group')] },
        { id: 'g2', title: 'Side', graphCoordinates: { x: 800, y: 0 }, blocks: [text('b3', 'Side message')] },
      ],
      edges: [
        { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'e2', from: { blockId: 'b1' }, to: { groupId: 'g2' } },
      ],
    })
    assert.deepEqual(
      checks.map((c) => [c.code, c.severity, c.edgeId ?? c.groupId]),
      [
        ['edgeWithoutOutgoingId', 'warning', 'e2'],
        ['unreachableGroup', 'warning', 'g2'],
      ],
    )
    const messages = await previewMessages(bot.id)
    assert.match(messages, /Next in group/)
    assert.doesNotMatch(messages, /Side message/)
  })
})
