import assert from 'node:assert/strict'
import { test } from 'node:test'
import { csvCell, csvLine } from '../../../src/domain/csv.js'
import { cellRouting, resultCells, resultColumns, valueText } from '../../../src/domain/resultColumns.js'

const categoryOf = (type: string) => (type === 'text' || type === 'image' ? 'bubble' : type.endsWith(' input') ? 'input' : 'logic')

test('CSV cells: RFC 4180 quoting, and formula-like cells made text', () => {
  assert.equal(csvCell('plain'), 'plain')
  assert.equal(csvCell('a,b'), '"a,b"')
  assert.equal(csvCell('say "hi"'), '"say ""hi"""')
  assert.equal(csvCell('two\nlines'), '"two\nlines"')
  for (const start of ['=', '+', '-', '@', '\t', '\r'])
    assert.ok(csvCell(`${start}1`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start))
  assert.equal(csvCell('=A1,B1'), `"'=A1,B1"`)
  assert.equal(csvCell('a=b'), 'a=b')
  assert.equal(csvLine(['x', '', 'y']), 'x,,y\r\n')
})

test('labels: the question, else the group title, else the block type; a logic block ends the question', () => {
  const columns = resultColumns(
    [
      {
        groups: [
          {
            id: 'g',
            title: '',
            blocks: [
              { id: 't', type: 'text', content: { plainText: 'Old builder text' } },
              { id: 'a', type: 'text input' },
              { id: 'q', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Ignored' }] }] } },
              { id: 's', type: 'set variable' },
              { id: 'b', type: 'rating input' },
            ],
          },
          { id: 'h', title: 'Wrong shape', blocks: 'none' },
          'not a group',
        ],
        variables: [{ id: 'v', name: '' }, null],
      },
    ],
    categoryOf,
  )
  assert.deepEqual(
    columns.map((c) => c.label),
    ['Submitted at', 'Old builder text', 'Rating input', 'Variable'],
  )
})

test('cells: loops join answers, attachments follow the text, list values are joined, empty values left out', () => {
  const cells = resultCells({
    createdAt: '2026-01-01T00:00:00.000Z',
    answers: [
      { blockId: 'a', content: 'one', attachedFileUrls: [] },
      { blockId: 'a', content: 'two', attachedFileUrls: ['https://x/f.png'] },
      { blockId: 'f', content: 'https://x/g.png', attachedFileUrls: ['https://x/g.png'] },
    ],
    variables: [
      { id: 'l', value: ['x', null, 'y'] },
      { id: 'n', value: null },
      { id: 'o', value: { k: 1 } },
    ],
  })
  assert.deepEqual(cells, {
    submittedAt: '2026-01-01T00:00:00.000Z',
    'block:a': 'one, two, https://x/f.png',
    'block:f': 'https://x/g.png',
    'variable:l': 'x, y',
    'variable:o': '{"k":1}',
  })
  assert.equal(valueText(3), '3')
  assert.equal(valueText(undefined), undefined)
})

test("Typebot's header rule: an input is labelled by the variable it saves into; variable columns only for variables no input fills", () => {
  const columns = resultColumns(
    [
      {
        groups: [
          {
            id: 'g',
            title: 'Welcome',
            blocks: [
              { id: 't', type: 'text', content: { plainText: 'What size?' } },
              { id: 'size', type: 'choice input', options: { variableId: 'v-size' } },
              { id: 't2', type: 'text', content: { plainText: 'Anything else?' } },
              { id: 'note', type: 'text input' },
              { id: 'size-again', type: 'choice input', options: { variableId: 'v-size' } },
              { id: 'lost', type: 'text input', options: { variableId: 'v-deleted' } },
            ],
          },
        ],
        variables: [
          { id: 'v-size', name: 'Size' },
          { id: 'v-score', name: 'Score' },
          { id: 'v-secret', name: 'Token', isSessionVariable: true },
        ],
      },
    ],
    categoryOf,
  )
  assert.deepEqual(
    columns.map((c) => [c.id, c.label]),
    [
      ['submittedAt', 'Submitted at'],
      ['block:size', 'Size'],
      ['block:note', 'Anything else?'],
      ['block:lost', 'Welcome'],
      ['variable:v-score', 'Score'],
    ],
  )
  const cells = resultCells(
    {
      createdAt: '2026-01-01T00:00:00.000Z',
      answers: [
        { blockId: 'size', content: 'Large', attachedFileUrls: [] },
        { blockId: 'size-again', content: 'Small', attachedFileUrls: [] },
        { blockId: 'note', content: 'Extra cheese', attachedFileUrls: [] },
      ],
      variables: [
        { id: 'v-size', value: 'Small' },
        { id: 'v-score', value: 3 },
      ],
    },
    cellRouting(columns),
  )
  assert.equal(cells['block:size'], 'Large, Small')
  assert.equal(cells['block:note'], 'Extra cheese')
  assert.equal(cells['variable:v-score'], '3')
  assert.equal(cells['variable:v-size'], undefined, 'no column of its own')
  // No answer (a variable prefilled or set by a script): the input's column shows the variable.
  const prefilled = resultCells({ createdAt: 'x', answers: [], variables: [{ id: 'v-size', value: 'Medium' }] }, cellRouting(columns))
  assert.equal(prefilled['block:size'], 'Medium')
})
