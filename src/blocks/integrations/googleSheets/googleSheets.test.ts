import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { after, before, test } from 'node:test'
import { googleSheets } from './kind.js'
import { matchesFilter, pickRows, sheetTable } from './rows.js'
import type { GoogleSheetsBlock } from './schema.js'
import { columnLetters } from './sheetsApi.js'
import type { StoredCredentials } from '../../../engine/kinds.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { type GoogleSheetsServer, startGoogleSheetsServer } from '../../../../test/support/googleSheetsServer.js'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const oauth = { clientId: 'client-1', clientSecret: 'client-secret-1', refreshToken: 'refresh-token-1' }
const serviceAccount = {
  clientEmail: 'bot@project.iam.gserviceaccount.com',
  publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
}

let google: GoogleSheetsServer
let oauthCredentials: StoredCredentials
let serviceCredentials: StoredCredentials
const leads = () => [
  ['Name', 'Email', 'Age', 'City'],
  ['Ada', 'ada@example.com', '36', 'London'],
  ['Grace', 'grace@example.com', '45', 'New York'],
  ['Alan', 'alan@example.com', '41', 'London'],
]
before(async () => {
  google = await startGoogleSheetsServer(
    { oauth, serviceAccount },
    {
      doc1: {
        title: 'CRM',
        sheets: [
          { sheetId: 0, title: 'Notes', values: [['Note']] },
          { sheetId: 77, title: "Leads '25", values: leads() },
        ],
      },
    },
  )
  const urls = { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl }
  oauthCredentials = { id: 'g1', type: 'google sheets', name: 'Sheets', data: { ...oauth, ...urls } }
  serviceCredentials = {
    id: 'g2',
    type: 'google sheets',
    name: 'Service account',
    // Pasted from the account's JSON file: newlines escaped.
    data: {
      clientEmail: serviceAccount.clientEmail,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
      ...urls,
    },
  }
})
after(() => google.close())

const leadsSheet = () => google.spreadsheets.get('doc1')!.sheets[1]
const variables = { Name: 'Linus', Email: 'linus@example.com', City: 'London', Found: null, Emails: null, Unset: null }
const run = (options: GoogleSheetsBlock['options'], context: { allow?: string; credentials?: StoredCredentials[]; random?: number } = {}) => {
  const { ctx } = blockContext({
    variables,
    credentials: context.credentials ?? [oauthCredentials, serviceCredentials],
    httpAllowlist: context.allow ?? '127.0.0.1',
    // The real clock: the peer checks the service account's JWT times against it.
    runtime: { random: () => context.random ?? 0, now: () => new Date() },
  })
  return googleSheets.execute(
    { id: 'gs', type: 'Google Sheets', options: { credentialsId: 'g1', spreadsheetId: 'doc1', sheetId: '77', ...options } },
    ctx,
  )
}
const tokenRequests = () => google.requests.filter((r) => r.path === '/token')

test('insert: a row in the order of the sheet columns, with an OAuth refresh token cached until it expires', async () => {
  leadsSheet().values = leads()
  const tokensBefore = tokenRequests().length
  const result = await run({
    action: 'Insert a row',
    cellsToInsert: [
      { column: 'Email', value: '{{Email}}' },
      { column: 'Name', value: '{{Name}}' },
      { column: 'Nickname', value: 'dropped' },
      { column: 'Age', value: '' },
    ],
  })
  assert.deepEqual(result.logs, [{ status: 'success', description: "Successfully inserted row in CRM > Leads '25" }])
  assert.deepEqual(leadsSheet().values.at(-1), ['Linus', 'linus@example.com', '', ''])
  const [tokenCall] = tokenRequests().slice(tokensBefore)
  assert.deepEqual(Object.fromEntries(new URLSearchParams(tokenCall.body)), {
    grant_type: 'refresh_token',
    refresh_token: 'refresh-token-1',
    client_id: 'client-1',
    client_secret: 'client-secret-1',
  })
  const append = google.requests.find((r) => r.path.includes(':append'))!
  assert.match(
    append.path,
    /^\/v4\/spreadsheets\/doc1\/values\/'Leads%20''25'!A1:append\?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS$/,
  )
  assert.match(append.headers.authorization!, /^Bearer ya29\.test-\d+$/)

  await run({ action: 'Insert a row', cellsToInsert: [{ column: 'Name', value: 'Again' }] })
  assert.equal(tokenRequests().length, tokensBefore + 1, 'the access token is reused while valid')
  assert.deepEqual(leadsSheet().values.at(-1), ['Again', '', '', ''])
})

