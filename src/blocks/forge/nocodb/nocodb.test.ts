import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { forgedNocodb, whereClause } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { type NocodbPeer, startNocodbPeer } from '../../../../test/support/peers/nocodb.js'
import { peerHttp } from '../../../../test/support/servicePeer.js'

let peer: NocodbPeer
const freshTable = () => ({
  rows: [
    { Id: 1, Name: 'Ada', Email: 'ada@example.org', Score: 90, Team: 'blue' },
    { Id: 2, Name: 'Alan', Email: 'alan@example.org', Score: 70, Team: 'red' },
    { Id: 3, Name: 'Grace', Email: 'grace@example.org', Score: 85, Team: 'blue' },
  ],
  columns: [
    { id: 'c-name', title: 'Name', uidt: 'SingleLineText' },
    { id: 'c-projects', title: 'Projects', uidt: 'LinkToAnotherRecord' },
  ],
  links: [],
})
before(async () => {
  peer = await startNocodbPeer('nc_token', { people: freshTable() })
})
beforeEach(() => {
  peer.tables.people = freshTable()
})
after(() => peer.close())

const run = (options: Record<string, unknown>, data: Record<string, string> = { apiKey: 'nc_token', baseUrl: `${peer.url}/` }) => {
  const { ctx } = blockContext({
    variables: [
      { id: 'vEmail', name: 'Email', value: 'grace@example.org' },
      { id: 'vName', name: 'Name', value: null },
      { id: 'vScore', name: 'Score', value: null },
    ],
    credentials: [{ id: 'nc', type: 'nocodb', name: 'NocoDB', data }],
    runtime: peerHttp(),
  })
  return forgedNocodb.execute({ id: 'b1', type: 'nocodb', options: { credentialsId: 'nc', tableId: 'people', ...options } }, ctx)
}

test('filters become NocoDB where clauses; values that could break out of a comparison are refused', () => {
  assert.deepEqual(
    whereClause({
      comparisons: [
        { input: 'Name', operator: 'Starts with', value: 'A' },
        { input: 'Score', operator: 'Greater than', value: '50' },
        { input: 'Team', operator: 'Is set' },
      ],
      joiner: 'OR',
    }),
    { where: '(Name,like,A%)~or(Score,gt,50)~or(Team,isnot,null)' },
  )
  assert.deepEqual(whereClause({ comparisons: [] }), {})
  assert.ok('error' in whereClause({ comparisons: [{ input: 'Email', value: 'x)~or(Id,gt,0' }] }))
})

test('Search Records maps the first matching row into variables, with the templated filter and the view', async () => {
  const result = await run({
    action: 'Search Records',
    viewId: 'vw1',
    returnType: 'First',
    filter: { comparisons: [{ input: 'Email', operator: 'Equal to', value: '{{Email}}' }] },
    responseMapping: [
      { fieldName: 'Name', variableId: 'vName' },
      { fieldName: 'Score', variableId: 'vScore' },
    ],
  })
  assert.deepEqual(result.variableUpdates, [
    { variableId: 'vName', value: 'Grace' },
    { variableId: 'vScore', value: '85' },
  ])
  const request = peer.requests.at(-1)!
  assert.equal(request.headers['xc-token'], 'nc_token')
  assert.equal(request.query.get('where'), '(Email,eq,grace@example.org)')
  assert.equal(request.query.get('viewId'), 'vw1')
  assert.equal(request.query.get('limit'), '1000')
})

test('Search Records with All maps lists; no match is an info log; an unknown field is an error log', async () => {
  const all = await run({
    action: 'Search Records',
    filter: { comparisons: [{ input: 'Team', operator: 'Equal to', value: 'blue' }] },
    responseMapping: [
      { fieldName: 'Name', variableId: 'vName' },
      { fieldName: 'Nope', variableId: 'vScore' },
    ],
  })
  assert.deepEqual(all.variableUpdates, [{ variableId: 'vName', value: ['Ada', 'Grace'] }])
  assert.match(all.logs![0].description, /Field Nope does not exist/)
  const last = await run({ action: 'Search Records', returnType: 'Last', responseMapping: [{ fieldName: 'Name', variableId: 'vName' }] })
  assert.deepEqual(last.variableUpdates, [{ variableId: 'vName', value: 'Grace' }])
  const none = await run({ action: 'Search Records', filter: { comparisons: [{ input: 'Name', operator: 'Contains', value: 'zzz' }] } })
  assert.equal(none.logs![0].status, 'info')
  assert.equal(none.variableUpdates, undefined)
})

test('Create Record posts the fields and links LinkToAnotherRecord columns', async () => {
  const result = await run({
    action: 'Create Record',
    fields: [{ key: 'Name', value: 'Linus' }, { key: 'Email', value: '{{Email}}' }, { key: 'Projects', value: '[7, 8]' }, { key: 'Skipped' }],
  })
  assert.equal(result.logs![0].status, 'success')
  const created = peer.tables.people.rows.at(-1)!
  assert.equal(created.Name, 'Linus')
  assert.equal(created.Email, 'grace@example.org')
  assert.equal('Skipped' in created, false)
  assert.deepEqual(peer.tables.people.links, [{ columnId: 'c-projects', rowId: created.Id, ids: [{ Id: 7 }, { Id: 8 }] }])
})

test('Update Existing Record patches every matching row (empty values clear), and needs a filter', async () => {
  const result = await run({
    action: 'Update Existing Record',
    filter: { comparisons: [{ input: 'Team', operator: 'Equal to', value: 'blue' }] },
    updates: [
      { fieldName: 'Score', value: '100' },
      { fieldName: 'Email', value: '' },
      { fieldName: 'Projects', value: '3' },
    ],
  })
  assert.match(result.logs![0].description, /2 record\(s\) updated/)
  const rows = peer.tables.people.rows
  assert.deepEqual(
    rows.map((r) => [r.Name, r.Score, r.Email]),
    [
      ['Ada', '100', null],
      ['Alan', 70, 'alan@example.org'],
      ['Grace', '100', null],
    ],
  )
  assert.deepEqual(
    peer.tables.people.links.map((l) => [l.rowId, l.ids]),
    [
      [1, [{ Id: '3' }]],
      [3, [{ Id: '3' }]],
    ],
  )
  const before = peer.requests.length
  assert.match(
    (await run({ action: 'Update Existing Record', updates: [{ fieldName: 'Score', value: '1' }] })).logs![0].description,
    /At least one filter/,
  )
  assert.match(
    (
      await run({
        action: 'Update Existing Record',
        filter: { comparisons: [{ input: 'Email', value: 'x)~or(Id,gt,0' }] },
        updates: [{ fieldName: 'Score', value: '0' }],
      })
    ).logs![0].description,
    /cannot escape/,
  )
  assert.equal(peer.requests.length, before)
})

test('a refused token is an error log without the token; missing credentials are logged', async () => {
  const result = await run({ action: 'Search Records' }, { apiKey: 'wrong_token', baseUrl: peer.url })
  assert.equal(result.logs![0].status, 'error')
  assert.match(result.logs![0].description, /401: Authentication required/)
  assert.ok(!JSON.stringify(result).includes('wrong_token'))
  assert.match((await run({ action: 'Search Records', credentialsId: 'other' })).logs![0].description, /Credentials not provided/)
})
