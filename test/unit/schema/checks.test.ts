// checkBot: one bot per code, the Typebot fixtures (no error-severity findings they do not really have), the
// implied edges the engine follows, and the default layout.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { prepareBot } from '../../../src/blocks/schemas.js'
import { type CheckableBot, checkBot, checkLinkedBots, MAX_BOT_CHECKS } from '../../../src/contract/bot/checks.js'
import { withDefaultCoordinates } from '../../../src/contract/bot/layout.js'
import { withImpliedOutgoingEdges } from '../../../src/contract/bot/graph.js'
import { describeWithFixtures, listFixtures } from '../../support/fixtures.js'

const at = { x: 0, y: 0 }
/** A connected bot: start → g1 (b1 text, b2 choice with items i1, i2) → g2 (b3). */
// Loosely typed: the tests grow it with blocks of every kind.
const baseBot = (): any => ({
  id: 'self',
  events: [{ id: 'start', type: 'start', graphCoordinates: at, outgoingEdgeId: 'e0' }],
  groups: [
    {
      id: 'g1',
      title: 'Welcome',
      graphCoordinates: at,
      blocks: [
        { id: 'b1', type: 'text', content: {} },
        {
          id: 'b2',
          type: 'choice input',
          items: [
            { id: 'i1', content: 'Yes', outgoingEdgeId: 'e1' },
            { id: 'i2', content: 'No', outgoingEdgeId: 'e2' },
          ],
          options: { variableId: 'v1' },
        },
      ],
    },
    { id: 'g2', title: 'Bye', graphCoordinates: at, blocks: [{ id: 'b3', type: 'text', content: {} }] },
  ],
  edges: [
    { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
    { id: 'e1', from: { blockId: 'b2', itemId: 'i1' }, to: { groupId: 'g2' } },
    { id: 'e2', from: { blockId: 'b2', itemId: 'i2' }, to: { groupId: 'g2', blockId: 'b3' } },
  ],
  variables: [{ id: 'v1', name: 'answer' }],
})
const codes = (bot: CheckableBot) => checkBot(bot).map((c) => [c.code, c.severity, c.edgeId ?? c.groupId ?? c.blockId ?? c.eventId])

test('a connected bot has no checks', () => {
  assert.deepEqual(checkBot(baseBot()), [])
})

test('danglingEdge: a missing target is an error, a missing source a warning', () => {
  const bot = baseBot()
  bot.edges[2].to = { groupId: 'g2', blockId: 'b1' }
  bot.edges.push({ id: 'e9', from: { blockId: 'gone' }, to: { groupId: 'g2' } })
  assert.deepEqual(codes(bot), [
    ['danglingEdge', 'error', 'e2'],
    ['danglingEdge', 'warning', 'e9'],
  ])
  const [check] = checkBot(bot)
  assert.equal(check.message, 'The item "No" of block 2 (choice input) of group "Welcome" leads to a block that is not in group "Bye" ("b1").')
  assert.deepEqual([check.groupId, check.blockId, check.itemId], ['g1', 'b2', 'i2'])
})

test('edgeWithoutOutgoingId: followed when it is the only one, ignored otherwise', () => {
  const bot = baseBot()
  delete bot.events[0].outgoingEdgeId
  assert.deepEqual(codes(bot), [['edgeWithoutOutgoingId', 'warning', 'e0']])
  bot.edges.push({ id: 'e3', from: { eventId: 'start' }, to: { groupId: 'g2' } })
  assert.deepEqual(codes(bot), [
    ['edgeWithoutOutgoingId', 'error', 'e0'],
    ['edgeWithoutOutgoingId', 'error', 'e3'],
    ['startNotConnected', 'error', 'start'],
  ])
  bot.events[0].outgoingEdgeId = 'e0'
  assert.deepEqual(codes(bot), [['edgeWithoutOutgoingId', 'warning', 'e3']])
})

test('outgoingIdWithoutEdge', () => {
  const bot = baseBot()
  bot.groups[1].blocks[0].outgoingEdgeId = 'nowhere'
  assert.deepEqual(codes(bot), [['outgoingIdWithoutEdge', 'warning', 'nowhere']])
})

test('unreachableGroup: by edges the engine follows, jumps and links to the bot itself', () => {
  const bot = baseBot()
  bot.groups.push({ id: 'g3', title: 'Lost', graphCoordinates: at, blocks: [] })
  assert.deepEqual(codes(bot), [['unreachableGroup', 'warning', 'g3']])
  bot.groups[1].blocks.push({ id: 'j', type: 'Jump', options: { groupId: 'g3' } })
  assert.deepEqual(codes(bot), [])
  bot.groups[1].blocks[1] = { id: 'j', type: 'Typebot link', options: { typebotId: 'current', groupId: 'g3' } }
  assert.deepEqual(codes(bot), [])
  bot.groups[1].blocks[1] = { id: 'j', type: 'Jump', options: { groupId: '{{target}}' } }
  assert.deepEqual(codes(bot), [], 'a jump to a variable may reach any group')
})

test('startNotConnected: no start event, or one that leads nowhere', () => {
  const bot = baseBot()
  bot.edges[0].to = { groupId: 'gone' }
  assert.deepEqual(codes(bot), [
    ['danglingEdge', 'error', 'e0'],
    ['startNotConnected', 'error', 'start'],
  ])
  bot.events = []
  bot.edges.shift()
  assert.deepEqual(codes(bot), [['startNotConnected', 'error', undefined]])
})

test('unknownVariable: variable ids at any depth of blocks and event options', () => {
  const bot = baseBot()
  bot.groups[1].blocks.push(
    { id: 'sv', type: 'Set variable', options: { variableId: 'v1' } },
    { id: 'c', type: 'Condition', items: [{ id: 'ci', content: { comparisons: [{ variableId: 'ghost' }] } }] },
    { id: 'h', type: 'Webhook', options: { responseVariableMapping: [{ variableId: 'v1' }, { variableId: '' }], saveUrlInVariableId: 'gone' } },
  )
  bot.events.push({ id: 'reply', type: 'reply', graphCoordinates: at, options: { contentVariableId: 'missing' } })
  assert.deepEqual(
    checkBot(bot).map((c) => [c.code, c.variableId, c.blockId ?? c.eventId]),
    [
      ['unknownVariable', 'ghost', 'c'],
      ['unknownVariable', 'gone', 'h'],
      ['unknownVariable', 'missing', 'reply'],
    ],
  )
})

test('duplicateId: groups, blocks, edges and events are errors; items and variables warnings', () => {
  const bot = baseBot()
  bot.groups[1].blocks.push({ id: 'b1', type: 'text' })
  bot.groups[0].blocks[1].items.push({ id: 'i1', content: 'Again' })
  bot.variables.push({ id: 'v1', name: 'twin' })
  bot.edges.push({ ...bot.edges[1] })
  assert.deepEqual(
    checkBot(bot)
      .filter((c) => c.code === 'duplicateId')
      .map((c) => [c.severity, c.blockId ?? c.edgeId ?? c.variableId]),
    [
      ['warning', 'b2'],
      ['error', 'b1'],
      ['error', 'e1'],
      ['warning', 'v1'],
    ],
  )
})

test('checkLinkedBots: links to bots not in the list; current and the bot itself are fine', () => {
  const bot = baseBot()
  bot.groups[1].blocks.push(
    { id: 'l1', type: 'Typebot link', options: { typebotId: 'known' } },
    { id: 'l2', type: 'Typebot link', options: { typebotId: 'unknown' } },
    { id: 'l3', type: 'Typebot link', options: { typebotId: 'current' } },
    { id: 'l4', type: 'Typebot link', options: { typebotId: 'self' } },
  )
  const checks = checkLinkedBots(bot, new Set(['known']))
  assert.deepEqual(
    checks.map((c) => [c.code, c.severity, c.blockId]),
    [['missingLinkedBot', 'error', 'l2']],
  )
  assert.match(checks[0].message, /^Block 3 \(Typebot link\) of group "Bye" links to a bot/)
})

test('withImpliedOutgoingEdges writes the only edge of a source into a copy; the bot is not mutated', () => {
  const bot = baseBot()
  delete bot.events[0].outgoingEdgeId
  delete bot.groups[0].blocks[1].items[0].outgoingEdgeId
  bot.edges.push({ id: 'p', from: { blockId: 'b3' }, to: { groupId: 'g1' } }, { id: 'q', from: { blockId: 'b3' }, to: { groupId: 'g2' } })
  const snapshot = structuredClone(bot)
  const implied = withImpliedOutgoingEdges(bot)
  assert.deepEqual(bot, snapshot)
  assert.equal(implied.events[0].outgoingEdgeId, 'e0')
  assert.equal(implied.groups[0].blocks[1].items[0].outgoingEdgeId, 'e1')
  assert.equal(implied.groups[1].blocks[0].outgoingEdgeId, undefined, 'two edges leave b3: none is chosen')
  assert.equal(implied.groups[1], bot.groups[1], 'untouched groups are shared')
  assert.equal(withImpliedOutgoingEdges(baseBot()).groups.length, 2)
  const whole = baseBot()
  assert.equal(withImpliedOutgoingEdges(whole), whole, 'nothing implied: the bot itself')
})

test('cards: an edge from a path without outgoingEdgeId is implied on that path', () => {
  const bot = baseBot()
  bot.groups[1].blocks.push({ id: 'cards', type: 'cards', items: [{ id: 'card', paths: [{ id: 'p1' }, { id: 'p2', outgoingEdgeId: 'e5' }] }] })
  bot.edges.push(
    { id: 'e4', from: { blockId: 'cards', itemId: 'card', pathId: 'p1' }, to: { groupId: 'g1' } },
    { id: 'e5', from: { blockId: 'cards', itemId: 'card', pathId: 'p2' }, to: { groupId: 'g1' } },
  )
  const paths = withImpliedOutgoingEdges(bot).groups[1].blocks[1].items[0].paths
  assert.deepEqual(paths, [
    { id: 'p1', outgoingEdgeId: 'e4' },
    { id: 'p2', outgoingEdgeId: 'e5' },
  ])
  assert.deepEqual(codes(bot), [['edgeWithoutOutgoingId', 'warning', 'e4']])
})

test('implied edges are followed only where Typebot would end: the start event, last blocks, their items', () => {
  const bot = baseBot()
  // b1 is not the last block of g1 (Typebot goes on to b2); i1 is an item of b2, which is last and names no edge.
  delete bot.events[0].outgoingEdgeId
  delete bot.groups[0].blocks[1].items[0].outgoingEdgeId
  bot.groups[1].blocks.push({ id: 'b4', type: 'text', content: {} })
  bot.groups.push({ id: 'g3', title: 'Side', graphCoordinates: at, blocks: [{ id: 'b5', type: 'text', content: {} }] })
  bot.events.push({ id: 'reply', type: 'reply', graphCoordinates: at })
  bot.edges.push(
    { id: 'mid', from: { blockId: 'b1' }, to: { groupId: 'g3' } },
    { id: 'last', from: { blockId: 'b4' }, to: { groupId: 'g3' } },
    { id: 'other', from: { eventId: 'reply' }, to: { groupId: 'g3' } },
  )
  const implied = withImpliedOutgoingEdges(bot)
  assert.equal(implied.events[0].outgoingEdgeId, 'e0')
  assert.equal(implied.events[1].outgoingEdgeId, undefined, 'an event other than start is left off, as in Typebot')
  assert.equal(implied.groups[0].blocks[0].outgoingEdgeId, undefined, 'Typebot goes on to the next block')
  assert.equal(implied.groups[0].blocks[1].items[0].outgoingEdgeId, 'e1')
  assert.equal(implied.groups[1].blocks[1].outgoingEdgeId, 'last')
  // The check warns about every one of them; the message says which are followed.
  const checks = checkBot(bot).filter((c) => c.code === 'edgeWithoutOutgoingId')
  assert.deepEqual(
    checks.map((c) => [c.edgeId, c.severity, /is followed/.test(c.message)]),
    [
      ['e0', 'warning', true],
      ['e1', 'warning', true],
      ['mid', 'warning', false],
      ['last', 'warning', true],
      ['other', 'warning', false],
    ],
  )

  // An item of a last block that names its own edge goes on through the block's edge in Typebot: not implied.
  bot.edges.push({ id: 'blockEdge', from: { blockId: 'b2' }, to: { groupId: 'g2' } })
  bot.groups[0].blocks[1].outgoingEdgeId = 'blockEdge'
  assert.equal(withImpliedOutgoingEdges(bot).groups[0].blocks[1].items[0].outgoingEdgeId, undefined)
})

test('huge names are cut in messages, and the list is capped with one "…and N more" entry', () => {
  const title = 'T'.repeat(1_000_000)
  const bot = baseBot()
  bot.groups[0].title = title
  const blocks = Array.from({ length: 2_000 }, (_, i) => ({ id: `x${i}`, type: 'text', content: {}, options: { variableId: `missing${i}` } }))
  bot.groups[0].blocks.unshift(...blocks)
  const checks = checkBot(bot)
  assert.equal(checks.length, MAX_BOT_CHECKS + 1)
  assert.deepEqual(checks.at(-1), { code: 'moreChecks', severity: 'warning', message: `…and ${2_000 - MAX_BOT_CHECKS} more.` })
  for (const check of checks) assert.ok(check.message.length < 300, check.message.slice(0, 300))
  assert.match(checks[0].message, /group "T{59}…"/)
  // A huge id is left out of every check's place (500 copies of it would dwarf the bot).
  bot.groups[0].id = 'G'.repeat(1_000_000)
  const placedChecks = checkBot(bot)
  assert.ok(JSON.stringify(placedChecks).length < 200_000, `${JSON.stringify(placedChecks).length} characters`)
  assert.ok(placedChecks.every((check) => check.groupId === undefined || check.groupId.length < 200))
  assert.ok(
    placedChecks.some((check) => check.blockId === 'x0'),
    'the short ids stay',
  )
  const links = checkLinkedBots(
    {
      ...baseBot(),
      groups: [{ id: 'g', title, blocks: blocks.map((b, i) => ({ ...b, type: 'Typebot link', options: { typebotId: `gone${i}` } })) }],
    },
    new Set(),
  )
  assert.equal(links.length, MAX_BOT_CHECKS + 1)
  assert.equal(links.at(-1)?.code, 'moreChecks')
})

test('variables nested deeper than the call stack allows are walked without overflow', () => {
  const bot = baseBot()
  let deep: unknown = { variableId: 'gone' }
  for (let i = 0; i < 200_000; i++) deep = [deep]
  bot.groups[1].blocks[0].options = { deep, variableId: 'near' }
  // The depth cap stops the walk: the near id is found, the one 200,000 arrays down is not looked for.
  assert.deepEqual(codes(bot), [['unknownVariable', 'warning', 'g2']])
})

test('withDefaultCoordinates places many events without coordinates in order under the start event', () => {
  const events = Array.from({ length: 2_000 }, (_, i) => ({ id: `ev${i}`, type: i === 0 ? 'start' : 'command' }))
  const placed = withDefaultCoordinates({ groups: [], events, edges: [] }) as { events: { graphCoordinates: { y: number } }[] }
  assert.deepEqual(
    placed.events.slice(0, 3).map((e) => e.graphCoordinates.y),
    [0, 240, 360],
  )
})

test('withDefaultCoordinates: only missing coordinates are filled, columns follow the edges', () => {
  const whole = baseBot()
  assert.equal(withDefaultCoordinates(whole), whole)
  const bot = baseBot()
  delete bot.groups[0].graphCoordinates
  delete bot.groups[1].graphCoordinates
  bot.events[0].graphCoordinates = { x: 10, y: 20 }
  const placed = withDefaultCoordinates(bot) as any
  assert.deepEqual(placed.groups[0].graphCoordinates, { x: 410, y: 20 })
  assert.deepEqual(placed.groups[1].graphCoordinates, { x: 810, y: 20 })
  assert.equal(placed.events[0], bot.events[0])
  assert.equal(bot.groups[0].graphCoordinates, undefined, 'input not mutated')
  const result = prepareBot({ version: '6', ...bot, theme: {}, settings: {} })
  assert.ok(result.ok && result.bot.groups.every((g) => g.graphCoordinates))
})

describeWithFixtures('checkBot on the Typebot fixtures', () => {
  test('no error-severity check (their dangling edges have missing sources, which are warnings)', () => {
    const found: string[] = []
    for (const { name, bot } of listFixtures()) {
      const prepared = prepareBot(bot)
      assert.ok(prepared.ok, name)
      for (const check of checkBot(prepared.bot)) {
        found.push(`${name} ${check.code}/${check.severity}: ${check.message}`)
        assert.notEqual(check.severity, 'error', `${name}: ${check.message}`)
      }
    }
    // Those they really have: edges from deleted blocks, groups no edge leads to, ids of deleted variables.
    assert.ok(found.some((line) => line.includes('danglingEdge/warning')))
    assert.ok(found.some((line) => line.includes('test-assets/viewer/cards.json duplicateId/warning')))
  })
})
