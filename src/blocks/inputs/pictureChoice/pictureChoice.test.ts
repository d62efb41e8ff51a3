import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pictureChoiceInput } from './kind.js'
import type { PictureChoiceBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const items: PictureChoiceBlock['items'] = [
  { id: 'p1', title: 'Cat', pictureSrc: 'https://img/cat.png', outgoingEdgeId: 'e-cat' },
  { id: 'p2', title: 'Dog', pictureSrc: 'https://img/dog.png', value: 'canine' },
  { id: 'p3', pictureSrc: 'https://img/bird.png' },
]
const single: PictureChoiceBlock = { id: 'b1', type: 'picture choice input', items, options: { variableId: 'v1' } }
const multiple: PictureChoiceBlock = { ...single, options: { isMultipleChoice: true } }

test('picture single: title (any case), value, picture URL or id; saves value, else title, else URL', async () => {
  assert.deepEqual(await parse(pictureChoiceInput, single, text('cat')), { status: 'success', content: 'Cat', outgoingEdgeId: 'e-cat' })
  assert.deepEqual(await parse(pictureChoiceInput, single, text('Dog')), { status: 'success', content: 'canine' })
  assert.deepEqual(await parse(pictureChoiceInput, single, text('CANINE')), { status: 'success', content: 'canine' })
  assert.deepEqual(await parse(pictureChoiceInput, single, text('https://img/bird.png')), { status: 'success', content: 'https://img/bird.png' })
  assert.deepEqual(await parse(pictureChoiceInput, single, text('p1')), { status: 'success', content: 'Cat', outgoingEdgeId: 'e-cat' })
  assert.deepEqual(await parse(pictureChoiceInput, single, text('Horse')), { status: 'fail' })
})

test('picture multiple: titles, values and positions in display order', async () => {
  assert.deepEqual(await parse(pictureChoiceInput, multiple, text('dog and cat')), { status: 'success', content: 'Cat, canine' })
  assert.deepEqual(await parse(pictureChoiceInput, multiple, text('3, canine')), { status: 'success', content: 'canine, https://img/bird.png' })
  assert.deepEqual(await parse(pictureChoiceInput, multiple, text('none')), { status: 'fail' })
})

test('picture: dynamic items from parallel list variables', async () => {
  const ctx = context([
    { id: 'srcs', name: 'Srcs', value: ['https://a.png', 'https://b.png'] },
    { id: 'titles', name: 'Titles', value: ['A', 'B'] },
    { id: 'descs', name: 'Descs', value: 'only one' },
  ])
  const block: PictureChoiceBlock = {
    ...single,
    options: { dynamicItems: { isEnabled: true, pictureSrcsVariableId: 'srcs', titlesVariableId: 'titles', descriptionsVariableId: 'descs' } },
  }
  const input = (await pictureChoiceInput.prepare(block, ctx)) as any
  assert.deepEqual(input.items, [
    { id: '0', blockId: 'b1', pictureSrc: 'https://a.png', title: 'A', description: 'only one' },
    { id: '1', blockId: 'b1', pictureSrc: 'https://b.png', title: 'B', description: '' },
  ])
  assert.deepEqual(await pictureChoiceInput.parseReply(text('b'), input, ctx), { status: 'success', content: 'B' })
  const disabled = (await pictureChoiceInput.prepare(
    { ...block, options: { dynamicItems: { isEnabled: false, pictureSrcsVariableId: 'srcs' } } },
    ctx,
  )) as any
  assert.equal(disabled.items.length, items.length)
})

test('picture: display conditions filter, fields are templated', async () => {
  const ctx = context([
    { id: 'pet', name: 'Pet', value: 'Cat' },
    { id: 'size', name: 'Size', value: '200' },
  ])
  const block: PictureChoiceBlock = {
    ...single,
    items: [
      { id: 'a', title: 'A {{Size}}', pictureSrc: 'https://img/{{Size}}.png' },
      {
        id: 'b',
        title: 'B',
        displayCondition: {
          isEnabled: true,
          condition: { comparisons: [{ variableId: 'pet', comparisonOperator: 'Equal to', value: 'Dog' }] },
        },
      },
    ],
  }
  const input = (await pictureChoiceInput.prepare(block, ctx)) as any
  assert.deepEqual(input.items, [{ id: 'a', title: 'A 200', pictureSrc: 'https://img/200.png' }])
  assert.deepEqual(await pictureChoiceInput.parseReply(text('B'), input, ctx), { status: 'fail' })
})
