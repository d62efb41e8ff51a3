// New bots: the welcome group is always reachable from a start event, and the size limits name what is too many.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { BOT_LIMITS, newBotDoc } from '../../../src/domain/bots.js'

const docOf = (input: Record<string, unknown>) => {
  const res = newBotDoc(input)
  assert.ok(res.ok, JSON.stringify(res))
  return res.doc as unknown as {
    groups: { id: string }[]
    events: { id: string; type: string; outgoingEdgeId?: string }[]
    edges: { id: string; from: { eventId?: string }; to: { groupId: string } }[]
  }
}
const connected = (doc: ReturnType<typeof docOf>) => {
  const start = doc.events.find((event) => event.type === 'start')
  const edge = doc.edges.find((e) => e.id === start?.outgoingEdgeId)
  return edge?.from.eventId === start?.id && edge?.to.groupId === doc.groups[0].id
}

test('the welcome group is connected when the start event names an edge that does not exist', () => {
  const doc = docOf({ events: [{ id: 's', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'gone' }] })
  assert.ok(connected(doc), JSON.stringify(doc))
  assert.equal(doc.events.length, 1)
})

test('a bot created without a start event gets one, connected to the welcome group', () => {
  const none = docOf({ events: [] })
  assert.equal(none.events.length, 1)
  assert.ok(connected(none), JSON.stringify(none))
  const onlyCommand = docOf({ events: [{ id: 'c', type: 'command', graphCoordinates: { x: 0, y: 0 }, options: { command: 'hi' } }] })
  assert.deepEqual(
    onlyCommand.events.map((event) => event.type),
    ['start', 'command'],
  )
  assert.ok(connected(onlyCommand))
})

test('more events than the limit are refused as too large, naming the events', () => {
  const events = Array.from({ length: BOT_LIMITS.events + 1 }, (_, i) => ({ id: `e${i}`, type: 'command', graphCoordinates: { x: 0, y: 0 } }))
  const res = newBotDoc({ events })
  assert.ok(!res.ok && res.tooLarge)
  assert.deepEqual(
    res.issues.map((issue) => issue.path),
    ['bot.events'],
  )
  assert.match(res.issues[0].message, new RegExp(`^At most ${BOT_LIMITS.events} events`))
})
