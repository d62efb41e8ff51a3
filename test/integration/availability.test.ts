// Availability of a published bot through the API: a scheduled window (settings.general.opensAt / closesAt) outside
// which new chats are refused as for a closed bot (Parley's and Typebot's startChat, the hosted page), running chats
// and previews untouched; embed-only bots (settings.general.isHostedPageEnabled false) without a hosted page; and
// the settings schema in the OpenAPI document. Moments are far in the past or future: no test waits for a clock.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const PAST = '2020-01-01T09:00:00+01:00'
const FUTURE = '2999-01-01T09:00:00-05:00'
const SITE = 'https://shop.example.com'

/** The plain text of a rich-text message. */
const textOf = (message: any): string => {
  const walk = (nodes: any[]): string => nodes.map((n) => (typeof n.text === 'string' ? n.text : walk(n.children ?? []))).join('')
  return walk(message.content.richText)
}

/** Asks a name, then greets: a chat that can be continued. */
const askName = (general: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) =>
  bot([['g', [say('hi', 'Your name?'), { id: 'ask', type: 'text input', options: { variableId: 'vName' } }, say('bye', 'Hello {{Name}}.')]]], {
    variables: [{ id: 'vName', name: 'Name' }],
    settings: { general: { systemMessages: { botClosed: 'Closed for the season' }, ...general }, ...settings },
  })

