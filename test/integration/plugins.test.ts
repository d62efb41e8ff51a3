// Plugin blocks through the real server: a bot that looks the visitor up in NocoDB, updates the record, captures a
// PostHog event and books through Cal.com, with workspace credentials pointing at loopback peers that speak those
// services' protocols. Integration logs stay out of live answers and are stored for the owners, without secrets.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { type AnalyticsPeer, startPosthogPeer } from '../support/peers/analytics.js'
import { type NocodbPeer, startNocodbPeer } from '../support/peers/nocodb.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const textOf = (message: any): string => message.content.richText.map((p: any) => p.children.map((c: any) => c.text).join('')).join('\n')

describe('plugin blocks', () => {
  let s: TestServer
  let posthog: AnalyticsPeer
  let nocodb: NocodbPeer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    posthog = await startPosthogPeer('phc_secret_project_key')
    nocodb = await startNocodbPeer('nc_secret_token', {
      members: {
        rows: [{ Id: 1, Email: 'ada@example.org', Name: 'Ada', Plan: 'free' }],
        columns: [{ id: 'c1', title: 'Email', uidt: 'Email' }],
        links: [],
      },
    })
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await posthog.close()
    await nocodb.close()
  })

  const createCredentials = async (type: string, data: Record<string, string>) => {
    const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type, name: `${type} test`, data },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.credentials.id as string
  }

  test('NocoDB search and update, PostHog capture and a Cal.com booking run in one chat', async () => {
    const nocodbId = await createCredentials('nocodb', { apiKey: 'nc_secret_token', baseUrl: nocodb.url })
    const posthogId = await createCredentials('posthog', { apiKey: 'phc_secret_project_key', host: posthog.url })
    const doc = bot(
      [
        [
          'g',
          [
            { id: 'ask', type: 'email input', options: { variableId: 'vEmail' } },
            {
              id: 'find',
              type: 'nocodb',
              options: {
                action: 'Search Records',
                credentialsId: nocodbId,
                tableId: 'members',
                returnType: 'First',
                filter: { comparisons: [{ input: 'Email', operator: 'Equal to', value: '{{Email}}' }] },
                responseMapping: [{ fieldName: 'Name', variableId: 'vName' }],
              },
            },
            {
              id: 'upgrade',
              type: 'nocodb',
              options: {
                action: 'Update Existing Record',
                credentialsId: nocodbId,
                tableId: 'members',
                filter: { comparisons: [{ input: 'Email', operator: 'Equal to', value: '{{Email}}' }] },
                updates: [{ fieldName: 'Plan', value: 'pro' }],
              },
            },
            {
              id: 'track',
              type: 'posthog',
              options: {
                action: 'Capture',
                credentialsId: posthogId,
                distinctId: '{{Email}}',
                event: 'upgraded',
                properties: [{ key: 'name', value: '{{Name}}' }],
              },
            },
            say('hello', 'Welcome back {{Name}}'),
            { id: 'cal', type: 'cal-com', options: { action: 'Book event', link: 'ada/intro', saveBookedDateInVariableId: 'vDate' } },
            say('booked', 'See you on {{Date}}'),
          ],
        ],
      ],
      {
        variables: [
          { id: 'vEmail', name: 'Email' },
          { id: 'vName', name: 'Name' },
          { id: 'vDate', name: 'Date' },
        ],
      },
    )
    const { publicId } = await importAndPublish(s, owner.token, owner.workspaceId, doc)
    const started = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(started.status, 200, JSON.stringify(started.body))
    const answer = await s.call('POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
      token: owner.token,
      body: { message: 'ada@example.org' },
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const [welcome, embed] = answer.body.messages
    assert.equal(textOf(welcome), 'Welcome back Ada')
    assert.equal(embed.type, 'custom-embed')
    assert.equal(embed.content.initFunction.args.link, 'ada/intro')
    assert.equal(answer.body.logs, undefined, 'integration logs are for owners only')
    assert.equal(nocodb.tables.members.rows[0].Plan, 'pro')
    assert.deepEqual(
      posthog.events.map((e) => [e.event, e.distinct_id, e.properties.name]),
      [['upgraded', 'ada@example.org', 'Ada']],
    )

    const booked = await s.call('POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
      token: owner.token,
      body: { message: '2025-06-10T09:00:00Z' },
    })
    assert.equal(booked.status, 200, JSON.stringify(booked.body))
    assert.equal(textOf(booked.body.messages[0]), 'See you on 2025-06-10T09:00:00Z')

    const logs = await s.store.db
      .selectFrom('logs')
      .select(['status', 'description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, started.body.resultId))
      .orderBy('id')
      .execute()
    assert.deepEqual(
      logs.map((l) => l.status),
      ['success', 'success', 'success'],
    )
    assert.ok(!JSON.stringify(logs).includes('secret'))
  })
})