test('a token about to expire is renewed; a service account signs a JWT (RS256) for its token', async () => {
  google.tokenLifetime = 30
  try {
    const before = tokenRequests().length
    const shortLived = { credentials: [{ ...oauthCredentials, id: 'g5' }] }
    await run({ credentialsId: 'g5', action: 'Get data from sheet', cellsToExtract: [{ column: 'Name', variableId: 'v0' }] }, shortLived)
    await run({ credentialsId: 'g5', action: 'Get data from sheet', cellsToExtract: [{ column: 'Name', variableId: 'v0' }] }, shortLived)
    assert.equal(tokenRequests().length, before + 2, 'a token lasting less than the margin is not kept')
  } finally {
    google.tokenLifetime = 3600
  }
  leadsSheet().values = leads()
  const before = tokenRequests().length
  const result = await run({ credentialsId: 'g2', action: 'Insert a row', cellsToInsert: [{ column: 'Name', value: 'Service' }] })
  assert.equal(result.logs![0].status, 'success', JSON.stringify(result.logs))
  const form = new URLSearchParams(tokenRequests()[before].body)
  assert.equal(form.get('grant_type'), 'urn:ietf:params:oauth:grant-type:jwt-bearer')
  assert.deepEqual(leadsSheet().values.at(-1), ['Service', '', '', ''])
})

test('get: matching rows into variables, a value for one row and lists for several; first, last, random', async () => {
  leadsSheet().values = leads()
  const cellsToExtract = [
    { column: 'Name', variableId: 'v3' },
    { column: 'Email', variableId: 'v4' },
    { column: 'Email', variableId: 'not-a-variable' },
  ]
  const filter = { logicalOperator: 'AND' as const, comparisons: [{ column: 'City', comparisonOperator: 'Equal to' as const, value: '{{City}}' }] }
  const all = await run({ action: 'Get data from sheet', filter, cellsToExtract })
  assert.deepEqual(all, {
    variableUpdates: [
      { variableId: 'v3', value: ['Ada', 'Alan'] },
      { variableId: 'v4', value: ['ada@example.com', 'alan@example.com'] },
    ],
  })
  const pick = async (totalRowsToExtract: 'First' | 'Last' | 'Random', random = 0) =>
    (await run({ action: 'Get data from sheet', filter, cellsToExtract, totalRowsToExtract }, { random })).variableUpdates?.[0]
  assert.deepEqual(await pick('First'), { variableId: 'v3', value: 'Ada' })
  assert.deepEqual(await pick('Last'), { variableId: 'v3', value: 'Alan' })
  assert.deepEqual(await pick('Random', 0.99), { variableId: 'v3', value: 'Alan' })

  const older = await run({
    action: 'Get data from sheet',
    filter: {
      logicalOperator: 'OR',
      comparisons: [
        { column: 'Age', comparisonOperator: 'Greater than', value: '44' },
        { column: 'Name', comparisonOperator: 'Starts with', value: 'al' },
      ],
    },
    cellsToExtract: [{ column: 'Name', variableId: 'v3' }],
  })
  assert.deepEqual(older.variableUpdates, [{ variableId: 'v3', value: ['Grace', 'Alan'] }])

  const none = await run({
    action: 'Get data from sheet',
    filter: { comparisons: [{ column: 'City', comparisonOperator: 'Equal to', value: 'Paris' }] },
    cellsToExtract,
  })
  assert.deepEqual(
    none.logs?.map((l) => [l.status, l.description]),
    [['info', "Couldn't find any rows matching the filter"]],
  )
  assert.equal(none.variableUpdates, undefined)
})

test('update: the matching rows get the new cells; no match is an info log; unknown columns are an error', async () => {
  leadsSheet().values = leads()
  const filter = { comparisons: [{ column: 'City', comparisonOperator: 'Equal to' as const, value: 'London' }] }
  const updated = await run({
    action: 'Update a row',
    filter,
    cellsToUpsert: [
      { column: 'City', value: 'Cambridge' },
      { column: 'Age', value: '{{Unset}}' },
      { column: 'Email', value: 'x@{{Name}}.org' },
    ],
  })
  assert.deepEqual(updated.logs, [{ status: 'success', description: 'Successfully updated matching rows', details: JSON.stringify({ rows: 2 }) }])
  assert.deepEqual(leadsSheet().values, [
    ['Name', 'Email', 'Age', 'City'],
    ['Ada', 'x@Linus.org', '36', 'Cambridge'],
    ['Grace', 'grace@example.com', '45', 'New York'],
    ['Alan', 'x@Linus.org', '41', 'Cambridge'],
  ])
  const batch = google.requests.filter((r) => r.path.endsWith('values:batchUpdate')).at(-1)!
  assert.deepEqual(
    JSON.parse(batch.body).data.map((d: any) => d.range),
    ["'Leads ''25'!D2", "'Leads ''25'!B2", "'Leads ''25'!D4", "'Leads ''25'!B4"],
  )

  const none = await run({ action: 'Update a row', filter, cellsToUpsert: [{ column: 'City', value: 'Oxford' }] })
  assert.deepEqual(
    none.logs?.map((l) => [l.status, l.description]),
    [['info', 'Could not find any row that matches the filter']],
  )
  const unknown = await run({
    action: 'Update a row',
    filter: { comparisons: [{ column: 'Name', comparisonOperator: 'Equal to', value: 'Ada' }] },
    cellsToUpsert: [{ column: 'Phone', value: '1' }],
  })
  assert.equal(unknown.logs?.[0].description, `The sheet "Leads '25" has no column "Phone"`)
  assert.equal(leadsSheet().values[1][3], 'Cambridge')
})

