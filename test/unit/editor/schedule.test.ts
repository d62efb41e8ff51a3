// The editor's scheduled times: wall-clock times of the bot's time zone to stored moments with offsets and back.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { closesAfterOpening, momentOf, timeZones, wallTimeOf } from '../../../web/app/src/editor/settings/schedule.js'

test('a wall-clock time of a zone becomes the moment with that zone’s offset then, winter and summer', () => {
  assert.equal(momentOf('2026-12-01T09:00', 'Europe/Paris'), '2026-12-01T09:00:00+01:00')
  assert.equal(momentOf('2026-07-01T09:00', 'Europe/Paris'), '2026-07-01T09:00:00+02:00')
  assert.equal(momentOf('2026-07-01T09:00', 'America/Sao_Paulo'), '2026-07-01T09:00:00-03:00')
  assert.equal(Date.parse(momentOf('2026-07-01T09:00', 'UTC')!), Date.parse('2026-07-01T09:00:00Z'))
  // In the spring-forward gap the clocks skip 02:00–03:00: 02:30 is 03:30 summer time.
  assert.equal(momentOf('2026-03-29T02:30', 'Europe/Paris'), '2026-03-29T03:30:00+02:00')
  for (const incomplete of ['', '2026-12-01', '2026-12-01T9:00']) assert.equal(momentOf(incomplete, 'Europe/Paris'), undefined)
})

test('a stored moment shows as the wall-clock time of the zone, whatever offset it was written with', () => {
  assert.equal(wallTimeOf('2026-12-01T08:00:00Z', 'Europe/Paris'), '2026-12-01T09:00')
  assert.equal(wallTimeOf('2026-12-01T09:00:00+01:00', 'America/New_York'), '2026-12-01T03:00')
  assert.equal(wallTimeOf(momentOf('2027-01-31T23:59', 'Asia/Tokyo'), 'Asia/Tokyo'), '2027-01-31T23:59')
  for (const none of [undefined, null, '', 'next Monday']) assert.equal(wallTimeOf(none, 'Europe/Paris'), '')
})

test('closing must come after opening; either alone is fine', () => {
  assert.equal(closesAfterOpening('2026-12-01T09:00:00+01:00', '2026-12-01T08:30:00Z'), true)
  assert.equal(closesAfterOpening('2026-12-01T09:00:00+01:00', '2026-12-01T08:00:00Z'), false, 'the same moment')
  assert.equal(closesAfterOpening('2026-12-01T09:00:00+01:00', '2026-12-01T07:00:00Z'), false)
  assert.equal(closesAfterOpening(undefined, '2026-12-01T07:00:00Z'), true)
  assert.equal(closesAfterOpening('2026-12-01T07:00:00Z', undefined), true)
})

test('the zones offered are the browser’s, with the bot’s own first when unknown', () => {
  assert.ok(timeZones().includes('Europe/Paris'))
  assert.equal(timeZones('Europe/Paris')[0], timeZones()[0])
  assert.equal(timeZones('Etc/Unknown')[0], 'Etc/Unknown')
})
