import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { forgedPosthog } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { type AnalyticsPeer, startPosthogPeer } from '../../../../test/support/peers/analytics.js'
import { peerHttp } from '../../../../test/support/servicePeer.js'

let peer: AnalyticsPeer
before(async () => {
  peer = await startPosthogPeer('phc_project')
})
after(() => peer.close())

const run = (options: Record<string, unknown>, data: Record<string, string> = { apiKey: 'phc_project', host: `${peer.url}/` }) => {
  const { ctx } = blockContext({
    variables: { Email: 'ada@example.org', Plan: 'pro' },
    credentials: [{ id: 'ph', type: 'posthog', name: 'PostHog', data }],
    runtime: peerHttp(),
  })
  return forgedPosthog.execute({ id: 'b1', type: 'posthog', options: { credentialsId: 'ph', ...options } }, ctx)
}

test('Capture sends the templated event with properties, person properties ($set) and groups', async () => {
  const before = peer.events.length
  const result = await run({
    action: 'Capture',
    distinctId: '{{Email}}',
    event: 'signed up',
    properties: [{ key: 'plan', value: '{{Plan}}' }, { key: 'empty' }],
    personProperties: [{ key: 'email', value: '{{Email}}' }],
    groups: [{ type: 'company', key: 'acme' }],
  })
  assert.equal(result.logs?.[0].status, 'success')
  const [event] = peer.events.slice(before)
  assert.equal(event.event, 'signed up')
  assert.equal(event.distinct_id, 'ada@example.org')
  assert.equal(event.type, 'capture')
  assert.equal(event.timestamp, '2025-06-04T10:00:00.000Z')
  assert.deepEqual(event.properties, { plan: 'pro', $set: { email: 'ada@example.org' }, $groups: { company: 'acme' }, $lib: 'parley' })
  assert.equal(peer.requests.at(-1)?.path, '/batch/')
})

test('an anonymous Capture gets a fresh distinct id and asks for no person profile', async () => {
  const before = peer.events.length
  await run({ action: 'Capture', isAnonymous: true, event: 'visited', personProperties: [{ key: 'a', value: 'b' }] })
  const [event] = peer.events.slice(before)
  assert.equal(event.distinct_id, 'id1')
  assert.equal(event.properties.$process_person_profile, false)
  assert.equal(event.properties.$set, undefined)
})

test('Identify Group sends a $groupidentify event with the group properties', async () => {
  const before = peer.events.length
  await run({ action: 'Identify Group', distinctId: 'u1', groupType: 'company', groupKey: 'acme', properties: [{ key: 'name', value: 'Acme' }] })
  const [event] = peer.events.slice(before)
  assert.equal(event.event, '$groupidentify')
  assert.deepEqual(event.properties, { $group_type: 'company', $group_key: 'acme', $group_set: { name: 'Acme' }, $lib: 'parley' })
})

test('missing fields and credentials are logged and nothing is sent', async () => {
  const before = peer.requests.length
  assert.match((await run({ action: 'Capture', distinctId: 'u1' })).logs![0].description, /Missing required fields/)
  assert.match((await run({ action: 'Identify Group', distinctId: 'u1', groupType: 'company' })).logs![0].description, /Group type and key/)
  assert.match(
    (await run({ action: 'Capture', event: 'e', distinctId: 'u', credentialsId: 'nope' })).logs![0].description,
    /Credentials not provided/,
  )
  assert.match((await run({ action: 'Capture', event: 'e', distinctId: 'u' }, { host: peer.url })).logs![0].description, /have no apiKey/)
  assert.equal(peer.requests.length, before)
})

test('a key PostHog refuses is an error log without the key', async () => {
  const result = await run({ action: 'Capture', event: 'e', distinctId: 'u' }, { apiKey: 'phc_wrong', host: peer.url })
  const log = result.logs![0]
  assert.equal(log.status, 'error')
  assert.match(log.description, /401: Project API key invalid/)
  assert.ok(!JSON.stringify(result).includes('phc_wrong'))
})

test('a host the SSRF guard refuses is not called', async () => {
  const { ctx } = blockContext({
    credentials: [{ id: 'ph', type: 'posthog', name: 'PostHog', data: { apiKey: 'k', host: 'http://169.254.169.254' } }],
    runtime: peerHttp(),
  })
  const result = await forgedPosthog.execute(
    { id: 'b', type: 'posthog', options: { credentialsId: 'ph', action: 'Capture', event: 'e', distinctId: 'u' } },
    ctx,
  )
  assert.equal(result.logs![0].status, 'error')
  assert.match(result.logs![0].description, /not allowed/)
})
