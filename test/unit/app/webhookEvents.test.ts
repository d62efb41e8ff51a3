import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { beforeTurn, turnEvents, type Wanted } from '../../../src/app/webhookEvents.js'
import type { SessionState } from '../../../src/engine/state.js'
import type { TurnEffects } from '../../../src/engine/effects.js'

const state = (hasAnswered: boolean, answers: { key: string; value: string }[] = []): SessionState => ({
  version: 2,
  workspaceId: 'ws',
  isPreview: false,
  stack: [{ botId: 'bot', snapshotId: 'snap', resultId: 'r1', values: {}, answers, resume: [], hasAnswered }],
})
const effects = (answers: string[], isCompleted = false): TurnEffects => ({
  newResults: [],
  logs: [],
  answers: answers.map((content, i) => ({ resultId: 'r1', blockId: `b${i}`, content })),
  results: [{ resultId: 'r1', botId: 'bot', hasStarted: answers.length > 0, isCompleted, variables: [{ id: 'v1', name: 'Name', value: 'Ada' }] }],
})
const all: Wanted = () => true
let n = 0
const build = (e: TurnEffects, before: ReturnType<typeof beforeTurn>, after: SessionState, wanted = all) =>
  turnEvents({ workspaceId: 'ws', effects: e, state: after, before, bots: [], wanted, newId: () => `e${++n}`, now: '2026-01-01T00:00:00.000Z' }).map(
    (row) => ({ type: row.type, payload: JSON.parse(row.payload) }),
  )

describe('webhook events of a turn', () => {
  test('the first answer starts the result; later answers do not start it again', () => {
    const first = build(effects(['Ada']), beforeTurn(state(false)), state(true))
    assert.deepEqual(
      first.map((e) => e.type),
      ['result.started', 'answer.created'],
    )
    assert.deepEqual(first[1].payload.data, { answer: { blockId: 'b0', label: 'b0', value: 'Ada' }, variables: { Name: 'Ada' } })
    const second = build(effects(['36']), beforeTurn(state(true)), state(true))
    assert.deepEqual(
      second.map((e) => e.type),
      ['answer.created'],
    )
  })

  test('completion is sent for started results only, with the run answers by label', () => {
    const done = build(
      effects(['36'], true),
      beforeTurn(state(true)),
      state(true, [
        { key: 'Name', value: 'Ada' },
        { key: 'Age', value: '36' },
      ]),
    )
    assert.deepEqual(
      done.map((e) => e.type),
      ['answer.created', 'result.completed'],
    )
    assert.deepEqual(done[1].payload.data.answers, [
      { label: 'Name', value: 'Ada' },
      { label: 'Age', value: '36' },
    ])
    assert.deepEqual(build(effects([], true), beforeTurn(undefined), state(false)), [], 'a chat that ends without answers sends nothing')
  })

  test('a resumed result that had started or completed is not started or completed again', () => {
    const before = beforeTurn(undefined, { id: 'r1', hasStarted: true, isCompleted: true })
    assert.deepEqual(
      build(effects(['Ada'], true), before, state(true)).map((e) => e.type),
      ['answer.created'],
    )
  })

  test('only the types a subscription wants are written', () => {
    const onlyCompleted: Wanted = (_bot, type) => type === 'result.completed'
    assert.deepEqual(build(effects(['Ada']), beforeTurn(state(false)), state(true), onlyCompleted), [])
    assert.deepEqual(
      build(effects(['Ada']), beforeTurn(state(false)), state(true), () => false),
      [],
    )
  })
})
