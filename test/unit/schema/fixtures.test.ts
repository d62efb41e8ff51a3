// Every real Typebot export must be accepted; v6 ones unchanged, legacy ones migrated to a coherent v6 graph.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { prepareBot } from '../../../src/blocks/schemas.js'
import type { BotV6 } from '../../../src/contract/bot/bot.js'
import { checkBotReferences } from '../../../src/contract/bot/references.js'
import { describeWithFixtures, listFixtures } from '../../support/fixtures.js'

const isV6 = (bot: any) => bot.version === '6' || bot.version === '6.1'

const prepareOrFail = (name: string, input: unknown): { bot: BotV6; originalVersion: string } => {
  const result = prepareBot(input)
  if (!result.ok) assert.fail(`${name}: ${JSON.stringify(result.issues.slice(0, 5))}`)
  return result
}

/** Independent of `checkBotReferences`: every edge end must exist (and every item edge's item). */
const danglingEdgeEnds = (bot: BotV6): string[] => {
  const groups = new Map(bot.groups.map((group) => [group.id, group]))
  const blocks = new Map(bot.groups.flatMap((group) => group.blocks.map((block) => [block.id, block] as const)))
  const events = new Set(bot.events.map((event) => event.id))
  return bot.edges.flatMap((edge) => {
    const from: any = edge.from
    const source = 'eventId' in from ? events.has(from.eventId) : blocks.has(from.blockId)
    const items: any[] = (blocks.get(from.blockId) as any)?.items ?? []
    const item = from.itemId === undefined || items.some((i) => i.id === from.itemId)
    const target = groups.get(edge.to.groupId)
    const targetBlock = edge.to.blockId === undefined || target?.blocks.some((b) => b.id === edge.to.blockId)
    return source && item && target && targetBlock ? [] : [edge.id]
  })
}

describeWithFixtures('Typebot exports through the schema', () => {
  const fixtures = listFixtures()

  test('the fixture set covers every schema version', () => {
    const versions = new Set(fixtures.map(({ bot }) => String(bot.version ?? 'none')))
    assert.deepEqual([...versions].sort(), ['3', '6', '6.1', 'none'])
  })

  for (const { name, bot } of fixtures.filter(({ bot }) => isV6(bot))) {
    test(`v6 fixture ${name} is accepted unchanged`, () => {
      const snapshot = structuredClone(bot)
      const { bot: prepared, originalVersion } = prepareOrFail(name, bot)
      assert.equal(originalVersion, bot.version)
      assert.deepStrictEqual(prepared, snapshot)
      assert.deepStrictEqual(bot, snapshot, 'input must not be mutated')
    })
  }

  for (const { name, bot } of fixtures.filter(({ bot }) => !isV6(bot))) {
    test(`legacy fixture ${name} is migrated to a coherent v6 bot`, () => {
      const snapshot = structuredClone(bot)
      const { bot: prepared, originalVersion } = prepareOrFail(name, bot)
      assert.deepStrictEqual(bot, snapshot, 'input must not be mutated')
      assert.equal(originalVersion, String(bot.version ?? '3'))
      assert.equal(prepared.version, '6')

      const startGroup = bot.groups.find((g: any) => g.blocks.some((b: any) => b.type === 'start'))
      const startBlock = startGroup.blocks.find((b: any) => b.type === 'start')
      assert.equal(prepared.events.length, 1)
      assert.deepEqual(prepared.events[0], {
        id: startGroup.id,
        type: 'start',
        graphCoordinates: startGroup.graphCoordinates,
        outgoingEdgeId: startBlock.outgoingEdgeId,
      })
      const startEdge = prepared.edges.find((edge) => edge.id === startBlock.outgoingEdgeId)
      assert.deepEqual(startEdge?.from, { eventId: startGroup.id })

      const blocks = prepared.groups.flatMap((group) => group.blocks)
      assert.ok(
        blocks.every((block) => block.type !== 'start'),
        'no start block left',
      )
      assert.ok(
        blocks.every((block: any) => (block.items ?? []).every((item: any) => !('blockId' in item))),
        'items lose blockId',
      )
      const expectedGroupIds = bot.groups.filter((g: any) => g.blocks.some((b: any) => b.type !== 'start')).map((g: any) => g.id)
      assert.deepEqual(
        prepared.groups.map((group) => group.id),
        expectedGroupIds,
      )
      assert.equal(bot.groups.length - prepared.groups.length, 1, 'only the start-only group is dropped')
      assert.deepEqual(danglingEdgeEnds(prepared), [])
      assert.deepEqual(checkBotReferences(prepared), [])
      assert.equal(prepared.edges.length, bot.edges.length)
    })
  }

  test('v6 fixtures: reference checks only report dangling edge sources, never duplicates', () => {
    for (const { name, bot } of fixtures.filter(({ bot }) => isV6(bot))) {
      const issues = checkBotReferences(prepareOrFail(name, bot).bot)
      assert.ok(
        issues.every((issue) => /^edges\.\d+\.from\.blockId$/.test(issue.path)),
        `${name}: ${JSON.stringify(issues)}`,
      )
    }
  })
})
