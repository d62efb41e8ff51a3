import assert from 'node:assert/strict'
import { test } from 'node:test'
import { outgoingOf } from '../../../src/contract/bot/graph.js'
import { cutFragment, duplicateGroups, parseFragment, pasteFragment } from '../../../web/app/src/editor/doc/fragment.js'
import {
  connect,
  insertBlock,
  moveBlock,
  moveNodes,
  removeBlocks,
  removeEdges,
  removeGroups,
  replaceBlock,
} from '../../../web/app/src/editor/doc/ops.js'
import type { EditorBot } from '../../../web/app/src/editor/types.js'

// start → g1 (text, buttons with items i1/i2); i1 → g2; g2 (email) ; a dangling edge from an old import.
const bot = (): EditorBot =>
  ({
    version: '6',
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e0' }],
    groups: [
      {
        id: 'g1',
        title: 'One',
        graphCoordinates: { x: 100, y: 0 },
        blocks: [
          { id: 'b1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi {{Name}}' }] }] } },
          {
            id: 'b2',
            type: 'choice input',
            items: [
              { id: 'i1', content: 'Yes', outgoingEdgeId: 'e1' },
              { id: 'i2', content: 'No' },
            ],
            options: { variableId: 'v1' },
          },
        ],
      },
      { id: 'g2', title: 'Two', graphCoordinates: { x: 400, y: 0 }, blocks: [{ id: 'b3', type: 'email input' }] },
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e1', from: { blockId: 'b2', itemId: 'i1' }, to: { groupId: 'g2' } },
      { id: 'old', from: { blockId: 'gone' }, to: { groupId: 'g2' } },
    ],
    variables: [
      { id: 'v1', name: 'Answer' },
      { id: 'v2', name: 'Name' },
      { id: 'v3', name: 'Unused' },
    ],
    theme: {},
    settings: {},
  }) as unknown as EditorBot

const block = (b: EditorBot, id: string) => b.groups.flatMap((g) => g.blocks).find((x) => x.id === id)

test('connect sets both sides and replaces the edge the source had', () => {
  const { bot: next, edgeId } = connect(bot(), { blockId: 'b2', itemId: 'i1' }, { groupId: 'g1' })
  assert.equal(outgoingOf(next, { blockId: 'b2', itemId: 'i1' }), edgeId)
  assert.ok(!next.edges.some((e) => e.id === 'e1'), 'the old edge of the item is gone')
  assert.deepEqual(next.edges.find((e) => e.id === edgeId)?.to, { groupId: 'g1' })
  const second = connect(next, { eventId: 'start' }, { groupId: 'g2' })
  assert.equal(second.bot.events[0].outgoingEdgeId, second.edgeId)
  assert.ok(
    second.bot.edges.some((e) => e.id === 'old'),
    'unrelated dangling edges are left alone',
  )
})

test('removing an edge clears its source; removing a block takes its edges; an emptied group goes', () => {
  const cut = removeEdges(bot(), ['e1'])
  assert.equal(outgoingOf(cut, { blockId: 'b2', itemId: 'i1' }), undefined)
  const noEmail = removeBlocks(bot(), ['b3'])
  assert.deepEqual(
    noEmail.groups.map((g) => g.id),
    ['g1'],
  )
  assert.ok(!noEmail.edges.some((e) => e.to.groupId === 'g2'), 'edges into the removed group are gone (the dangling one too)')
  assert.equal(outgoingOf(noEmail, { blockId: 'b2', itemId: 'i1' }), undefined)
  const noG1 = removeGroups(bot(), ['g1'])
  assert.equal(noG1.events[0].outgoingEdgeId, undefined, 'the start event no longer names the removed edge')
  assert.ok(!('outgoingEdgeId' in noG1.events[0]))
})

