import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cardsInput } from './kind.js'
import type { CardsBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const variables = () => [
  { id: 'vImg', name: 'Img' },
  { id: 'vTitle', name: 'Title' },
  { id: 'vDesc', name: 'Desc' },
  { id: 'vBtn', name: 'Btn' },
  { id: 'vInt', name: 'Int' },
]
const block: CardsBlock = {
  id: 'b1',
  type: 'cards',
  items: [
    {
      id: 'c1',
      title: 'Basic',
      description: 'Cheap',
      imageUrl: 'https://img/basic.png',
      options: { internalValue: 'plan_basic' },
      paths: [
        { id: 'p1', text: 'Buy', outgoingEdgeId: 'e-buy-basic' },
        { id: 'p2', text: 'Details', outgoingEdgeId: 'e-details-basic' },
      ],
    },
    {
      id: 'c2',
      title: 'Pro',
      imageUrl: 'https://img/pro.png',
      paths: [{ id: 'p3', text: 'Buy', outgoingEdgeId: 'e-buy-pro' }],
    },
  ],
  options: {
    variableId: 'answer',
    saveResponseMapping: [
      { field: 'Image URL', variableId: 'vImg' },
      { field: 'Title', variableId: 'vTitle' },
      { field: 'Description', variableId: 'vDesc' },
      { field: 'Button', variableId: 'vBtn' },
      { field: 'Internal Value', variableId: 'vInt' },
      { field: 'Title', variableId: 'unknown' },
      { field: 'Title' },
    ],
  },
}

test('cards: a path id chooses the card and the path edge, and saves the mapped fields', async () => {
  assert.deepEqual(await parse(cardsInput, block, text('p2'), context(variables())), {
    status: 'success',
    content: 'Basic',
    outgoingEdgeId: 'e-details-basic',
    variableUpdates: [
      { variableId: 'vImg', value: 'https://img/basic.png' },
      { variableId: 'vTitle', value: 'Basic' },
      { variableId: 'vDesc', value: 'Cheap' },
      { variableId: 'vBtn', value: 'Details' },
      { variableId: 'vInt', value: 'plan_basic' },
    ],
  })
})

test('cards: the path may come as metadata; missing fields clear their variable', async () => {
  const parsed = await parse(cardsInput, block, text('Buy', { metadata: { replyId: 'p3' } }), context(variables()))
  assert.deepEqual(parsed, {
    status: 'success',
    content: 'Pro',
    outgoingEdgeId: 'e-buy-pro',
    variableUpdates: [
      { variableId: 'vImg', value: 'https://img/pro.png' },
      { variableId: 'vTitle', value: 'Pro' },
      { variableId: 'vDesc', value: null },
      { variableId: 'vBtn', value: 'Buy' },
      { variableId: 'vInt', value: null },
    ],
  })
})

test('cards: a card title (any case) goes through its first path', async () => {
  const parsed = await parse(cardsInput, { ...block, options: {} }, text('basic'))
  assert.deepEqual(parsed, { status: 'success', content: 'Basic', outgoingEdgeId: 'e-buy-basic' })
})

test('cards: unknown replies fail', async () => {
  assert.deepEqual(await parse(cardsInput, block, text('Buy')), { status: 'fail' })
  assert.deepEqual(await parse(cardsInput, block, text('Gold')), { status: 'fail' })
  assert.deepEqual(await parse(cardsInput, block, undefined), { status: 'fail' })
})

test('cards: a card without title answers with its image URL', async () => {
  const untitled: CardsBlock = {
    ...block,
    items: [{ id: 'c', imageUrl: 'https://img/x.png', paths: [{ id: 'p', outgoingEdgeId: 'e' }] }],
    options: {},
  }
  assert.deepEqual(await parse(cardsInput, untitled, text('p')), { status: 'success', content: 'https://img/x.png', outgoingEdgeId: 'e' })
})

test('cards: display conditions hide cards', async () => {
  const ctx = context([{ id: 'tier', name: 'Tier', value: 'free' }])
  const conditional: CardsBlock = {
    ...block,
    items: [
      block.items![0],
      {
        ...block.items![1],
        options: {
          displayCondition: {
            isEnabled: true,
            condition: { comparisons: [{ variableId: 'tier', comparisonOperator: 'Equal to', value: 'paid' }] },
          },
        },
      },
    ],
  }
  const input = (await cardsInput.prepare(conditional, ctx)) as any
  assert.deepEqual(
    input.items.map((c: any) => c.id),
    ['c1'],
  )
  assert.deepEqual(await cardsInput.parseReply(text('p3'), input, ctx), { status: 'fail' })
})

test('cards: a lone card bound to list variables repeats per entry', async () => {
  const ctx = context([
    { id: 't', name: 'Titles', value: ['Red', 'Blue'] },
    { id: 'i', name: 'Images', value: ['https://img/r.png', 'https://img/b.png'] },
    { id: 'd', name: 'Desc', value: 'Shared' },
  ])
  const dynamic: CardsBlock = {
    id: 'b1',
    type: 'cards',
    items: [
      { id: 'c', title: '{{Titles}}', imageUrl: '{{Images}}', description: '{{Desc}}', paths: [{ id: 'p', text: 'Pick', outgoingEdgeId: 'e' }] },
    ],
  }
  const input = (await cardsInput.prepare(dynamic, ctx)) as any
  assert.deepEqual(
    input.items.map((c: any) => [c.title, c.imageUrl, c.description]),
    [
      ['Red', 'https://img/r.png', 'Shared'],
      ['Blue', 'https://img/b.png', 'Shared'],
    ],
  )
  // Repeated cards share the path id: the title tells them apart.
  assert.deepEqual(await cardsInput.parseReply(text('Blue', { metadata: { replyId: 'p' } }), input, ctx), {
    status: 'success',
    content: 'Blue',
    outgoingEdgeId: 'e',
  })
})

test('cards: fields are templated', async () => {
  const ctx = context([{ id: 'n', name: 'Name', value: 'Ada' }])
  const input = (await cardsInput.prepare({ ...block, items: [{ id: 'c', title: 'Hi {{Name}}', paths: [] }] }, ctx)) as any
  assert.equal(input.items[0].title, 'Hi Ada')
})
