import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { describeWithFixtures, listFixtures } from '../support/fixtures.js'
import { userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

/** Fields the service sets on import, whatever the export carried. */
const SERVICE_SET = new Set([
  'id',
  'workspaceId',
  'createdAt',
  'updatedAt',
  'publicId',
  'isArchived',
  'isClosed',
  'folderId',
  'customDomain',
  'riskLevel',
  'whatsAppCredentialsId',
  'telegramCredentialsId',
  'spaceId',
])

describeWithFixtures('importing every Typebot fixture', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  for (const { name, bot } of listFixtures()) {
    test(name, async () => {
      const res = await s.call('POST', '/v1/bots/import', { token: owner.token, body: { workspaceId: owner.workspaceId, bot } })
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 2000))
      const read = await s.call('GET', `/v1/bots/${res.body.bot.id}?migrateToLatestVersion=true`, { token: owner.token })
      assert.equal(read.status, 200)
      const stored = read.body.bot
      assert.deepEqual(stored, res.body.bot)
      assert.ok(stored.version === '6' || stored.version === '6.1')
      if (bot.version === '6' || bot.version === '6.1') {
        for (const [key, value] of Object.entries(bot)) {
          if (!SERVICE_SET.has(key)) assert.deepEqual(stored[key], value, `field ${key}`)
        }
      } else {
        assert.equal(stored.version, '6')
        assert.equal(stored.events[0].type, 'start')
        const blocks = stored.groups.flatMap((g: any) => g.blocks)
        assert.ok(!blocks.some((b: any) => b.type === 'start'), 'the start block became an event')
        const oldBlocks = (bot.groups ?? []).flatMap((g: any) => g.blocks ?? []).filter((b: any) => b.type !== 'start')
        assert.deepEqual(blocks.map((b: any) => b.id).sort(), oldBlocks.map((b: any) => b.id).sort(), 'no block lost')
        assert.deepEqual(stored.variables, bot.variables ?? [])
        assert.equal(stored.name, bot.name)
      }
    })
  }
})
