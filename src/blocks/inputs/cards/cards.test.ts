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

test('cards: the path may come as metadata; fields the card lacks are not saved', async () => {
  const parsed = await parse(cardsInput, block, text('Buy', { metadata: { replyId: 'p3' } }), context(variables()))
  assert.deepEqual(parsed, {
    status: 'success',
    content: 'Pro',
    outgoingEdgeId: 'e-buy-pro',
    variableUpdates: [
      { variableId: 'vImg', value: 'https://img/pro.png' },
      { variableId: 'vTitle', value: 'Pro' },
      { variableId: 'vBtn', value: 'Buy' },
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

test('cards: a lone card bound to list variables repeats per entry, each with its own button ids', async () => {
  const ctx = context([
    { id: 't', name: 'Titles', value: ['Red', 'Blue'] },
    { id: 'i', name: 'Images', value: ['https://img/r.png', 'https://img/b.png'] },
    { id: 'd', name: 'Desc', value: 'Shared' },
    { id: 'v', name: 'Codes', value: ['red-1', 'blue-2'] },
    { id: 'vTitle', name: 'Chosen' },
    { id: 'vInt', name: 'Code' },
  ])
  const dynamic: CardsBlock = {
    id: 'b1',
    type: 'cards',
    items: [
      {
        id: 'c',
        title: '{{Titles}}',
        imageUrl: '{{Images}}',
        description: '{{Desc}}',
        options: { internalValue: '{{Codes}}' },
        paths: [
          { id: 'p', text: 'Pick', outgoingEdgeId: 'e' },
          { id: 'q', text: 'More', outgoingEdgeId: 'e2' },
        ],
      },
    ],
    options: {
      saveResponseMapping: [
        { field: 'Title', variableId: 'vTitle' },
        { field: 'Internal Value', variableId: 'vInt' },
      ],
    },
  }
  const input = (await cardsInput.prepare(dynamic, ctx)) as any
  assert.deepEqual(
    input.items.map((c: any) => [c.title, c.imageUrl, c.description, c.options.internalValue, c.paths.map((p: any) => p.id)]),
    [
      ['Red', 'https://img/r.png', 'Shared', 'red-1', ['dynamic-card-0-path-0', 'dynamic-card-0-path-1']],
      ['Blue', 'https://img/b.png', 'Shared', 'blue-2', ['dynamic-card-1-path-0', 'dynamic-card-1-path-1']],
    ],
  )
  // The second card's first button: its own card's fields are saved.
  assert.deepEqual(await cardsInput.parseReply(text('Pick', { metadata: { replyId: 'dynamic-card-1-path-0' } }), input, ctx), {
    status: 'success',
    content: 'Blue',
    outgoingEdgeId: 'e',
    variableUpdates: [
      { variableId: 'vTitle', value: 'Blue' },
      { variableId: 'vInt', value: 'blue-2' },
    ],
  })
  assert.equal((await cardsInput.parseReply(text('dynamic-card-0-path-1'), input, ctx)).status, 'success')
})

test('cards: a mapped field the card lacks leaves its variable as it is', async () => {
  const ctx = context([
    { id: 'vDesc', name: 'Desc', value: 'before' },
    { id: 'vInt', name: 'Int', value: 'kept' },
  ])
  const bare: CardsBlock = {
    id: 'b1',
    type: 'cards',
    items: [{ id: 'c', title: 'Plain', paths: [{ id: 'p', text: 'Go' }] }],
    options: {
      saveResponseMapping: [
        { field: 'Description', variableId: 'vDesc' },
        { field: 'Internal Value', variableId: 'vInt' },
      ],
    },
  }
  const input = (await cardsInput.prepare(bare, ctx)) as any
  assert.deepEqual(await cardsInput.parseReply(text('p'), input, ctx), { status: 'success', content: 'Plain' })
})

test('cards: fields are templated', async () => {
  const ctx = context([{ id: 'n', name: 'Name', value: 'Ada' }])
  const input = (await cardsInput.prepare({ ...block, items: [{ id: 'c', title: 'Hi {{Name}}', paths: [] }] }, ctx)) as any
  assert.equal(input.items[0].title, 'Hi Ada')
})