test('moving blocks: within a group, to another group, to a new group; the emptied group is removed', () => {
  const reordered = moveBlock(bot(), 'b2', { groupId: 'g1', index: 0 })
  assert.deepEqual(
    reordered.groups[0].blocks.map((b) => b.id),
    ['b2', 'b1'],
  )
  const unchanged = bot()
  assert.equal(moveBlock(unchanged, 'b1', { groupId: 'g1', index: 1 }), unchanged, 'dropped where it was: no change')
  const moved = moveBlock(bot(), 'b3', { groupId: 'g1', index: 1 })
  assert.deepEqual(
    moved.groups.map((g) => [g.id, g.blocks.map((b) => b.id)]),
    [['g1', ['b1', 'b3', 'b2']]],
  )
  assert.ok(!moved.edges.some((e) => e.to.groupId === 'g2'))
  const out = moveBlock(bot(), 'b1', { at: { x: 5, y: 6 } })
  assert.equal(out.groups.length, 3)
  assert.deepEqual(out.groups[2].graphCoordinates, { x: 5, y: 6 })
  assert.equal(out.groups[2].title, 'Group #3')
  assert.deepEqual(
    out.groups[2].blocks.map((b) => b.id),
    ['b1'],
  )
})

test('inserting a block at an index, and replacing a block drops edges of removed items only', () => {
  const { bot: next } = insertBlock(bot(), { id: 'n', type: 'text' }, { groupId: 'g2', index: 0 })
  assert.deepEqual(
    next.groups[1].blocks.map((b) => b.id),
    ['n', 'b3'],
  )
  const b2 = block(bot(), 'b2') as unknown as { items: { id: string }[] }
  const fewer = replaceBlock(bot(), { ...b2, items: b2.items.filter((i) => i.id !== 'i1') } as never)
  assert.ok(!fewer.edges.some((e) => e.id === 'e1'))
  assert.ok(fewer.edges.some((e) => e.id === 'old'))
  const relabelled = replaceBlock(bot(), { ...b2, items: [{ id: 'i1', content: 'Sure', outgoingEdgeId: 'e1' }, b2.items[1]] } as never)
  assert.ok(
    relabelled.edges.some((e) => e.id === 'e1'),
    'a relabelled item keeps its edge',
  )
})

test('copy and paste: new ids, inner edges kept, outer ones cleared, variables mapped by name', () => {
  const fragment = parseFragment(JSON.stringify(cutFragment(bot(), ['g1', 'g2'])))
  assert.ok(fragment)
  assert.deepEqual(fragment.variables.map((v) => v.name).sort(), ['Answer', 'Name'])
  const target = { ...bot(), groups: [], edges: [], variables: [{ id: 'x', name: 'Name' }] } as unknown as EditorBot
  const { bot: pasted, groupIds } = pasteFragment(target, fragment, { x: 1000, y: 1000 })
  assert.equal(groupIds.length, 2)
  assert.ok(groupIds.every((id) => id !== 'g1' && id !== 'g2'))
  assert.deepEqual(pasted.groups[0].graphCoordinates, { x: 1000, y: 1000 })
  assert.deepEqual(pasted.groups[1].graphCoordinates, { x: 1300, y: 1000 })
  assert.equal(pasted.edges.length, 1, 'only the edge between the pasted groups')
  const [edge] = pasted.edges
  const buttons = pasted.groups[0].blocks[1] as unknown as { items: { id: string; outgoingEdgeId?: string }[]; options: { variableId: string } }
  assert.equal(buttons.items[0].outgoingEdgeId, edge.id)
  assert.equal((edge.from as { itemId: string }).itemId, buttons.items[0].id)
  assert.equal(edge.to.groupId, pasted.groups[1].id)
  assert.deepEqual(
    pasted.variables.map((v) => v.name),
    ['Name', 'Answer'],
  )
  assert.equal(buttons.options.variableId, 'v1', 'Answer kept its id (free in the target)')
  assert.equal(parseFragment('{"groups":[]}'), undefined)
  assert.equal(parseFragment('not json'), undefined)
})

test('duplicating a group into the same bot: an edge leaving it is not copied', () => {
  const { bot: next, groupIds } = duplicateGroups(bot(), ['g1'])
  const copy = next.groups.find((g) => g.id === groupIds[0])!
  assert.equal(next.groups.length, 3)
  assert.deepEqual(copy.graphCoordinates, { x: 140, y: 40 })
  assert.equal((copy.blocks[1] as unknown as { items: { outgoingEdgeId?: string }[] }).items[0].outgoingEdgeId, undefined)
  assert.equal(next.edges.length, bot().edges.length)
  assert.equal(next.variables.length, 3, 'variables with the same names are reused')
})

