// prepareBot on hand-made v6 bots: rejections carry useful paths, leniency keeps everything it does not know.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isBlockOfType, isBubbleBlock, isInputBlock, isIntegrationBlock, isLogicBlock, prepareBot } from '../../../src/blocks/schemas.js'
import { defaultSystemMessages } from '../../../src/contract/bot/common.js'
import { checkBotReferences } from '../../../src/contract/bot/references.js'

const group = (id: string, blocks: unknown) => ({ id, title: id, graphCoordinates: { x: 0, y: 0 }, blocks })
const hello = { id: 'b1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi' }] }] } }
const bot = (overrides: Record<string, unknown> = {}) => ({
  version: '6',
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  groups: [group('g1', [hello])],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
  theme: {},
  settings: {},
  ...overrides,
})

const issuesOf = (input: unknown) => {
  const result = prepareBot(input)
  assert.equal(result.ok, false, 'expected a rejection')
  return result.ok ? [] : result.issues
}
const assertRejectedAt = (input: unknown, path: string) => {
  const issues = issuesOf(input)
  assert.ok(
    issues.some((issue) => issue.path === path && issue.message.length > 0),
    `expected an issue at "${path}", got ${JSON.stringify(issues)}`,
  )
}
const assertAcceptedUnchanged = (input: unknown) => {
  const snapshot = structuredClone(input)
  const result = prepareBot(input)
  if (!result.ok) assert.fail(JSON.stringify(result.issues))
  assert.deepStrictEqual(result.bot, snapshot)
}

test('a minimal v6 bot is accepted unchanged, for both v6 versions', () => {
  assertAcceptedUnchanged(bot())
  assertAcceptedUnchanged(bot({ version: '6.1' }))
  const result = prepareBot(bot({ version: '6.1' }))
  assert.ok(result.ok && result.originalVersion === '6.1')
})

test('malformed common shapes are rejected with their paths', () => {
  assertRejectedAt(bot({ groups: [{ title: 'x', graphCoordinates: { x: 0, y: 0 }, blocks: [] }] }), 'groups.0.id')
  assertRejectedAt(bot({ groups: [group('g1', [{ id: 'b1', type: 3 }])] }), 'groups.0.blocks.0.type')
  assertRejectedAt(bot({ groups: [group('g1', [{ type: 'text' }])] }), 'groups.0.blocks.0.id')
  assertRejectedAt(bot({ edges: [{ id: 'e1', from: { eventId: 'start' } }] }), 'edges.0.to')
  assertRejectedAt(bot({ edges: [{ id: 'e1', from: { blockId: 7 }, to: { groupId: 'g1' } }] }), 'edges.0.from.blockId')
  assertRejectedAt(bot({ edges: [{ id: 'e1', from: { eventId: 7 }, to: { groupId: 'g1' } }] }), 'edges.0.from.eventId')
  assertRejectedAt(bot({ variables: {} }), 'variables')
  assertRejectedAt(bot({ variables: [{ id: 'v1', name: 'n', value: 3 }] }), 'variables.0.value')
  assert.ok(prepareBot(bot({ events: [{ id: 's', type: 'start' }] })).ok, 'missing coordinates are filled in (contract/bot/layout.ts)')
  const badCoordinates = { ...group('g1', []), graphCoordinates: { x: '1', y: 0 } }
  assertRejectedAt(bot({ groups: [badCoordinates] }), 'groups.0.graphCoordinates.x')
  assertRejectedAt(bot({ version: '7' }), 'version')
  assertRejectedAt(bot({ theme: undefined }), 'theme')
  assertRejectedAt(bot({ publicId: 'has space' }), 'publicId')
  assertRejectedAt('not a bot', '')
  assertRejectedAt(null, '')
})

test('non-object parts are reported, not crashed on', () => {
  assertRejectedAt(bot({ events: [null] }), 'events.0')
  assertRejectedAt(bot({ edges: [{ id: 'e', from: 'g1', to: { groupId: 'g1' } }] }), 'edges.0.from')
  assertRejectedAt(bot({ groups: [group('g1', [null, 'text'])] }), 'groups.0.blocks.1')
  assertRejectedAt(bot({ groups: [group('g1', 'blocks')] }), 'groups.0.blocks')
})

test('typed option fields reject wrong types and unknown enum values', () => {
  const withBlock = (block: unknown) => bot({ groups: [group('g1', [block])] })
  const textInput = { id: 'b', type: 'text input', options: { isLong: 'yes' } }
  assertRejectedAt(withBlock(textInput), 'groups.0.blocks.0.options.isLong')
  const badComparison = { comparisons: [{ id: 'c', comparisonOperator: 'equals' }] }
  assertRejectedAt(
    withBlock({ id: 'b', type: 'Condition', items: [{ id: 'i', content: badComparison }] }),
    'groups.0.blocks.0.items.0.content.comparisons.0.comparisonOperator',
  )
  const choice = { id: 'b', type: 'choice input', items: [{ content: 'no id' }] }
  assertRejectedAt(withBlock(choice), 'groups.0.blocks.0.items.0.id')
  const badCommand = { id: 'c', type: 'command', graphCoordinates: { x: 0, y: 0 }, options: { command: 1 } }
  assertRejectedAt(bot({ events: [badCommand] }), 'events.0.options.command')
})

