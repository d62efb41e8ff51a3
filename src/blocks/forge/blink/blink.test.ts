import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { forgedBlink } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { type BlinkPeer, startBlinkPeer } from '../../../../test/support/peers/blink.js'
import { peerHttp } from '../../../../test/support/servicePeer.js'

let peer: BlinkPeer
before(async () => {
  peer = await startBlinkPeer('blink_token')
})
after(() => peer.close())

const run = (options: Record<string, unknown>, apiKey = 'blink_token') => {
  const { ctx } = blockContext({
    variables: [
      { id: 'vId', name: 'Id', value: 'u-2' },
      { id: 'vOut', name: 'Out', value: null },
      { id: 'vJobs', name: 'Jobs', value: null },
    ],
    credentials: [{ id: 'bl', type: 'blink', name: 'Blink', data: { apiKey, baseUrl: `${peer.url}/v2` } }],
    runtime: peerHttp(),
  })
  return forgedBlink.execute({ id: 'b1', type: 'blink', options: { credentialsId: 'bl', ...options } }, ctx)
}

test('Get Users filters by the templated user id and maps fields; an empty id lists everyone as lists', async () => {
  const one = await run({
    action: 'Get Users',
    filter: { type: 'User ID', userId: '{{Id}}' },
    responseMapping: [
      { item: 'Emails', variableId: 'vOut' },
      { item: 'Job Titles', variableId: 'vJobs' },
    ],
  })
  assert.deepEqual(one.variableUpdates, [
    { variableId: 'vOut', value: 'alan@example.org' },
    { variableId: 'vJobs', value: 'Scientist' },
  ])
  assert.equal(peer.requests.at(-1)?.query.get('userId'), 'u-2')
  const all = await run({ action: 'Get Users', filter: { type: 'Employee ID' }, responseMapping: [{ item: 'First Names', variableId: 'vOut' }] })
  assert.deepEqual(all.variableUpdates, [{ variableId: 'vOut', value: ['Ada', 'Alan'] }])
  assert.equal(peer.requests.at(-1)?.query.toString(), '')
  assert.match((await run({ action: 'Get Users' })).logs![0].description, /No filter provided/)
})

test('Send Feed Event sends the card in Blink format and saves the event id', async () => {
  const result = await run({
    action: 'Send Feed Event',
    categoryId: 'cat-1',
    ribbonColor: '#FF0000',
    userIds: ['u-1'],
    allowComments: true,
    pushNotification: { title: 'New', text: 'For {{Id}}' },
    sections: [
      { type: 'Header', title: 'Hello {{Id}}' },
      { type: 'Text', value: 'Body' },
      { type: 'YouTube', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { type: 'YouTube', link: 'https://example.org/not-youtube' },
      { type: 'Buttons', buttons: [{ label: 'Open', clientAction: { type: 'Open Link', url: 'https://example.org' } }, { label: 'No url' }] },
      { type: 'Attachment', url: `${peer.url}/files/report` },
      { type: 'Horizontal Bar Chart', total: 10, data: [{ name: 'a', value: 4, label: '40%' }] },
    ],
    responseMapping: [{ item: 'Event ID', variableId: 'vOut' }],
  })
  assert.deepEqual(result.variableUpdates, [{ variableId: 'vOut', value: `ev-${peer.events.length}` }])
  assert.match(result.logs![0].description, /Invalid YouTube URL/)
  const event = peer.events.at(-1)
  assert.equal(event.category, 'cat-1')
  assert.deepEqual(event.user_ids, ['u-1'])
  assert.equal(event.group_ids, undefined)
  assert.equal(event.notification_text, 'For u-2')
  assert.equal(event.allow_comments, true)
  assert.deepEqual(event.body.sections, [
    { type: 'header', title: 'Hello u-2' },
    { type: 'text', value: 'Body', is_markdown: true },
    { type: 'youtube', video_id: 'dQw4w9WgXcQ' },
    {
      type: 'buttons',
      data: [{ label: 'Open', client_action: `blink:link?url=${Buffer.from('https://example.org').toString('base64')}&action=open` }],
    },
    {
      type: 'attachment',
      file_name: 'report.pdf',
      file_ext: 'pdf',
      file_size: 2048,
      download_url: `${peer.url}/files/report`,
      open_url: `${peer.url}/files/report`,
    },
    { type: 'horizontal_bar_chart', total_raw_value: 10, data: [{ name: 'a', raw_value: 4, display_value: '40%' }] },
  ])
})

test('Send Feed Event needs recipients and content; a refused token is logged without it', async () => {
  assert.match(
    (await run({ action: 'Send Feed Event', sections: [{ type: 'Text', value: 'x' }] })).logs![0].description,
    /at least one user ID or group ID/,
  )
  assert.match((await run({ action: 'Send Feed Event', groupIds: ['g'] })).logs![0].description, /No card content/)
  const refused = await run({ action: 'Get Users', filter: { type: 'User ID' } }, 'bad_token_1')
  assert.match(refused.logs![0].description, /401: The access token is invalid/)
  assert.ok(!JSON.stringify(refused).includes('bad_token_1'))
})

test('Redirect is a codeToExecute action with the URL, once credentials resolve', async () => {
  const result = await run({ action: 'Redirect', url: 'https://app.joinblink.com/#/hub/0b5c7a3e-1111-2222-3333-444455556666' })
  const action = result.clientSideActions![0] as any
  assert.equal(action.type, 'codeToExecute')
  assert.deepEqual(action.codeToExecute.args, { url: 'https://app.joinblink.com/#/hub/0b5c7a3e-1111-2222-3333-444455556666' })
  // The script runs as a function body with the args as parameters, as the embed does.
  const opened: string[] = []
  const windowStub = { open: (url: string) => opened.push(url), parent: null as unknown }
  windowStub.parent = windowStub
  const posted: string[] = []
  const android = { openClientAction: (a: string) => posted.push(a) }
  new Function('url', 'window', action.codeToExecute.content)(action.codeToExecute.args.url, { ...windowStub, android })
  assert.deepEqual(posted, ['blink:folder?action=open&id=0b5c7a3e-1111-2222-3333-444455556666'])
  new Function('url', 'window', action.codeToExecute.content)('https://example.org/page', windowStub)
  assert.deepEqual(opened, ['https://example.org/page'])
  assert.match((await run({ action: 'Redirect', url: 'x', credentialsId: 'none' })).logs![0].description, /Credentials not provided/)
})