test("a block added after a group's last block takes over the group's exit; a drag back to the same place changes nothing", () => {
  const b = bot()
  const g2 = b.groups[1]
  const withExit = connect(b, { blockId: 'b3' }, { groupId: 'g1' })
  const { bot: next } = insertBlock(withExit.bot, { id: 'n', type: 'text' }, { groupId: g2.id, index: 1 })
  const blocks = next.groups[1].blocks
  assert.equal(blocks[0].outgoingEdgeId, undefined)
  assert.equal(blocks[1].outgoingEdgeId, withExit.edgeId)
  assert.deepEqual(next.edges.find((e) => e.id === withExit.edgeId)?.from, { blockId: 'n' })
  // In the middle, or a block that ends the flow: the exit stays where it was.
  const middle = insertBlock(withExit.bot, { id: 'm', type: 'text' }, { groupId: g2.id, index: 0 }).bot
  assert.equal(middle.groups[1].blocks[1].outgoingEdgeId, withExit.edgeId)
  const jump = insertBlock(withExit.bot, { id: 'j', type: 'Jump' }, { groupId: g2.id, index: 1 }).bot
  assert.equal(jump.groups[1].blocks[0].outgoingEdgeId, withExit.edgeId)
  assert.equal(moveNodes(b, new Map([['g1', { x: 100, y: 0 }]])), b)
  assert.notEqual(moveNodes(b, new Map([['g1', { x: 101, y: 0 }]])), b)
})

test("cards' buttons: connected, reconnected and removed by their own keys; a pasted card keeps its buttons' edges", () => {
  // Real exports hold cards whose items share an id: each button is a source of its own.
  const cards = {
    id: 'c',
    type: 'cards',
    items: [
      { id: 'card', paths: [{ id: 'p1', text: 'More' }] },
      { id: 'card', paths: [{ id: 'p2', text: 'Buy' }] },
    ],
  }
  const b = bot()
  b.groups[1].blocks.push(cards as never)
  const buy = { blockId: 'c', itemId: 'card', pathId: 'p2' }
  const first = connect(b, buy, { groupId: 'g1' })
  assert.equal(outgoingOf(first.bot, buy), first.edgeId)
  assert.equal(outgoingOf(first.bot, { blockId: 'c', itemId: 'card', pathId: 'p1' }), undefined)
  const again = connect(first.bot, buy, { groupId: 'g2' })
  assert.ok(!again.bot.edges.some((e) => e.id === first.edgeId), 'the button’s previous edge is replaced')
  assert.equal(outgoingOf(again.bot, buy), again.edgeId)

  const pasted = pasteFragment(again.bot, cutFragment(again.bot, ['g2']), { x: 0, y: 900 })
  const copy = pasted.bot.groups.find((g) => g.id === pasted.groupIds[0])!.blocks[1] as unknown as typeof cards
  const copyEdge = pasted.bot.edges.find((e) => e.to.groupId === pasted.groupIds[0])!
  assert.equal((copy.items[1].paths[0] as { outgoingEdgeId?: string }).outgoingEdgeId, copyEdge.id, 'the edge within the copy is kept')
  assert.deepEqual(copyEdge.from, { blockId: copy.id, itemId: copy.items[1].id, pathId: copy.items[1].paths[0].id })

  const withoutBuy = { ...cards, items: [cards.items[0], { id: 'card', paths: [] }] }
  const fewer = replaceBlock(again.bot, withoutBuy as never)
  assert.ok(!fewer.edges.some((e) => e.id === again.edgeId), 'the removed button’s edge goes')
  assert.equal(removeEdges(again.bot, [again.edgeId]).edges.length, b.edges.length)
  assert.equal(outgoingOf(removeEdges(again.bot, [again.edgeId]), buy), undefined)
})
