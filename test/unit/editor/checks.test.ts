// The checks the editor shows: the server's for the draft it checked; for a newer draft the same checks computed
// at once, a link counting as missing when the server said so of that bot.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BotCheck } from '../../../src/contract/bot/checks.js'
import { shownChecks } from '../../../web/app/src/editor/save/checks.js'
import type { EditorBot } from '../../../web/app/src/editor/types.js'

const linking = (typebotIds: string[], more: { id: string; title: string; blocks: [] }[] = []): EditorBot => ({
  version: '6',
  id: 'self',
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  groups: [
    {
      id: 'g1',
      title: 'Links',
      graphCoordinates: { x: 300, y: 0 },
      blocks: typebotIds.map((typebotId, i) => ({ id: `l${i}`, type: 'Typebot link', options: { typebotId } })),
    },
    ...more.map((group) => ({ ...group, graphCoordinates: { x: 600, y: 0 } })),
  ],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: {},
})

const missing = (blockId: string): BotCheck => ({
  code: 'missingLinkedBot',
  severity: 'error',
  message: `${blockId} links nowhere`,
  groupId: 'g1',
  blockId,
})
const codes = (checks: BotCheck[]) => checks.map((c) => [c.code, c.blockId ?? c.groupId])

test("the server's checks of this very draft are shown as answered", () => {
  const bot = linking(['gone'])
  const answered = [missing('l0'), { code: 'checksUnavailable', severity: 'warning', message: '…' } as const]
  assert.equal(shownChecks(bot, { bot, checks: answered }), answered)
})

test('before any answer: the graph checks, every link counted as found', () => {
  assert.deepEqual(codes(shownChecks(linking(['gone'], [{ id: 'g2', title: 'Alone', blocks: [] }]), undefined)), [['unreachableGroup', 'g2']])
})

test('a newer draft: computed here, links to the bots the server found missing still reported, new links wait', () => {
  const checked = linking(['gone', 'there'])
  const server = { bot: checked, checks: [missing('l0')] }
  // A group added since, and the same missing bot linked twice more, and a bot the server has not seen.
  const edited = linking(['there', 'gone', 'new', 'gone'], [{ id: 'g2', title: 'Alone', blocks: [] }])
  assert.deepEqual(codes(shownChecks(edited, server)), [
    ['unreachableGroup', 'g2'],
    ['missingLinkedBot', 'l1'],
    ['missingLinkedBot', 'l3'],
  ])
})