test('the start event must come first when present', () => {
  const command = { id: 'c', type: 'command', graphCoordinates: { x: 0, y: 0 }, options: { command: 'help' } }
  const start = { id: 's', type: 'start', graphCoordinates: { x: 0, y: 0 } }
  assertAcceptedUnchanged(bot({ events: [start, command], edges: [] }))
  assertAcceptedUnchanged(bot({ events: [command], edges: [] }))
  assertAcceptedUnchanged(bot({ events: [], edges: [] }))
  assertRejectedAt(bot({ events: [command, start], edges: [] }), 'events.1.type')
})

test('unknown block kinds, unknown event kinds and unknown fields survive', () => {
  assertAcceptedUnchanged(
    bot({
      futureTopLevel: { nested: [1, 2] },
      events: [
        { id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0, z: 1 }, outgoingEdgeId: 'e1', extra: true },
        { id: 'r', type: 'reply', graphCoordinates: { x: 1, y: 1 }, options: { variableId: 'v1', whatever: 1 } },
        { id: 'x', type: 'someday', graphCoordinates: { x: 1, y: 1 }, options: { anything: [null] } },
      ],
      groups: [
        {
          ...group('g1', [
            { id: 'b1', type: 'openai', options: { action: 'Create chat completion', messages: [{ role: 'user' }] } },
            { id: 'b2', type: 'mistral', options: null, somethingElse: 1 },
            { id: 'b3', type: 'brand new kind', content: 42, items: 'weird' },
            { id: 'b4', type: 'text input', options: { labels: { placeholder: 'x', emoji: '🙂' }, newOption: 1 } },
            { id: 'b5', type: 'choice input', items: [{ id: 'i1', content: 'A', legacyType: 0 }], futureField: [] },
            { id: 'b6', type: 'constructor' },
          ]),
          color: 'red',
        },
      ],
      edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' }, label: 'kept' }],
      variables: [{ id: 'v1', name: 'Name', value: ['a', null], isSessionVariable: true, extra: 1 }],
      theme: { general: { font: { type: 'Google', family: 'Inter' } }, chat: { brandNew: true } },
      settings: { general: { isResultSavingEnabled: true, systemMessages: { invalidMessage: 'Nope', other: 'x' } } },
    }),
  )
})

test('known option fields tolerate null and legacy leftovers', () => {
  assertAcceptedUnchanged(
    bot({
      groups: [
        group('g1', [
          { id: 'b1', type: 'text input', options: { variableId: null, labels: null, isLong: null } },
          { id: 'b2', type: 'rating input', options: { startsAt: '{{start}}', length: 5 } },
          { id: 'b3', type: 'video', content: { url: 'https://youtu.be/x', height: '{{h}}', type: null } },
          { id: 'b4', type: 'Condition', items: [{ id: 'i', outgoingEdgeId: null, content: null }], options: null },
          { id: 'b5', type: 'Webhook', options: { webhook: { method: 'GET', url: null, headers: [{ key: 'k' }] } } },
        ]),
      ],
      name: 'Bot',
      icon: null,
      folderId: null,
      publicId: 'my-bot.v2',
      customDomain: null,
      selectedThemeTemplateId: null,
      resultsTablePreferences: { columnsOrder: [], columnsVisibility: {}, columnsWidth: [] },
      isArchived: false,
      isClosed: false,
      whatsAppCredentialsId: null,
      riskLevel: null,
      createdAt: '2024-01-01T00:00:00.000Z',
    }),
  )
})

test('duplicate group or block ids are rejected; dangling edges are only reported', () => {
  assertRejectedAt(bot({ groups: [group('g1', []), group('g1', [])] }), 'groups.1.id')
  assertRejectedAt(bot({ groups: [group('g1', [{ id: 'b', type: 'text' }]), group('g2', [{ id: 'b', type: 'text' }])] }), 'groups.1.blocks.0.id')
  const dangling = bot({
    edges: [
      { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e2', from: { blockId: 'gone' }, to: { groupId: 'nowhere' } },
      { id: 'e3', from: { blockId: 'b1', itemId: 'nope' }, to: { groupId: 'g1', blockId: 'missing' } },
      { id: 'e4', from: { eventId: 'ghost' }, to: { groupId: 'g1', blockId: 'b1' } },
    ],
  })
  const result = prepareBot(dangling)
  assert.ok(result.ok)
  assert.deepEqual(
    checkBotReferences(result.bot).map((issue) => issue.path),
    ['edges.1.from.blockId', 'edges.1.to.groupId', 'edges.2.from.itemId', 'edges.2.to.blockId', 'edges.3.from.eventId'],
  )
})

test('block kind helpers', () => {
  assert.ok(isBubbleBlock({ type: 'text' }) && !isBubbleBlock({ type: 'text input' }))
  assert.ok(isInputBlock({ type: 'cards' }) && isInputBlock({ type: 'text input' }))
  assert.ok(isLogicBlock({ type: 'webhook' }) && !isLogicBlock({ type: 'Webhook' }))
  assert.ok(isIntegrationBlock({ type: 'Webhook' }) && !isIntegrationBlock({ type: 'openai' }))
  assert.ok(isBlockOfType({ type: 'Jump' }, 'Jump') && !isBlockOfType({ type: 'Jump' }, 'Return'))
})

test('default system messages match the reference', () => {
  assert.equal(defaultSystemMessages.invalidMessage, 'Invalid message. Please, try again.')
  assert.equal(defaultSystemMessages.fileUploadSizeError, '[[file]] is larger than [[limit]]MB')
  assert.equal(Object.keys(defaultSystemMessages).length, 10)
})
