import assert from 'node:assert/strict'
import { test } from 'node:test'
import { choiceInput } from './kind.js'
import type { ChoiceInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const items: ChoiceInputBlock['items'] = [
  { id: 'i1', content: 'Yes', outgoingEdgeId: 'e-yes' },
  { id: 'i2', content: 'No', outgoingEdgeId: 'e-no' },
  { id: 'i3', content: 'Yes, absolutely' },
  { id: 'i4', content: 'Premium plan', value: 'premium' },
]
const single: ChoiceInputBlock = { id: 'b1', type: 'choice input', items, options: { variableId: 'v1' } }
const multiple: ChoiceInputBlock = { ...single, options: { isMultipleChoice: true } }

test('choice single: matched by label, with its edge', async () => {
  assert.deepEqual(await parse(choiceInput, single, text('Yes')), { status: 'success', content: 'Yes', outgoingEdgeId: 'e-yes' })
  assert.deepEqual(await parse(choiceInput, single, text('  No ')), { status: 'success', content: 'No', outgoingEdgeId: 'e-no' })
  assert.deepEqual(await parse(choiceInput, single, text('Yes, absolutely')), { status: 'success', content: 'Yes, absolutely' })
})

test('choice single: matched by id or by internal value; the internal value is saved', async () => {
  assert.deepEqual(await parse(choiceInput, single, text('i2')), { status: 'success', content: 'No', outgoingEdgeId: 'e-no' })
  assert.deepEqual(await parse(choiceInput, single, text('Premium plan')), { status: 'success', content: 'premium' })
  assert.deepEqual(await parse(choiceInput, single, text('premium')), { status: 'success', content: 'premium' })
})

test('choice single: the clicked button named in the metadata wins', async () => {
  assert.deepEqual(await parse(choiceInput, single, text('whatever', { metadata: { replyId: 'i1' } })), {
    status: 'success',
    content: 'Yes',
    outgoingEdgeId: 'e-yes',
  })
})

test('choice single: case, positions and unknown labels do not match (as in Typebot)', async () => {
  for (const reply of ['yes', '1', 'Maybe', '']) assert.deepEqual(await parse(choiceInput, single, text(reply)), { status: 'fail' }, reply)
  assert.deepEqual(await parse(choiceInput, single, { type: 'audio', url: 'https://x/a.mp3' }), { status: 'fail' })
})

test('choice single: labels are templated before matching', async () => {
  const ctx = context([{ id: 'v2', name: 'City', value: 'Paris' }])
  const block: ChoiceInputBlock = { ...single, items: [{ id: 'a', content: 'Go to {{City}}', outgoingEdgeId: 'e1' }] }
  const input = (await choiceInput.prepare(block, ctx)) as any
  assert.equal(input.items[0].content, 'Go to Paris')
  assert.deepEqual(await choiceInput.parseReply(text('Go to Paris'), input, ctx), { status: 'success', content: 'Go to Paris', outgoingEdgeId: 'e1' })
})

test('choice multiple: labels, values, ids and positions, saved in display order without edge', async () => {
  assert.deepEqual(await parse(choiceInput, multiple, text('No, Yes')), { status: 'success', content: 'Yes, No' })
  assert.deepEqual(await parse(choiceInput, multiple, text('premium and 2')), { status: 'success', content: 'No, premium' })
  assert.deepEqual(await parse(choiceInput, multiple, text('i3 1')), { status: 'success', content: 'Yes, Yes, absolutely' })
  assert.deepEqual(await parse(choiceInput, multiple, text('nothing here')), { status: 'fail' })
})

test('choice multiple: labels are saved trimmed, internal values as they are (as Typebot)', async () => {
  const block: ChoiceInputBlock = {
    ...multiple,
    items: [
      { id: 'a', content: 'item\n' },
      { id: 'b', content: '  second item ' },
      { id: 'c', content: 'third', value: ' kept as is ' },
    ],
  }
  assert.deepEqual(await parse(choiceInput, block, text('a, b, c')), { status: 'success', content: 'item, second item,  kept as is ' })
})

test('choice multiple: overlapping labels and isolated words', async () => {
  const block: ChoiceInputBlock = {
    ...multiple,
    items: [
      { id: 'a', content: 'item' },
      { id: 'b', content: 'second item' },
      { id: 'c', content: 'third item' },
    ],
  }
  assert.deepEqual(await parse(choiceInput, block, text('1 and second item, c')), { status: 'success', content: 'item, second item, third item' })
  assert.deepEqual(await parse(choiceInput, block, text('second item')), { status: 'success', content: 'second item' })
  assert.deepEqual(await parse(choiceInput, block, text('items')), { status: 'fail' })
  assert.deepEqual(await parse(choiceInput, block, text('12')), { status: 'fail' })
})

test('choice multiple: labels with punctuation, accents or regex characters', async () => {
  const block: ChoiceInputBlock = {
    ...multiple,
    items: [
      { id: 'a', content: 'C++' },
      { id: 'b', content: 'Café' },
      { id: 'c', content: 'Yes!' },
    ],
  }
  assert.deepEqual(await parse(choiceInput, block, text('Yes!, C++ and Café')), { status: 'success', content: 'C++, Café, Yes!' })
})

test('choice: dynamic items from a list variable', async () => {
  const ctx = context([{ id: 'list', name: 'Colors', value: ['Red', null, 'Blue'] }])
  const block: ChoiceInputBlock = { ...single, options: { dynamicVariableId: 'list' } }
  const input = (await choiceInput.prepare(block, ctx)) as any
  assert.deepEqual(input.items, [
    { id: 'choice0', blockId: 'b1', content: 'Red' },
    { id: 'choice1', blockId: 'b1', content: 'Blue' },
  ])
  assert.deepEqual(await choiceInput.parseReply(text('Blue'), input, ctx), { status: 'success', content: 'Blue' })
  assert.deepEqual(await choiceInput.parseReply(text('choice0'), input, ctx), { status: 'success', content: 'Red' })
})

test('choice: a single string variable gives one dynamic item; no value keeps the static items', async () => {
  const block: ChoiceInputBlock = { ...single, options: { dynamicVariableId: 'list' } }
  const one = (await choiceInput.prepare(block, context([{ id: 'list', name: 'Colors', value: 'Green' }]))) as any
  assert.deepEqual(one.items, [{ id: 'choice0', blockId: 'b1', content: 'Green' }])
  const none = (await choiceInput.prepare(block, context([{ id: 'list', name: 'Colors' }]))) as any
  assert.equal(none.items.length, items.length)
})

test('choice: a list variable without a value leaves the block as written, so its `{{list}}` button is accepted (as Typebot)', async () => {
  const block: ChoiceInputBlock = { ...single, items: [{ id: 'i1', content: '{{Colors}}' }], options: { dynamicVariableId: 'list' } }
  const ctx = context([{ id: 'list', name: 'Colors' }])
  const input = (await choiceInput.prepare(block, ctx)) as any
  assert.deepEqual(input.items, [{ id: 'i1', content: '{{Colors}}' }])
  assert.deepEqual(await choiceInput.parseReply(text('{{Colors}}'), input, ctx), { status: 'success', content: '{{Colors}}' })
})

test('choice: items hidden by their display condition can neither be shown nor chosen', async () => {
  const ctx = context([{ id: 'vip', name: 'Vip', value: 'no' }])
  const block: ChoiceInputBlock = {
    ...single,
    items: [
      { id: 'a', content: 'Standard' },
      {
        id: 'b',
        content: 'Lounge',
        displayCondition: {
          isEnabled: true,
          condition: { comparisons: [{ variableId: 'vip', comparisonOperator: 'Equal to', value: 'yes' }] },
        },
      },
      { id: 'c', content: 'Bar', displayCondition: { isEnabled: false, condition: { comparisons: [] } } },
    ],
  }
  const input = (await choiceInput.prepare(block, ctx)) as any
  assert.deepEqual(
    input.items.map((i: any) => i.id),
    ['a', 'c'],
  )
  assert.deepEqual(await choiceInput.parseReply(text('Lounge'), input, ctx), { status: 'fail' })
  const vip = context([{ id: 'vip', name: 'Vip', value: 'yes' }])
  assert.deepEqual(
    ((await choiceInput.prepare(block, vip)) as any).items.map((i: any) => i.id),
    ['a', 'b', 'c'],
  )
})

test('choice: never prefilled', async () => {
  const input = await choiceInput.prepare(single, context([{ id: 'v1', name: 'Answer', value: 'Yes' }]))
  assert.equal('prefilledValue' in input, false)
})
