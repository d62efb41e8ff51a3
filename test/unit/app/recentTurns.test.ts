// Repeat detection by arrival order: a reply that arrived before the same reply's answer was ready shares that turn,
// one that arrived after is a new message however soon, and a turn is kept only while requests that may repeat it
// are on their way.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { recentTurnsOf } from '../../../src/app/recentTurns.js'
import type { ChatResponse } from '../../../src/engine/types.js'

const answer = (text: string) => ({ messages: [{ id: text }] }) as unknown as ChatResponse

test('a repeat that arrived before the answer shares it, even when it gets to ask after the answer', async () => {
  const turns = recentTurnsOf()
  const original = turns.arrive('s')
  const repeat = turns.arrive('s')
  const first = await turns.track('s', 'yes', async () => answer('first'))
  // The repeat's handler runs only now (its request was slow to parse), after the answer was ready.
  assert.equal(await turns.find('s', 'yes', repeat.order), first)
  const later = turns.arrive('s')
  assert.equal(turns.find('s', 'yes', later.order), undefined, 'arrived after the answer: a new message')
  assert.equal(turns.find('s', 'no', repeat.order), undefined, 'another reply is no repeat')
  assert.equal(turns.find('other', 'yes', repeat.order), undefined, 'another session')
  for (const r of [original, repeat, later]) r.leave()
})

test('repeats in flight share the outcome, a failure included', async () => {
  const turns = recentTurnsOf()
  const [a, b] = [turns.arrive('s'), turns.arrive('s')]
  let fail = (_: Error) => {}
  const original = turns.track('s', 'yes', () => new Promise((_, reject) => (fail = reject)))
  const repeat = turns.find('s', 'yes', b.order)
  assert.ok(repeat)
  fail(new Error('conflict'))
  await assert.rejects(original, /conflict/)
  await assert.rejects(repeat, /conflict/)
  a.leave()
  b.leave()
})

test('a turn is forgotten once every request that arrived before its answer has left, not before', async () => {
  const turns = recentTurnsOf()
  const original = turns.arrive('s')
  const slow = turns.arrive('s')
  await turns.track('s', 'yes', async () => answer('first'))
  original.leave()
  original.leave()
  assert.ok(turns.find('s', 'yes', slow.order), 'kept while the slow repeat is on its way')
  slow.leave()
  assert.equal(turns.find('s', 'yes', slow.order), undefined, 'nothing left that could repeat it: forgotten')
})
