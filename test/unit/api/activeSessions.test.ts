// The active-sessions gauge: sessions this process answered a turn of in the last 5 minutes, kept in memory and
// bounded, on a mocked clock.
import assert from 'node:assert/strict'
import { afterEach, beforeEach, mock, test } from 'node:test'
import { ACTIVE_WINDOW_MS, createMetrics, MAX_ACTIVE_SESSIONS } from '../../../src/api/metrics.js'

const active = async (metrics: ReturnType<typeof createMetrics>) =>
  (await metrics.registry.getSingleMetric('parley_chat_sessions_active')!.get()).values[0].value

const turn = (metrics: ReturnType<typeof createMetrics>, sessionId: string, outcome = 'ok') => {
  metrics.turnStarted()
  metrics.turnEnded('chat_api', 'continue', outcome, 0.01, sessionId)
}

beforeEach(() => mock.timers.enable({ apis: ['Date'], now: 1_000_000 }))
afterEach(() => mock.timers.reset())

test('a session counts once per window, from its last successful turn', async () => {
  const metrics = createMetrics()
  turn(metrics, 'a')
  turn(metrics, 'b')
  turn(metrics, 'a')
  turn(metrics, 'c', 'conflict')
  assert.equal(await active(metrics), 2)
  mock.timers.tick(ACTIVE_WINDOW_MS - 1000)
  turn(metrics, 'b')
  mock.timers.tick(2000)
  // 'a' is past the window; 'b' had a turn since.
  assert.equal(await active(metrics), 1)
  mock.timers.tick(ACTIVE_WINDOW_MS)
  assert.equal(await active(metrics), 0)
})

test('without scrapes the sessions remembered stay bounded, the least recent forgotten first', async () => {
  const metrics = createMetrics()
  turn(metrics, 'oldest')
  mock.timers.tick(10)
  for (let i = 1; i < MAX_ACTIVE_SESSIONS; i++) turn(metrics, `s${i}`)
  mock.timers.tick(10)
  turn(metrics, 'newest')
  // Had 'oldest' been kept (and another dropped), its window would now end first and the count fall by one.
  mock.timers.tick(ACTIVE_WINDOW_MS - 15)
  assert.equal(await active(metrics), MAX_ACTIVE_SESSIONS)
  mock.timers.tick(10)
  assert.equal(await active(metrics), 1)
})
