// Legacy (v3/v4/v5) → v6 migration specifics, on small hand-made bots.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { prepareBot } from '../../../src/blocks/schemas.js'
import { BotMigrationError, migrateBotToV6 } from '../../../src/contract/bot/migrate.js'

const start = { id: 'start-block', type: 'start', label: 'Start', groupId: 'g0', outgoingEdgeId: 'e0' }
const legacyBot = (version: string | undefined, blocks: Record<string, unknown>[]) => ({
  ...(version === undefined ? {} : { version }),
  groups: [
    { id: 'g0', title: 'Start', graphCoordinates: { x: 1, y: 2 }, blocks: [start] },
    { id: 'g1', title: 'Main', graphCoordinates: { x: 10, y: 20 }, blocks },
  ],
  edges: [{ id: 'e0', from: { blockId: 'start-block', groupId: 'g0' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: {},
})
const migrate = (input: unknown): any => {
  const result = prepareBot(input)
  if (!result.ok) assert.fail(JSON.stringify(result.issues))
  return result.bot
}

test('the start block becomes the start event', () => {
  const bot = migrate(legacyBot('5', [{ id: 'b1', type: 'text', content: {} }]))
  assert.equal(bot.version, '6')
  assert.deepEqual(bot.events, [{ id: 'g0', type: 'start', graphCoordinates: { x: 1, y: 2 }, outgoingEdgeId: 'e0' }])
  assert.deepEqual(bot.edges, [{ id: 'e0', from: { eventId: 'g0' }, to: { groupId: 'g1' } }])
  assert.deepEqual(
    bot.groups.map((g: any) => g.id),
    ['g1'],
  )
})

test('a start group holding other blocks is kept without its start block', () => {
  const input = legacyBot('4', [])
  input.groups = [{ ...input.groups[0], blocks: [start, { id: 'b1', type: 'text' }] }]
  input.edges[0].to = { groupId: 'g0', blockId: 'b1' } as any
  const bot = migrate(input)
  assert.deepEqual(bot.groups[0].blocks, [{ id: 'b1', type: 'text' }])
  assert.equal(bot.events[0].id, 'g0')
})

test('choice, picture choice, condition and AB test items lose blockId', () => {
  const bot = migrate(
    legacyBot('5', [
      { id: 'c', type: 'choice input', items: [{ id: 'i1', blockId: 'c', type: 0, content: 'A' }] },
      { id: 'p', type: 'picture choice input', items: [{ id: 'i2', blockId: 'p', title: 'T' }] },
      { id: 'k', type: 'Condition', items: [{ id: 'i3', blockId: 'k', content: { comparisons: [] } }] },
      {
        id: 'a',
        type: 'AB test',
        items: [
          { id: 'i4', blockId: 'a', path: 'a' },
          { id: 'i5', blockId: 'a', path: 'b' },
        ],
      },
    ]),
  )
  const items = bot.groups[0].blocks.flatMap((b: any) => b.items)
  assert.equal(items.length, 5)
  assert.ok(items.every((item: any) => !('blockId' in item)))
  assert.equal(items[0].type, 0, 'other legacy item fields are kept')
})

test('file input sizeLimit is removed', () => {
  const bot = migrate(legacyBot('5', [{ id: 'f', type: 'file input', options: { sizeLimit: 10, isRequired: false } }]))
  assert.deepEqual(bot.groups[0].blocks[0].options, { isRequired: false })
})

test('HTTP request blocks lose webhookId and webhook.id', () => {
  const bot = migrate(
    legacyBot('5', [
      {
        id: 'w',
        type: 'Webhook',
        webhookId: 'wh1',
        options: { webhook: { id: 'wh1', url: 'https://x.test', method: 'GET' } },
      },
      { id: 'z', type: 'Zapier', webhookId: 'wh2', options: { webhook: { id: 'wh2' } } },
    ]),
  )
  const [webhook, zapier] = bot.groups[0].blocks
  assert.deepEqual(webhook.options, { webhook: { url: 'https://x.test', method: 'GET' } })
  assert.ok(!('webhookId' in webhook))
  assert.deepEqual(zapier, { id: 'z', type: 'Zapier', options: { webhook: {} } })
})

test('v3 blocks referring to the Webhook table get a default request; inlined requests are kept', () => {
  const bot = migrate(
    legacyBot('3', [
      { id: 'w1', type: 'Webhook', webhookId: 'row', options: { responseVariableMapping: [] } },
      { id: 'w2', type: 'Make.com', webhookId: 'row2', options: { webhook: { id: 'row2', url: 'https://a.test' } } },
    ]),
  )
  const [w1, w2] = bot.groups[0].blocks
  assert.deepEqual(w1.options, { responseVariableMapping: [], webhook: { method: 'POST' } })
  assert.ok(!('webhookId' in w1))
  assert.deepEqual(w2, { id: 'w2', type: 'Make.com', options: { webhook: { url: 'https://a.test' } } })
})

test('Google Sheets referenceCell becomes a filter for get and update actions', () => {
  let count = 0
  const sheets = (options: Record<string, unknown>) => ({ id: `s${count++}`, type: 'Google Sheets', options })
  const bot = migrate(
    legacyBot('5', [
      sheets({ action: 'Get data from sheet', referenceCell: { column: 'Email', value: '{{Email}}' } }),
      sheets({ action: 'Update a row', referenceCell: { column: 'Id', value: '1' } }),
      sheets({ action: 'Insert a row', referenceCell: { column: 'X', value: '1' } }),
      sheets({ action: 'Update a row', referenceCell: { column: 'Old', value: '1' }, filter: { comparisons: [] } }),
    ]),
  )
  const [get, upd, ins, kept] = bot.groups[0].blocks.map((b: any) => b.options)
  for (const [options, column, value] of [
    [get, 'Email', '{{Email}}'],
    [upd, 'Id', '1'],
  ] as const) {
    assert.ok(!('referenceCell' in options))
    assert.equal(options.filter.comparisons.length, 1)
    const [comparison] = options.filter.comparisons
    assert.equal(typeof comparison.id, 'string')
    assert.ok(comparison.id.length > 0)
    assert.deepEqual({ ...comparison, id: undefined }, { id: undefined, column, comparisonOperator: 'Equal to', value })
  }
  assert.notEqual(get.filter.comparisons[0].id, upd.filter.comparisons[0].id)
  assert.deepEqual(ins, { action: 'Insert a row' })
  assert.deepEqual(kept, { action: 'Update a row', filter: { comparisons: [] } })
})

test('Typebot link blocks keep v5 result merging explicit', () => {
  const bot = migrate(
    legacyBot('5', [
      { id: 'l1', type: 'Typebot link', options: { typebotId: 'other' } },
      { id: 'l2', type: 'Typebot link', options: { typebotId: 'other', mergeResults: false } },
    ]),
  )
  const [l1, l2] = bot.groups[0].blocks
  assert.equal(l1.options.mergeResults, true)
  assert.equal(l2.options.mergeResults, false)
})

test('legacy preprocessing: missing version, groups without blocks, half-written edges', () => {
  const input: any = legacyBot(undefined, [{ id: 'b1', type: 'text' }])
  input.groups.push({ id: 'g2', title: 'Empty', graphCoordinates: { x: 0, y: 0 } })
  input.edges.push({ id: 'broken', from: { blockId: 'b1' } }, { nonsense: true })
  const result = prepareBot(input)
  assert.ok(result.ok)
  assert.equal(result.originalVersion, '3')
  assert.deepEqual(result.bot.groups[1], { id: 'g2', title: 'Empty', graphCoordinates: { x: 0, y: 0 }, blocks: [] })
  assert.deepEqual(
    result.bot.edges.map((e) => e.id),
    ['e0'],
  )
  assert.equal(prepareBot({ ...input, version: null }).ok, true)
})

test('migration is pure and leaves v6 bots alone', () => {
  const input = legacyBot('5', [{ id: 'f', type: 'file input', options: { sizeLimit: 5 }, items: [] }])
  const snapshot = structuredClone(input)
  migrateBotToV6(input)
  assert.deepStrictEqual(input, snapshot)
  const v6 = { version: '6.1', groups: [] }
  assert.equal(migrateBotToV6(v6), v6)
})

test('a legacy bot without a start block cannot be migrated', () => {
  assert.throws(() => migrateBotToV6({ version: '5', groups: [], edges: [] }), BotMigrationError)
  const result = prepareBot({ ...legacyBot('3', []), groups: [] })
  assert.ok(!result.ok)
  assert.equal(result.issues[0].path, 'groups')
})

test('malformed legacy bots are reported, not crashed on', () => {
  assert.equal(prepareBot({ version: '3', groups: 'nope' }).ok, false)
  const result = prepareBot({ ...legacyBot('5', []), groups: [null, ...legacyBot('5', []).groups] })
  assert.ok(!result.ok)
  assert.ok(
    result.issues.some((issue) => issue.path === 'groups.0'),
    JSON.stringify(result.issues),
  )
})
