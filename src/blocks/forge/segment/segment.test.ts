import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { forgedSegment } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { type AnalyticsPeer, startSegmentPeer } from '../../../../test/support/peers/analytics.js'
import { peerHttp } from '../../../../test/support/servicePeer.js'

let peer: AnalyticsPeer
before(async () => {
  peer = await startSegmentPeer('wk_123')
})
after(() => peer.close())

const run = (options: Record<string, unknown>, data: Record<string, string> = { apiKey: 'wk_123', baseUrl: peer.url }) => {
  const { ctx } = blockContext({
    variables: { User: 'u-42', Email: 'ada@example.org' },
    credentials: [{ id: 'sg', type: 'segment', name: 'Segment', data }],
    runtime: peerHttp(),
  })
  return forgedSegment.execute({ id: 'b1', type: 'segment', options: { credentialsId: 'sg', ...options } }, ctx)
}

const lastEvent = () => peer.events.at(-1)

test('Track sends the event with its properties to /v1/track', async () => {
  const result = await run({ action: 'Track', eventName: 'Ordered', userId: '{{User}}', properties: [{ key: 'total', value: '12' }] })
  assert.equal(result.logs?.[0].status, 'success')
  assert.deepEqual(lastEvent(), {
    type: 'track',
    userId: 'u-42',
    event: 'Ordered',
    properties: { total: '12' },
    timestamp: '2025-06-04T10:00:00.000Z',
    context: { library: { name: 'parley' } },
  })
})

test('Identify User sends traits with the email last; Page sends name, category and properties; Alias both ids', async () => {
  await run({
    action: 'Identify User',
    userId: '{{User}}',
    email: '{{Email}}',
    traits: [
      { key: 'email', value: 'old@x.org' },
      { key: 'plan', value: 'pro' },
    ],
  })
  assert.equal(lastEvent().type, 'identify')
  assert.deepEqual(lastEvent().traits, { email: 'ada@example.org', plan: 'pro' })
  await run({ action: 'Page', userId: 'u-42', name: 'Pricing' })
  assert.equal(lastEvent().type, 'page')
  assert.equal(lastEvent().name, 'Pricing')
  assert.equal(lastEvent().category, '')
  assert.equal(lastEvent().properties, undefined)
  await run({ action: 'Alias', userId: 'u-42', previousId: 'anon-1' })
  assert.equal(lastEvent().type, 'alias')
  assert.equal(lastEvent().previousId, 'anon-1')
})

test('a required field left empty sends nothing and says which', async () => {
  const before = peer.requests.length
  assert.match((await run({ action: 'Identify User', userId: 'u' })).logs![0].description, /email missing/)
  assert.match((await run({ action: 'Track', userId: 'u' })).logs![0].description, /event name missing/)
  assert.match((await run({ action: 'Alias' })).logs![0].description, /user ID and previous ID missing/)
  assert.match(
    (await run({ action: 'Track', eventName: 'e', userId: 'u', credentialsId: undefined })).logs![0].description,
    /Credentials not provided/,
  )
  assert.equal(peer.requests.length, before)
})

test('a write key Segment refuses is an error log', async () => {
  const result = await run({ action: 'Track', eventName: 'e', userId: 'u' }, { apiKey: 'wrong-key', baseUrl: peer.url })
  assert.equal(result.logs![0].status, 'error')
  assert.match(result.logs![0].description, /401: invalid write key/)
})
