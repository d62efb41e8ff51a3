import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { EditorBot } from '../../../web/app/src/editor/types.js'
import { renameVariable, variableNameProblem } from '../../../web/app/src/editor/variables/renameVariable.js'
import { variableUsage } from '../../../web/app/src/editor/variables/variableUsage.js'

const bot = (): EditorBot =>
  ({
    version: '6',
    events: [{ id: 'e1', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'edge1' }],
    groups: [
      {
        id: 'g1',
        title: 'Group',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: 'b1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi {{Name}}, {{Name}}! {{Names}}' }] }] } },
          { id: 'b2', type: 'text input', options: { variableId: 'v1' } },
          { id: 'b3', type: 'Redirect', options: { url: 'https://x.test/?n={{Name}}' } },
          { id: 'b4', type: 'Set variable', options: { variableId: 'v2', expressionToEvaluate: '{{Email}}' } },
        ],
      },
    ],
    edges: [{ id: 'edge1', from: { eventId: 'e1' }, to: { groupId: 'g1' } }],
    variables: [
      { id: 'v1', name: 'Name' },
      { id: 'v2', name: 'Names' },
      { id: 'v3', name: 'Email' },
      { id: 'v4', name: 'Unused' },
    ],
    theme: {},
    settings: {},
  }) as EditorBot

test('renameVariable: keeps the id, rewrites every {{old}} and nothing else', () => {
  const before = bot()
  const after = renameVariable(before, 'v1', ' First name ')
  assert.deepEqual(after.variables[0], { id: 'v1', name: 'First name' })
  const blocks = after.groups[0].blocks as any[]
  assert.equal(blocks[0].content.richText[0].children[0].text, 'Hi {{First name}}, {{First name}}! {{Names}}')
  assert.equal(blocks[1].options.variableId, 'v1')
  assert.equal(blocks[2].options.url, 'https://x.test/?n={{First name}}')
  assert.equal(blocks[3], before.groups[0].blocks[3], 'untouched blocks stay the same objects')
  assert.equal(after.edges, before.edges)
  assert.equal(
    (before.groups[0].blocks[0] as any).content.richText[0].children[0].text,
    'Hi {{Name}}, {{Name}}! {{Names}}',
    'the input bot is not changed',
  )
})

test('renameVariable: same name or unknown id give the bot back', () => {
  const b = bot()
  assert.equal(renameVariable(b, 'v1', 'Name'), b)
  assert.equal(renameVariable(b, 'nope', 'X'), b)
})

test('variableNameProblem: empty, braces, taken', () => {
  const b = bot()
  assert.ok(variableNameProblem(b, 'v1', '  '))
  assert.ok(variableNameProblem(b, 'v1', 'a}b'))
  assert.match(variableNameProblem(b, 'v1', 'Email') ?? '', /Another variable/)
  assert.equal(variableNameProblem(b, 'v1', 'Name'), undefined)
  assert.equal(variableNameProblem(b, 'v1', 'Fresh'), undefined)
})

test('variableUsage: references by id and by {{name}}', () => {
  const b = bot()
  assert.deepEqual(variableUsage(b, 'v1'), { byId: 1, byName: 3 })
  assert.deepEqual(variableUsage(b, 'v2'), { byId: 1, byName: 1 })
  assert.deepEqual(variableUsage(b, 'v3'), { byId: 0, byName: 1 })
  assert.deepEqual(variableUsage(b, 'v4'), { byId: 0, byName: 0 })
  assert.deepEqual(variableUsage(b, 'missing'), { byId: 0, byName: 0 })
})
