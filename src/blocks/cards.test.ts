// Kinds, cards and schemas are three lists of one set of kinds: the server runs a kind (index.ts), the bot format
// validates it (schemas.ts) and browser code offers it (cards.ts). They must agree, type for type.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { BubbleBlockType, InputBlockType, IntegrationBlockType, LogicBlockType } from '../contract/bot/blockTypes.js'
import { type CardContext, english, exitsOf, type Translate } from '../contract/bot/card.js'
import { allCards, cardOf } from './cards.js'
import { allKinds } from './index.js'
import { blockSchemaByType } from './schemas.js'

const categoryOfType = new Map<string, string>([
  ...Object.values(BubbleBlockType).map((type) => [type, 'bubbles'] as const),
  ...Object.values(InputBlockType).map((type) => [type, 'inputs'] as const),
  ...Object.values(LogicBlockType).map((type) => [type, 'logic'] as const),
  ...Object.values(IntegrationBlockType).map((type) => [type, 'integrations'] as const),
])

test('every kind has one card and every card one kind', () => {
  const kindTypes = allKinds.map((kind) => kind.type).sort()
  const cardTypes = allCards.map((card) => card.type).sort()
  assert.deepEqual(cardTypes, kindTypes)
  assert.equal(new Set(cardTypes).size, cardTypes.length, 'one card per type')
})

test('every kind with a schema has its card, in the category its type constant says', () => {
  for (const type of Object.keys(blockSchemaByType)) assert.ok(cardOf(type), `a card for "${type}"`)
  for (const card of allCards) assert.equal(card.category, categoryOfType.get(card.type) ?? 'forge', `the category of "${card.type}"`)
})

test("a new block of each kind is valid for its kind's schema, and fresh each time", () => {
  for (const card of allCards) {
    const block = { id: 'b1', type: card.type, ...card.defaults() }
    const schema = (blockSchemaByType as Record<string, { safeParse(v: unknown): { success: boolean; error?: unknown } }>)[card.type]
    if (schema) {
      const res = schema.safeParse(block)
      assert.ok(res.success, `the defaults of "${card.type}": ${JSON.stringify(res.error)}`)
    }
    assert.notEqual(card.defaults(), card.defaults(), 'a block owns its defaults')
    assert.ok(['block', 'items', 'items+else', 'paths', 'none'].includes(exitsOf(card, block)))
  }
})

test('the actions a card offers are those its kind runs, and a new block starts on the first', () => {
  for (const card of allCards) {
    if (!card.actions) continue
    const first = card.actions.list[0].name
    assert.equal((card.defaults().options as Record<string, unknown>)[card.actions.key], first, `"${card.type}" starts on "${first}"`)
    for (const action of card.actions.list) assert.ok(action.options.shape, `"${card.type}" → "${action.name}" has options`)
  }
})

test("cards speak through the context's t: the English text is the key, the bot's names fill its placeholders", () => {
  const asked: [string, Record<string, string | number> | undefined][] = []
  const t: Translate = (key, values) => {
    asked.push([key, values])
    return `X:${english(key, values)}`
  }
  const ctx: CardContext = { variableName: (id) => ({ v1: 'Saves in' })[id] ?? '?', groupTitle: () => 'Bye', t }
  const summary = (type: string, options: object) => cardOf(type)?.summary?.({ id: 'b1', type, options }, ctx)
  // The variable is named "Saves in": it is a value, said as it is, never translated.
  assert.equal(summary(InputBlockType.TEXT, { variableId: 'v1' }), 'X:Type your answer...\nX:Saves in Saves in')
  assert.deepEqual(asked, [
    ['Type your answer...', undefined],
    ['Saves in {{variable}}', { variable: 'Saves in' }],
  ])
  assert.equal(summary(LogicBlockType.JUMP, { groupId: 'g1' }), 'X:Jump to Bye')
  assert.equal(summary(LogicBlockType.REDIRECT, { url: 'https://example.com' }), 'X:Redirect to https://example.com')
  const condition = cardOf(LogicBlockType.CONDITION)?.itemLabel?.({ id: 'b2', type: LogicBlockType.CONDITION }, { id: 'i1', content: {} }, ctx)
  assert.equal(condition, 'X:Configure…')
  // Without translations, the English texts.
  assert.equal(english('Rate from {{from}} to {{to}}', { from: 0, to: 10 }), 'Rate from 0 to 10')
  assert.equal(
    cardOf(InputBlockType.RATING)?.summary?.({ id: 'b3', type: InputBlockType.RATING, options: {} }, { ...ctx, t: english }),
    'Rate from 0 to 10',
  )
})
