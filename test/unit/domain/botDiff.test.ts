// The comparison of two bot versions names what an author recognises: groups by title, blocks by their text and
// group, edges by where they lead, variables by name, theme and settings by path; canvas moves are no change.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { diffBots } from '../../../src/domain/botDiff.js'
import { bot, edge, say } from '../../support/engine.js'

const choice = (id: string, items: [string, string][]) => ({
  id,
  type: 'choice input',
  items: items.map(([itemId, content]) => ({ id: itemId, content })),
})

test('groups added, removed and renamed; blocks added, removed, moved and changed; moves on the canvas ignored', () => {
  const before = bot(
    [
      [
        'Welcome',
        [
          say('hi', 'Hello'),
          choice('pick', [
            ['yes', 'Yes'],
            ['no', 'No'],
          ]),
        ],
      ],
      ['Old', [say('gone', 'Bye for now')]],
    ],
    {
      edges: [edge('e-yes', { blockId: 'pick', itemId: 'yes' }, 'Old')],
      variables: [{ id: 'v1', name: 'Name' }],
      settings: { general: { isInputPrefillEnabled: false } },
    },
  )
  const after = structuredClone(before) as any
  after.groups[0].graphCoordinates = { x: 500, y: 200 }
  after.groups[0].title = 'Greeting'
  after.groups[0].blocks[1].items[1].content = 'Nope'
  after.groups[0].blocks[1].items.push({ id: 'maybe', content: 'Maybe' })
  after.groups.splice(1, 1, {
    id: 'New',
    title: 'New',
    graphCoordinates: { x: 0, y: 0 },
    blocks: [say('gone', 'Bye for now'), say('added', 'Fresh')],
  })
  after.edges[1].to = { groupId: 'New' }
  after.variables[0].name = 'First name'
  after.settings.general.isInputPrefillEnabled = true

  const diff = diffBots(before, after)
  assert.deepEqual(diff.groups.added, [{ id: 'New', title: 'New' }])
  assert.deepEqual(diff.groups.removed, [{ id: 'Old', title: 'Old' }])
  assert.deepEqual(diff.groups.changed, [{ id: 'Welcome', title: 'Greeting', changes: [{ path: 'title', from: 'Welcome', to: 'Greeting' }] }])
  assert.deepEqual(diff.blocks.added, [{ id: 'added', type: 'text', groupId: 'New', group: 'New', label: 'Fresh' }])
  const byId = Object.fromEntries(diff.blocks.changed.map((b) => [b.id, b]))
  assert.deepEqual(byId.gone.changes, [{ path: 'group', from: 'Old', to: 'New' }])
  assert.deepEqual(byId.pick.changes, [
    { path: 'items[no].content', from: 'No', to: 'Nope' },
    { path: 'items[maybe]', from: null, to: 'Maybe' },
  ])
  assert.equal(byId.pick.label, 'Yes / Nope / Maybe')
  assert.equal(byId.hi, undefined, 'an unchanged block is not listed, though its group moved on the canvas')
  assert.deepEqual(
    diff.edges.changed.map((e) => [e.from, e.to]),
    [['Greeting › Yes / Nope / Maybe › Yes', 'New']],
  )
  assert.deepEqual(diff.variables.changed, [{ id: 'v1', name: 'First name', changes: [{ path: 'name', from: 'Name', to: 'First name' }] }])
  assert.deepEqual(diff.settings, [{ path: 'general.isInputPrefillEnabled', from: false, to: true }])
  assert.deepEqual(diff.summary, { added: 2, removed: 1, changed: 6 })
})

test('an identical bot has no differences, and a rewritten block lists a bounded number of changes', () => {
  const one = bot([['G', [say('a', 'Same')]]])
  assert.deepEqual(diffBots(one, structuredClone(one)).summary, { added: 0, removed: 0, changed: 0 })
  const wide = bot([['G', [{ id: 'w', type: 'Set variable', options: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) }]]])
  const wider = structuredClone(wide) as any
  wider.groups[0].blocks[0].options = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i + 1]))
  assert.equal(diffBots(wide, wider).blocks.changed[0].changes.length, 40)
})
