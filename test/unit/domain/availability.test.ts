// Whether a published bot takes a new chat: its flags, then its window [opensAt, closesAt) by the given clock.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { takesNewChats } from '../../../src/domain/availability.js'
import { hasHostedPage } from '../../../src/contract/bot/common.js'

const live = { isClosed: false, isArchived: false }
const at = (iso: string) => new Date(iso)
const season = { general: { opensAt: '2026-12-01T09:00:00+01:00', closesAt: '2026-12-24T18:00:00+01:00' } }

test('the window opens at opensAt and closes at closesAt, compared as moments whatever their offsets', () => {
  assert.equal(takesNewChats(live, season, at('2026-12-01T07:59:59Z')), false, 'a second before opening')
  assert.equal(takesNewChats(live, season, at('2026-12-01T08:00:00Z')), true, 'at the opening moment')
  assert.equal(takesNewChats(live, season, at('2026-12-24T16:59:59Z')), true, 'a second before closing')
  assert.equal(takesNewChats(live, season, at('2026-12-24T17:00:00Z')), false, 'at the closing moment')
})

test('either end alone; no schedule is always open; closed or archived bots never take chats', () => {
  assert.equal(takesNewChats(live, { general: { opensAt: '2026-12-01T09:00:00Z' } }, at('2099-01-01T00:00:00Z')), true)
  assert.equal(takesNewChats(live, { general: { closesAt: '2026-12-01T09:00:00Z' } }, at('2000-01-01T00:00:00Z')), true)
  assert.equal(takesNewChats(live, undefined, at('2026-01-01T00:00:00Z')), true)
  assert.equal(takesNewChats({ isClosed: true, isArchived: false }, season, at('2026-12-10T00:00:00Z')), false)
  assert.equal(takesNewChats({ isClosed: false, isArchived: true }, undefined, at('2026-12-10T00:00:00Z')), false)
})

test('the hosted page is on unless isHostedPageEnabled is false', () => {
  assert.equal(hasHostedPage(undefined), true)
  assert.equal(hasHostedPage({ general: { isHostedPageEnabled: true } }), true)
  assert.equal(hasHostedPage({ general: { isHostedPageEnabled: null } }), true)
  assert.equal(hasHostedPage({ general: { isHostedPageEnabled: false } }), false)
})
