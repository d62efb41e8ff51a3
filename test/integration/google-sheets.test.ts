// Google Sheets blocks through the server against a local Google peer (token endpoint + Sheets v4): a lead typed
// in the chat is inserted, updated and read back into variables; logs stay with the owners; bad credentials log.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { type GoogleSheetsServer, startGoogleSheetsServer } from '../support/googleSheetsServer.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const textOf = (message: any): string =>
  (message.content.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')
const oauth = { clientId: 'cid', clientSecret: 'csecret', refreshToken: 'rtoken' }

describe('Google Sheets blocks', () => {
  let s: TestServer
  let google: GoogleSheetsServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>

  const createCredentials = async (data: Record<string, string>) => {
    const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'google sheets', name: 'Sheets', data },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.credentials.id as string
  }
  const sheets = (credentialsId: string, action: string, options: Record<string, unknown>) => ({
    type: 'Google Sheets',
    options: { credentialsId, spreadsheetId: 'crm', sheetId: '5', action, ...options },
  })
  const leadBot = (credentialsId: string) =>
    bot(
      [
        [
          'lead',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'vName' } },
            {
              id: 'insert',
              ...sheets(credentialsId, 'Insert a row', {
                cellsToInsert: [
                  { column: 'Name', value: '{{Name}}' },
                  { column: 'Status', value: 'new' },
                ],
              }),
            },
            {
              id: 'update',
              ...sheets(credentialsId, 'Update a row', {
                filter: { comparisons: [{ column: 'Name', comparisonOperator: 'Equal to', value: '{{Name}}' }] },
                cellsToUpsert: [{ column: 'Status', value: 'contacted' }],
              }),
            },
            {
              id: 'get',
              ...sheets(credentialsId, 'Get data from sheet', {
                filter: { comparisons: [{ column: 'Status', comparisonOperator: 'Equal to', value: 'contacted' }] },
                cellsToExtract: [{ column: 'Name', variableId: 'vContacted' }],
              }),
            },
            say('done', 'Contacted: {{Contacted}}'),
          ],
        ],
      ],
      {
        variables: [
          { id: 'vName', name: 'Name' },
          { id: 'vContacted', name: 'Contacted' },
        ],
      },
    )
  const chat = async (credentialsId: string, name: string) => {
    const published = await importAndPublish(s, owner.token, owner.workspaceId, leadBot(credentialsId))
    const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const reply = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: name } })
    assert.equal(reply.status, 200, JSON.stringify(reply.body))
    const logs = await s.store.db
      .selectFrom('logs')
      .select(['status', 'description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, start.body.resultId))
      .orderBy('id')
      .execute()
    return { reply: reply.body, logs: logs.map((l) => `${l.status}: ${l.description}`) }
  }

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    google = await startGoogleSheetsServer(
      { oauth },
      {
        crm: {
          title: 'CRM',
          sheets: [
            {
              sheetId: 5,
              title: 'Leads',
              values: [
                ['Name', 'Status'],
                ['Ada', 'contacted'],
              ],
            },
          ],
        },
      },
    )
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await google.close()
  })

  test('insert, update and get: the sheet changes and the matching rows come back as a list', async () => {
    const credentialsId = await createCredentials({ ...oauth, tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl })
    const { reply, logs } = await chat(credentialsId, 'Grace')
    assert.deepEqual(google.spreadsheets.get('crm')!.sheets[0].values.slice(0, 3), [
      ['Name', 'Status'],
      ['Ada', 'contacted'],
      ['Grace', 'contacted'],
    ])
    assert.deepEqual(reply.messages.map(textOf), ['Contacted: ["Ada","Grace"]'])
    assert.equal(reply.logs, undefined, 'integration logs stay out of live answers')
    assert.deepEqual(logs, ['success: Successfully inserted row in CRM > Leads', 'success: Successfully updated matching rows'])
  })

  test('refused credentials: an error log per block for the owners, no secret in it, and the flow goes on', async () => {
    const credentialsId = await createCredentials({
      ...oauth,
      refreshToken: 'stolen-token',
      tokenUrl: google.tokenUrl,
      apiBaseUrl: google.apiBaseUrl,
    })
    const { reply, logs } = await chat(credentialsId, 'Alan')
    assert.deepEqual(reply.messages.map(textOf), ['Contacted: '])
    assert.deepEqual(logs, Array(3).fill('error: Google token request failed: Bad Request'))
    assert.equal(JSON.stringify(logs).includes('stolen-token'), false)
  })
})
