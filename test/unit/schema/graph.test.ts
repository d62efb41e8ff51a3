// The bot graph (src/contract/bot/graph.ts): source keys and their holders both ways, setting a source's edge
// without mutating the bot, the exits a block offers, the edges the engine follows, reachability and duplicate ids.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type BotGraph,
  blockExits,
  duplicateIds,
  edgeHolders,
  edgesLeaving,
  followedEdges,
  type GraphBlock,
  groupOfBlock,
  hasItemExits,
  hasOwnExit,
  holderOf,
  outgoingOf,
  reachableGroups,
  setOutgoing,
  sourceAt,
  sourceKey,
  sourceOf,
  withOutgoing,
} from '../../../src/contract/bot/graph.js'

// start → g1 (b1 buttons i1/i2, b2 cards whose two items share the id "card") ; i1 → g2 ; card button p2 → g3.
const bot = (): BotGraph & { variables: [] } => ({
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0' }],
  groups: [
    {
      id: 'g1',
      blocks: [
        {
          id: 'b1',
          type: 'choice input',
          items: [
            { id: 'i1', content: 'Yes', outgoingEdgeId: 'e1' },
            { id: 'i2', content: 'No' },
          ],
        },
        {
          id: 'b2',
          type: 'cards',
          items: [
            { id: 'card', paths: [{ id: 'p1', text: 'More' }] },
            { id: 'card', paths: [{ id: 'p2', text: 'Buy', outgoingEdgeId: 'e2' }] },
          ],
        },
      ],
    },
    { id: 'g2', blocks: [{ id: 'b3', type: 'text' }] },
    { id: 'g3', blocks: [{ id: 'b4', type: 'Jump', options: { groupId: 'g4' } }] },
    { id: 'g4', blocks: [] },
    { id: 'lost', blocks: [{ id: 'b5', type: 'text' }] },
  ],
  edges: [
    { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
    { id: 'e1', from: { blockId: 'b1', itemId: 'i1' }, to: { groupId: 'g2' } },
    { id: 'e2', from: { blockId: 'b2', itemId: 'card', pathId: 'p2' }, to: { groupId: 'g3' } },
  ],
  variables: [],
})

test('every source has one key, and the key finds its source again (cards whose items share an id included)', () => {
  const b = bot()
  const holders = edgeHolders(b)
  assert.deepEqual([...holders.keys()], ['e:start', 'b:b1', 'i:b1:i1', 'i:b1:i2', 'b:b2', 'i:b2:card', 'p:b2:p1', 'p:b2:p2', 'b:b3', 'b:b4', 'b:b5'])
  for (const [key, at] of holders) {
    assert.equal(sourceKey(sourceOf(at)), key)
    assert.deepEqual(sourceAt(bot(), key), sourceOf(at))
  }
  // A path's key leads back to its item, for the editor to name the edge's source in full.
  assert.deepEqual(sourceAt(bot(), 'p:b2:p2'), { blockId: 'b2', itemId: 'card', pathId: 'p2' })
  assert.equal(holders.get('p:b2:p2')?.holder, (b.groups[0].blocks[1].items as { paths: object[] }[])[1].paths[0])
  assert.equal(sourceAt(bot(), 'p:b2:nope'), undefined)
  // The key of an edge's path source does not depend on the item it names.
  assert.equal(sourceKey({ blockId: 'b2', itemId: 'other', pathId: 'p2' }), 'p:b2:p2')
  assert.equal(sourceKey({ blockId: 'b2' }), 'b:b2')
})

test('holderOf and outgoingOf find a source without an index; groupOfBlock its group', () => {
  const b = bot()
  assert.equal(outgoingOf(b, { eventId: 'start' }), 'e0')
  assert.equal(outgoingOf(b, { blockId: 'b1', itemId: 'i1' }), 'e1')
  assert.equal(outgoingOf(b, { blockId: 'b1', itemId: 'i2' }), undefined)
  assert.equal(outgoingOf(b, { blockId: 'b2', itemId: 'card', pathId: 'p2' }), 'e2')
  assert.equal(holderOf(b, { blockId: 'b2', itemId: 'card', pathId: 'p2' }), edgeHolders(b).get('p:b2:p2')?.holder)
  assert.equal(holderOf(b, { blockId: 'gone' }), undefined)
  assert.equal(groupOfBlock(b, 'b2')?.id, 'g1')
  assert.equal(groupOfBlock(b, 'gone'), undefined)
})

test('setOutgoing sets or removes one source’s edge in a copy; what does not change is shared', () => {
  const before = bot()
  const snapshot = structuredClone(before)
  const set = setOutgoing(before, { blockId: 'b1', itemId: 'i2' }, 'new')
  assert.deepEqual(before, snapshot, 'the bot is not mutated')
  assert.equal(outgoingOf(set, { blockId: 'b1', itemId: 'i2' }), 'new')
  assert.equal(set.groups[1], before.groups[1], 'untouched groups are shared')
  assert.equal(set.groups[0].blocks[1], before.groups[0].blocks[1], 'untouched blocks are shared')
  assert.equal(set.events, before.events, 'events are shared when none changes')
  assert.equal((set as { variables: unknown }).variables, before.variables, 'the bot’s other fields are kept')

  const cleared = setOutgoing(before, { blockId: 'b2', itemId: 'card', pathId: 'p2' }, undefined)
  const paths = (cleared.groups[0].blocks[1].items as { paths: object[] }[]).map((item) => item.paths)
  assert.deepEqual(paths, [[{ id: 'p1', text: 'More' }], [{ id: 'p2', text: 'Buy' }]], 'the key is removed, not set to undefined')
  assert.ok(!('outgoingEdgeId' in paths[1][0]))

  const own = setOutgoing(before, { blockId: 'b1' }, 'x')
  assert.equal(own.groups[0].blocks[0].outgoingEdgeId, 'x')
  assert.equal(own.groups[0].blocks[0].items, before.groups[0].blocks[0].items, 'a block’s own edge leaves its items alone')
  assert.equal(setOutgoing(before, { eventId: 'start' }, undefined).events[0].outgoingEdgeId, undefined)
  assert.equal(withOutgoing(before, []), before, 'no change: the bot itself')
})

test('withOutgoing changes every holder of a key (items of a card may share an id)', () => {
  const changed = withOutgoing(bot(), [
    [{ blockId: 'b2', itemId: 'card' }, 'both'],
    [{ eventId: 'start' }, 'e9'],
  ])
  assert.deepEqual(
    (changed.groups[0].blocks[1].items as { outgoingEdgeId?: string }[]).map((item) => item.outgoingEdgeId),
    ['both', 'both'],
  )
  assert.equal(changed.events[0].outgoingEdgeId, 'e9')
})

test('blockExits: items, items and else, card buttons, the block alone, or none', () => {
  const [choice, cards] = bot().groups[0].blocks
  const exits = (block: GraphBlock, kind: Parameters<typeof blockExits>[1]) => blockExits(block, kind).map((exit) => [exit.on, exit.key])
  assert.deepEqual(exits(choice, 'items'), [
    ['item', 'i:b1:i1'],
    ['item', 'i:b1:i2'],
  ])
  assert.deepEqual(exits(choice, 'items+else'), [
    ['item', 'i:b1:i1'],
    ['item', 'i:b1:i2'],
    ['block', 'b:b1'],
  ])
  assert.deepEqual(exits(cards, 'paths'), [
    ['path', 'p:b2:p1'],
    ['path', 'p:b2:p2'],
  ])
  assert.deepEqual(blockExits(cards, 'paths')[1].source, { blockId: 'b2', itemId: 'card', pathId: 'p2' })
  assert.deepEqual(exits(choice, 'block'), [['block', 'b:b1']])
  assert.deepEqual(exits(choice, 'none'), [])
  assert.deepEqual((['block', 'items', 'items+else', 'paths', 'none'] as const).filter(hasOwnExit), ['block', 'items+else'])
  assert.deepEqual((['block', 'items', 'items+else', 'paths', 'none'] as const).filter(hasItemExits), ['items', 'items+else', 'paths'])
})

test('edgesLeaving lists the edges of each source key, dangling ones included', () => {
  const b = bot()
  b.edges.push(
    { id: 'twice', from: { blockId: 'b1', itemId: 'i1' }, to: { groupId: 'g3' } },
    { id: 'ghost', from: { blockId: 'gone' }, to: { groupId: 'g1' } },
  )
  const leaving = edgesLeaving(b.edges)
  assert.deepEqual(
    leaving.get('i:b1:i1')?.map((edge) => edge.id),
    ['e1', 'twice'],
  )
  assert.deepEqual(
    leaving.get('b:gone')?.map((edge) => edge.id),
    ['ghost'],
  )
})

test('reachability: followed edges (named or implied at an end) and jumps; a jump to a variable reaches anywhere', () => {
  const b = bot()
  // The last block of g2 names no edge: the only edge leaving it is followed.
  b.edges.push({ id: 'implied', from: { blockId: 'b3' }, to: { groupId: 'g4' } })
  const followed = followedEdges(b)
  assert.deepEqual(
    [...followed].map(([key, edge]) => [key, edge.id]),
    [
      ['e:start', 'e0'],
      ['i:b1:i1', 'e1'],
      ['p:b2:p2', 'e2'],
      ['b:b3', 'implied'],
    ],
  )
  const noJumps = () => undefined
  assert.deepEqual([...(reachableGroups(b, ['g1'], followed, noJumps) ?? [])].sort(), ['g1', 'g2', 'g3', 'g4'])
  const withoutImplied = followedEdges({ ...b, edges: b.edges.filter((edge) => edge.id !== 'implied' && edge.id !== 'e2') })
  assert.deepEqual([...(reachableGroups(b, ['g1'], withoutImplied, noJumps) ?? [])].sort(), ['g1', 'g2'])
  const jumps = (block: GraphBlock) => (block.type === 'Jump' ? { groupId: (block.options as { groupId: string }).groupId } : undefined)
  assert.deepEqual([...(reachableGroups(b, ['g3'], new Map(), jumps) ?? [])].sort(), ['g3', 'g4'])
  assert.equal(
    reachableGroups(b, ['g3'], new Map(), () => 'anywhere'),
    undefined,
  )
  assert.deepEqual([...(reachableGroups(b, ['nope'], followed, noJumps) ?? [])], [])
})

test('duplicateIds: groups, blocks, items within a block, edges and events, in the bot’s order', () => {
  const b = bot()
  b.groups.push({ id: 'g2', blocks: [{ id: 'b1', type: 'text', items: [{ id: 'x' }, { id: 'x' }] }] })
  b.edges.push({ ...b.edges[0] })
  b.events.push({ id: 'start', type: 'reply' })
  assert.deepEqual(
    duplicateIds(b).map((found) => [found.of, found.id]),
    [
      ['item', 'card'],
      ['group', 'g2'],
      ['block', 'b1'],
      ['item', 'x'],
      ['edge', 'e0'],
      ['event', 'start'],
    ],
  )
})
