import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadExample } from '../support/fixtures.js'
import { importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const BOT_FIELDS = [
  'version',
  'id',
  'name',
  'events',
  'groups',
  'edges',
  'variables',
  'theme',
  'selectedThemeTemplateId',
  'settings',
  'createdAt',
  'updatedAt',
  'icon',
  'folderId',
  'publicId',
  'customDomain',
  'workspaceId',
  'resultsTablePreferences',
  'isArchived',
  'isClosed',
  'whatsAppCredentialsId',
  'telegramCredentialsId',
  'riskLevel',
]

describe('bots', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  const create = (bot: unknown, token = owner.token, workspaceId = owner.workspaceId) =>
    s.call('POST', '/v1/bots', { token, body: { workspaceId, bot } })

  test('create with a minimal body fills every field of the Bot resource', async () => {
    const res = await create({ name: 'Hello' })
    assert.equal(res.status, 200)
    const bot = res.body.bot
    assert.deepEqual(Object.keys(bot), BOT_FIELDS)
    assert.equal(bot.version, '6')
    assert.equal(bot.name, 'Hello')
    assert.match(bot.id, /^[a-z0-9]{25}$/)
    assert.match(bot.createdAt, ISO)
    assert.equal(bot.updatedAt, bot.createdAt)
    assert.equal(bot.workspaceId, owner.workspaceId)
    assert.match(bot.publicId, /^hello-[a-f0-9]{8}$/)
    assert.equal(bot.events.length, 1)
    assert.equal(bot.events[0].type, 'start')
    assert.deepEqual([bot.variables, bot.theme, bot.settings], [[], {}, {}])
    // No groups given: a Welcome group the start event leads to (test/integration/bot-checks.test.ts).
    assert.deepEqual([bot.groups.map((g: any) => g.title), bot.edges.map((e: any) => e.id)], [['Welcome'], [bot.events[0].outgoingEdgeId]])
    assert.deepEqual([bot.isArchived, bot.isClosed, bot.icon, bot.folderId, bot.riskLevel], [false, false, null, null, null])
  })

  test('create keeps every given field, unknown ones included', async () => {
    // folderId names a folder of the workspace (unknown ones are refused: see dashboard.test.ts).
    const folder = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/folders`, { token: owner.token, body: { name: 'F' } })
    const input = {
      name: 'Full',
      icon: '🤖',
      folderId: folder.body.folder.id,
      selectedThemeTemplateId: 't1',
      customDomain: 'chat.example.com',
      publicId: 'my-full-bot',
      groups: [
        {
          id: 'g1',
          title: 'Group #1',
          graphCoordinates: { x: 1, y: 2 },
          blocks: [{ id: 'b1', type: 'text', content: { richText: [] }, futureField: 1 }],
        },
      ],
      events: [{ id: 'e1', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'edge1' }],
      edges: [{ id: 'edge1', from: { eventId: 'e1' }, to: { groupId: 'g1' } }],
      variables: [{ id: 'v1', name: 'Name' }],
      theme: { general: { font: 'Inter' } },
      settings: { general: { isBrandingEnabled: false } },
      resultsTablePreferences: { columnsOrder: ['a'], columnsVisibility: {}, columnsWidth: {} },
      whatsAppCredentialsId: 'w1',
      riskLevel: 3,
      isClosed: true,
      somethingNew: { kept: true },
    }
    const res = await create(input)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    for (const [k, v] of Object.entries(input)) assert.deepEqual(res.body.bot[k], v, k)
    const read = await s.call('GET', `/v1/bots/${res.body.bot.id}`, { token: owner.token })
    assert.deepEqual(read.body, { bot: res.body.bot, currentUserMode: 'write', publishedAt: null, hasUnpublishedChanges: false })
  })

  test('publicId: generated when absent, 409 when taken, 400 when malformed', async () => {
    assert.equal((await create({ name: 'A', publicId: 'taken-id' })).status, 200)
    const clash = await create({ name: 'B', publicId: 'taken-id' })
    assert.equal(clash.status, 409)
    assert.equal(clash.body.code, 'conflict')
    assert.equal((await create({ name: 'C', publicId: 'has space' })).status, 400)
    const a = (await create({ name: 'Same' })).body.bot.publicId
    const b = (await create({ name: 'Same' })).body.bot.publicId
    assert.notEqual(a, b)
  })

  test('invalid graph shapes are 400 with paths', async () => {
    const res = await create({ groups: [{ id: 'g1', title: 'x', graphCoordinates: { x: 0, y: 0 }, blocks: [{ id: 'b', type: 5 }] }] })
    assert.equal(res.status, 400)
    assert.equal(res.body.code, 'validation_failed')
    assert.ok(
      res.body.issues.some((i: any) => i.path.startsWith('bot.groups.0.blocks.0')),
      JSON.stringify(res.body.issues),
    )
    const edges = await create({ edges: [{ id: 'e', from: {} }] })
    assert.equal(edges.status, 400)
  })

  test('bots beyond the size limits answer 413 with the limit, at create, import, update and preview', async () => {
    const groups = (count: number, blocksEach = 1) =>
      Array.from({ length: count }, (_, g) => ({
        id: `g${g}`,
        title: `G${g}`,
        graphCoordinates: { x: 0, y: 0 },
        blocks: Array.from({ length: blocksEach }, (_, b) => ({ id: `b${g}-${b}`, type: 'text input' })),
      }))
    const tooManyGroups = { version: '6', groups: groups(2001), edges: [], variables: [], events: [], theme: {}, settings: {} }
    const created = await create(tooManyGroups)
    assert.equal(created.status, 413, JSON.stringify(created.body).slice(0, 300))
    assert.equal(created.body.code, 'payload_too_large')
    assert.deepEqual(created.body.issues, [{ path: 'bot.groups', message: 'At most 2000 groups (this bot has 2001).' }])
    const imported = await s.call('POST', '/v1/bots/import', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: { ...tooManyGroups, groups: groups(100, 201) } },
    })
    assert.equal(imported.status, 413)
    assert.equal(imported.body.issues[0].message, 'At most 20000 blocks (this bot has 20100).')
    const small = await create({ name: 'Small' })
    const patched = await s.call('PATCH', `/v1/bots/${small.body.bot.id}`, { token: owner.token, body: { bot: { groups: groups(2001) } } })
    assert.equal(patched.status, 413)
    const preview = await s.call('POST', `/v1/bots/${small.body.bot.id}/preview/startChat`, { token: owner.token, body: { bot: tooManyGroups } })
    assert.equal(preview.status, 413)
    // Just under the limits, the same shapes are accepted.
    assert.equal((await create({ ...tooManyGroups, groups: groups(2000) })).status, 200)
  })

  test('update merges fields, bumps updatedAt, detects conflicts, and overwrite wins', async () => {
    const bot = (await create({ name: 'Before' })).body.bot
    const up = await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { name: 'After', updatedAt: bot.updatedAt } } })
    assert.equal(up.status, 200, JSON.stringify(up.body))
    assert.equal(up.body.bot.name, 'After')
    assert.ok(up.body.bot.updatedAt > bot.updatedAt)
    assert.deepEqual(up.body.bot.events, bot.events)
    const stale = await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { name: 'Stale', updatedAt: bot.updatedAt } } })
    assert.equal(stale.status, 409)
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}`, { token: owner.token })).body.bot.name, 'After')
    const forced = await s.call('PATCH', `/v1/bots/${bot.id}`, {
      token: owner.token,
      body: { bot: { name: 'Forced', updatedAt: bot.updatedAt }, overwrite: true },
    })
    assert.equal(forced.status, 200)
    assert.equal(forced.body.bot.name, 'Forced')
    const closed = await s.call('PATCH', `/v1/bots/${bot.id}`, {
      token: owner.token,
      body: { bot: { isClosed: true, riskLevel: 2, publicId: `renamed-${bot.id}` } },
    })
    assert.deepEqual([closed.body.bot.isClosed, closed.body.bot.riskLevel, closed.body.bot.publicId], [true, 2, `renamed-${bot.id}`])
    const bad = await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { groups: [{ id: 1 }] } } })
    assert.equal(bad.status, 400)
    assert.equal((await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { version: '5' } } })).status, 400)
    assert.equal((await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: {} })).status, 400)
  })

  test('publish snapshots the draft; draft edits do not change it; publishing again replaces it; unpublish hides it', async () => {
    const bot = await importBot(s, owner.token, owner.workspaceId, loadExample('lead-capture.json'))
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/publishedBot`, { token: owner.token })).status, 404)
    const pub = await s.call('POST', `/v1/bots/${bot.id}/publish`, { token: owner.token })
    assert.equal(pub.status, 200)
    const read = await s.call('GET', `/v1/bots/${bot.id}/publishedBot?migrateToLatestVersion=true`, { token: owner.token })
    assert.equal(read.status, 200)
    assert.equal(read.body.version, '3')
    const p = read.body.publishedBot
    assert.deepEqual(Object.keys(p), [
      'id',
      'version',
      'createdAt',
      'updatedAt',
      'botId',
      'groups',
      'events',
      'edges',
      'variables',
      'theme',
      'settings',
      'lastActivityAt',
    ])
    assert.equal(p.botId, bot.id)
    for (const k of ['groups', 'events', 'edges', 'variables', 'theme', 'settings', 'version']) assert.deepEqual(p[k], bot[k], k)
    const after = (await s.call('GET', `/v1/bots/${bot.id}`, { token: owner.token })).body.bot
    assert.ok(after.updatedAt > bot.updatedAt, 'publishing bumps the bot updatedAt')
    await s.call('PATCH', `/v1/bots/${bot.id}`, { token: owner.token, body: { bot: { groups: [] } } })
    assert.deepEqual((await s.call('GET', `/v1/bots/${bot.id}/publishedBot`, { token: owner.token })).body.publishedBot.groups, bot.groups)
    await s.call('POST', `/v1/bots/${bot.id}/publish`, { token: owner.token })
    const again = (await s.call('GET', `/v1/bots/${bot.id}/publishedBot`, { token: owner.token })).body.publishedBot
    assert.deepEqual(again.groups, [])
    assert.equal(again.createdAt, p.createdAt)
    assert.ok(again.updatedAt > p.updatedAt)
    assert.equal((await s.call('POST', `/v1/bots/${bot.id}/unpublish`, { token: owner.token })).status, 200)
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}/publishedBot`, { token: owner.token })).status, 404)
  })

  test('import drops what it replaces, whatever it holds (as Typebot), and keeps the rest; a closed export comes in open', async () => {
    const other = await userWithWorkspace(s, 'Importer')
    const folder = (await s.call('POST', `/v1/workspaces/${other.workspaceId}/folders`, { token: other.token, body: { name: 'Kept' } })).body.folder
    const exported = {
      ...loadExample('lead-capture.json'),
      id: 123,
      publicId: 'SEU_PUBLIC_ID',
      workspaceId: null,
      customDomain: 42,
      riskLevel: 'high',
      whatsAppCredentialsId: 7,
      spaceId: 'elsewhere',
      isClosed: true,
      isArchived: 'yes',
      createdAt: 5,
      updatedAt: { when: 'then' },
      selectedThemeTemplateId: 5,
      resultsTablePreferences: { columnsOrder: 'name' },
      folderId: folder.id,
      icon: '🌱',
    }
    const res = await s.call('POST', '/v1/bots/import', { token: other.token, body: { workspaceId: other.workspaceId, bot: exported } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const { bot } = res.body
    assert.notEqual(bot.publicId, 'SEU_PUBLIC_ID')
    assert.equal(bot.workspaceId, other.workspaceId)
    assert.deepEqual(
      [bot.isClosed, bot.isArchived, bot.riskLevel, bot.customDomain, bot.whatsAppCredentialsId, bot.spaceId],
      [false, false, null, null, null, undefined],
    )
    assert.deepEqual([bot.selectedThemeTemplateId, bot.resultsTablePreferences], [null, null], 'malformed: dropped')
    assert.deepEqual([bot.folderId, bot.icon, bot.name], [folder.id, '🌱', exported.name], "the export's own folder of this workspace")
    assert.match(bot.createdAt, ISO)
    // Well-formed preferences are kept; a folder of another workspace, or another folder asked for, is not the export's.
    const preferences = { columnsOrder: ['a'], columnsVisibility: { a: true }, columnsWidth: { a: 120 } }
    const kept = await s.call('POST', '/v1/bots/importMany', {
      token: owner.token,
      body: {
        workspaceId: owner.workspaceId,
        bots: [{ ...exported, selectedThemeTemplateId: 'typebot-dark', resultsTablePreferences: preferences, name: null }],
      },
    })
    assert.equal(kept.status, 200, JSON.stringify(kept.body))
    const [copy] = kept.body.bots
    assert.deepEqual(
      [copy.selectedThemeTemplateId, copy.resultsTablePreferences, copy.folderId, copy.isClosed, copy.name],
      ['typebot-dark', preferences, null, false, 'Imported bot'],
    )
    // Fields import keeps are still checked.
    const bad = await s.call('POST', '/v1/bots/import', {
      token: other.token,
      body: { workspaceId: other.workspaceId, bot: { ...exported, icon: 5 } },
    })
    assert.equal(bad.status, 400)
    assert.equal(bad.body.code, 'validation_failed')
  })

  test('list and delete', async () => {
    const other = await userWithWorkspace(s, 'Lister')
    const a = (await create({ name: 'One' }, other.token, other.workspaceId)).body.bot
    const b = (await create({ name: 'Two' }, other.token, other.workspaceId)).body.bot
    const list = await s.call('GET', `/v1/bots?workspaceId=${other.workspaceId}`, { token: other.token })
    assert.equal(list.status, 200)
    assert.deepEqual(
      list.body.bots.map((x: any) => x.id),
      [b.id, a.id],
    )
    assert.deepEqual(Object.keys(list.body.bots[0]), [
      'id',
      'name',
      'icon',
      'folderId',
      'publicId',
      'isArchived',
      'isClosed',
      'isPublished',
      'publishedAt',
      'hasUnpublishedChanges',
      'createdAt',
      'updatedAt',
    ])
    assert.equal((await s.call('DELETE', `/v1/bots/${a.id}`, { token: other.token })).status, 200)
    assert.equal((await s.call('GET', `/v1/bots/${a.id}`, { token: other.token })).status, 404)
    assert.equal((await s.call('DELETE', `/v1/bots/${a.id}`, { token: other.token })).status, 404)
    assert.equal((await s.call('GET', '/v1/bots', { token: other.token })).status, 400)
  })
})