describe('scheduled availability and embed-only bots', { concurrency: true }, () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    // Visitors without credentials, as on a public installation.
    s = await startTestServer({ PUBLIC_CHAT: 'true' })
    owner = await userWithWorkspace(s)
  })
  after(() => s?.stop())

  const publish = (doc: unknown) => importAndPublish(s, owner.token, owner.workspaceId, doc)
  const startV1 = (publicId: string, headers: Record<string, string> = {}) =>
    s.call('POST', `/v1/bots/${publicId}/startChat`, { token: null, body: {}, headers })
  const startTypebot = (publicId: string, headers: Record<string, string> = {}) =>
    s.call('POST', `/api/v1/typebots/${publicId}/startChat`, { token: null, body: {}, headers })
  const previews = (botId: string) => [
    s.call('POST', `/v1/bots/${botId}/preview/startChat`, { token: owner.token, body: {} }),
    s.call('POST', `/api/v1/typebots/${botId}/preview/startChat`, { token: owner.token, body: {} }),
  ]
  const hostedPage = async (publicId: string) => {
    const res = await fetch(`${s.url}/${publicId}`)
    return { status: res.status, html: await res.text() }
  }
  const patchSettings = (botId: string, settings: unknown) =>
    s.call('PATCH', `/v1/bots/${botId}`, { token: owner.token, body: { bot: { settings } } })

  /** Both start operations refuse as for a closed bot, the hosted page says so, and previews still chat. */
  const assertClosed = async (imported: Record<string, any>) => {
    for (const refused of [await startV1(imported.publicId), await startTypebot(imported.publicId)]) {
      assert.equal(refused.status, 400, JSON.stringify(refused.body))
      assert.deepEqual(refused.body, { code: 'bot_closed', message: 'Closed for the season' })
    }
    const page = await hostedPage(imported.publicId)
    assert.equal(page.status, 410)
    assert.match(page.html, /<h1>Closed for the season<\/h1>/)
    for (const preview of await Promise.all(previews(imported.id))) {
      assert.equal(preview.status, 200, JSON.stringify(preview.body))
      assert.equal(textOf(preview.body.messages[0]), 'Your name?')
    }
  }

  test('past its closing time a published bot answers bot_closed on both APIs and its hosted page; previews still chat', async () => {
    await assertClosed(await publish(askName({ closesAt: PAST })))
  })

  test('before its opening time likewise (time zone given or not)', async () => {
    await assertClosed(await publish(askName({ opensAt: FUTURE })))
    await assertClosed(await publish(askName({ opensAt: FUTURE, closesAt: '3000-01-01T00:00:00Z', timeZone: 'America/New_York' })))
  })

  test('inside its window the bot chats on both APIs and its hosted page is live', async () => {
    const open = await publish(askName({ opensAt: PAST, closesAt: FUTURE, timeZone: 'Europe/Paris' }))
    for (const started of [await startV1(open.publicId), await startTypebot(open.publicId)]) {
      assert.equal(started.status, 200, JSON.stringify(started.body))
      assert.ok(started.body.sessionId)
    }
    assert.equal((await hostedPage(open.publicId)).status, 200)
  })

  test('the schedule is part of the published version: a draft change applies once published', async () => {
    const imported = await publish(askName())
    assert.equal((await patchSettings(imported.id, askName({ closesAt: PAST }).settings)).status, 200)
    assert.equal((await startV1(imported.publicId)).status, 200, 'the published version has no closing time yet')
    assert.equal((await s.call('POST', `/v1/bots/${imported.id}/publish`, { token: owner.token })).status, 200)
    assert.equal((await startV1(imported.publicId)).body.code, 'bot_closed')
  })

  test('a chat started inside the window is not cut off when the bot closes; a new one is refused', async () => {
    const imported = await publish(askName({ closesAt: FUTURE }))
    const started = await startV1(imported.publicId)
    assert.equal(started.status, 200, JSON.stringify(started.body))
    assert.equal((await patchSettings(imported.id, askName({ closesAt: PAST }).settings)).status, 200)
    assert.equal((await s.call('POST', `/v1/bots/${imported.id}/publish`, { token: owner.token })).status, 200)
    const next = await s.call('POST', `/v1/sessions/${started.body.sessionId}/continueChat`, { token: null, body: { message: 'Ada' } })
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.equal(textOf(next.body.messages[0]), 'Hello Ada.')
    assert.equal((await startV1(imported.publicId)).body.code, 'bot_closed')
  })

  test('saving refuses a closing time not after the opening time, a moment without offset and an unknown time zone', async () => {
    const imported = await publish(askName())
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ opensAt: '2030-06-01T10:00:00+02:00', closesAt: '2030-06-01T08:00:00Z' }, /closing time must come after the opening time/],
      [{ opensAt: '2030-06-01T10:00:00+02:00', closesAt: '2030-06-01T08:00:00Z' }, /closesAt/],
      [{ opensAt: '2030-06-01T10:00:00' }, /opensAt/],
      [{ closesAt: 'next Monday' }, /closesAt/],
      [{ timeZone: 'Mars/Olympus_Mons' }, /IANA time zone/],
    ]
    for (const [general, expected] of refusals) {
      const res = await patchSettings(imported.id, { general })
      assert.equal(res.status, 400, JSON.stringify(general))
      assert.match(JSON.stringify(res.body), expected, JSON.stringify(res.body))
    }
    // Equal offsets written differently are the same moment: ten o'clock in Paris is eight UTC, so this is one hour.
    const fine = await patchSettings(imported.id, { general: { opensAt: '2030-06-01T10:00:00+02:00', closesAt: '2030-06-01T09:00:00Z' } })
    assert.equal(fine.status, 200, JSON.stringify(fine.body))
    assert.equal(fine.body.bot.settings.general.closesAt, '2030-06-01T09:00:00Z', 'kept as written')
  })

  test('an embed-only bot has no hosted page (404) but chats from its allowed origins on both APIs', async () => {
    const imported = await publish(askName({ isHostedPageEnabled: false }, { security: { allowedOrigins: [SITE] } }))
    const page = await hostedPage(imported.publicId)
    assert.equal(page.status, 404)
    assert.match(page.html, /There is no bot here/)
    for (const started of [await startV1(imported.publicId, { origin: SITE }), await startTypebot(imported.publicId, { origin: SITE })]) {
      assert.equal(started.status, 200, JSON.stringify(started.body))
      const next = await s.call('POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
        token: null,
        body: { message: 'Ada' },
        headers: { origin: SITE },
      })
      assert.equal(next.status, 200, JSON.stringify(next.body))
    }
    assert.equal((await startV1(imported.publicId, { origin: 'https://evil.example.com' })).status, 403)
    // Embed-only and closed: still no page (a closed page would tell the bot exists).
    assert.equal((await patchSettings(imported.id, askName({ isHostedPageEnabled: false, closesAt: PAST }).settings)).status, 200)
    assert.equal((await s.call('POST', `/v1/bots/${imported.id}/publish`, { token: owner.token })).status, 200)
    assert.equal((await hostedPage(imported.publicId)).status, 404)
    // Turned back on, the page is back.
    const reopened = await publish(askName({ isHostedPageEnabled: true }))
    assert.equal((await hostedPage(reopened.publicId)).status, 200)
  })

  test('the OpenAPI document spells out the settings: opensAt and closesAt as date-time, every section named', async () => {
    const doc = (await s.call('GET', '/v1/openapi.json')).body
    const schemas = doc.components.schemas
    const refOf = (schema: any): any => {
      const ref = schema.$ref ?? schema.anyOf?.find((s: any) => s.$ref)?.$ref
      return ref ? schemas[ref.split('/').at(-1)] : schema
    }
    const settings = refOf(schemas.Bot.properties.settings)
    for (const section of ['general', 'typingEmulation', 'metadata', 'whatsApp', 'publicShare', 'security'])
      assert.ok(settings.properties[section], `settings.${section}`)
    const general = settings.properties.general.anyOf.find((s: any) => s.type === 'object')
    for (const moment of ['opensAt', 'closesAt']) {
      const field = general.properties[moment].anyOf.find((s: any) => s.type === 'string')
      assert.equal(field.format, 'date-time', moment)
    }
    assert.ok(general.properties.timeZone && general.properties.isHostedPageEnabled)
    assert.ok(general.properties.systemMessages.anyOf[0].properties.botClosed)
    // The bot a client sends is described the same way.
    const sent = doc.paths['/v1/bots/{botId}'].patch.requestBody.content['application/json'].schema.properties.bot.properties.settings
    assert.ok(refOf(sent).properties.general)
  })
})