test('errors: a clear log, no secret in it, and the flow goes on', async () => {
  const description = async (options: GoogleSheetsBlock['options'], context?: Parameters<typeof run>[1]) => {
    const result = await run({ action: 'Get data from sheet', cellsToExtract: [{ column: 'Name', variableId: 'v3' }], ...options }, context)
    assert.equal(result.outgoingEdgeId, undefined)
    assert.equal(result.logs?.length, 1)
    assert.equal(result.logs![0].status, 'error')
    return result.logs![0].description
  }
  assert.match(await description({ credentialsId: 'nope' }), /^Credentials not provided for integration/)
  assert.equal(await description({ spreadsheetId: '' }), 'Missing credentialsId or spreadsheetId')
  assert.equal(await description({ sheetId: '12' }), 'No sheet with id 12 in the spreadsheet "CRM"')
  assert.equal(await description({ spreadsheetId: 'unknown' }), 'Google Sheets error while getting rows: Requested entity was not found.')
  const revoked = { ...oauthCredentials, id: 'g3', data: { ...oauthCredentials.data, refreshToken: 'revoked-token' } }
  const refused = await description({ credentialsId: 'g3' }, { credentials: [revoked] })
  assert.equal(refused, 'Google token request failed: Bad Request')
  const blocked = await description({ credentialsId: 'g3' }, { credentials: [revoked], allow: '' })
  assert.match(blocked, /^Google token request failed: /)
  assert.equal(blocked.includes('revoked-token'), false)
  const partial = { ...oauthCredentials, id: 'g4', data: { refreshToken: 'r' } }
  assert.match(
    await description({ credentialsId: 'g4' }, { credentials: [partial] }),
    /need a refresh token with its client id and secret, or a service account/,
  )
  // Not configured yet: nothing to do, nothing logged (as Typebot).
  assert.deepEqual(await run({ action: 'Get data from sheet', sheetId: '' }), {})
  assert.deepEqual(await googleSheets.execute({ id: 'gs', type: 'Google Sheets', options: {} }, blockContext().ctx), {})
})

test("filters compare as Typebot's Sheets block: AND, OR, text and number operators", () => {
  const table = sheetTable([['A', 'B'], ['Élan ', '10'], ['x']])!
  const [first, second] = table.rows
  const holds = (comparisonOperator: any, value?: string, column = 'A', row = first) =>
    matchesFilter(table, row, { comparisons: [{ column, comparisonOperator, value }] })
  assert.equal(holds('Contains', 'éla'), true)
  assert.equal(holds('Does not contain', 'zz'), true)
  assert.equal(holds('Ends with', 'AN'), true)
  assert.equal(holds('Equal to', 'Élan'), false, 'equality is exact')
  assert.equal(holds('Not equal', 'Élan'), true)
  assert.equal(holds('Greater than', '9.5', 'B'), true)
  assert.equal(holds('Less than', '9.5', 'B'), false)
  assert.equal(holds('Is set', undefined, 'B', second), false)
  assert.equal(holds('Is empty', undefined, 'B', second), true)
  assert.equal(holds('Matches regex', '.*'), false, 'unknown to the Sheets filter')
  assert.equal(holds('Is set', undefined, ''), false, 'no column, no match')
  const both = (logicalOperator: 'AND' | 'OR') =>
    matchesFilter(table, first, {
      logicalOperator,
      comparisons: [
        { column: 'A', comparisonOperator: 'Is set' },
        { column: 'B', comparisonOperator: 'Equal to', value: '11' },
      ],
    })
  assert.deepEqual([both('AND'), both('OR')], [false, true])
  assert.equal(matchesFilter(table, first, undefined), true)
  assert.equal(matchesFilter(table, first, { logicalOperator: 'AND' }), false)
  assert.equal(sheetTable([[], ['a']]), undefined)
  assert.deepEqual(
    pickRows([1, 2, 3], 'Random', () => 0.5),
    [2],
  )
  assert.deepEqual(
    pickRows([], 'Random', () => 0.5),
    [],
  )
  assert.deepEqual([columnLetters(0), columnLetters(25), columnLetters(26), columnLetters(701), columnLetters(702)], ['A', 'Z', 'AA', 'ZZ', 'AAA'])
})
