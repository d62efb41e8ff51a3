// Bot code formats dates, times and amounts as Typebot's V8 does, in the time zone of the server process: a
// `parley serve` started with TZ=Asia/Tokyo runs Set variable code and a server-side Script from real bots (the
// São Paulo greeting, the pt-BR webhook payload, BRL amounts), and the chat shows what Node computes for the same
// code. The expected values are computed here, with real Intl, for the server's zone.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { backend, createTestDatabase, type TestDatabase } from '../support/database.js'
import { bot, say } from '../support/engine.js'
import { spawnServer } from '../support/process.js'
import { type RemoteCall, remoteClient, seedPublishedBot } from '../support/remote.js'

const ADMIN_TOKEN = `intl-admin-${Math.random().toString(36).slice(2)}-token`
const SERVER_ZONE = 'Asia/Tokyo'
/** 06:42:32 in São Paulo, 18:42:32 in Tokyo. */
const INSTANT = Date.UTC(2026, 10, 28, 9, 42, 32)

/** Set variable code, by variable: what real bots compute. */
const CODE: Record<string, string> = {
  Greeting: `const h = new Date(new Date(${INSTANT}).toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' })).getHours()
return h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite'`,
  Payload: `const d = new Date(${INSTANT})
return JSON.stringify({ data: d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }), hora: d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' }) })`,
  Amount: `return (1234.5).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })`,
  Local: `return Intl.DateTimeFormat().resolvedOptions().timeZone + ' ' + new Date(${INSTANT}).toLocaleString() + ' ' + new Date(${INSTANT}).getHours()`,
}
/** A server-side Script: Spanish weekday and a sorted list, set with setVariable. */
const SCRIPT = `setVariable('Script', new Date(${INSTANT}).toLocaleDateString('es-MX', { weekday: 'long' }) + ' ' + ['Óscar', 'ola', 'nube', 'ñandú'].sort(new Intl.Collator('es').compare).join(','))`

const variables = [...Object.keys(CODE), 'Script'].map((name) => ({ id: `v${name}`, name }))

const textOf = (message: any): string => message.content.richText.map((p: any) => p.children.map((c: any) => c.text ?? '').join('')).join('\n')

describe(`Intl in bot code, with the server in ${SERVER_ZONE} (${backend})`, () => {
  let db: TestDatabase
  let server: Awaited<ReturnType<typeof spawnServer>>
  let call: RemoteCall

  before(async () => {
    db = await createTestDatabase()
    server = await spawnServer({ DATABASE_URL: db.url, PARLEY_ADMIN_TOKEN: ADMIN_TOKEN, TZ: SERVER_ZONE })
    call = remoteClient(server.url)
  })
  after(async () => {
    await server?.stop()
    await db?.drop()
  })

  test('Set variable code and a server-side Script give V8’s answers in the server’s time zone', async () => {
    const blocks = [
      ...Object.entries(CODE).map(([name, code]) => ({
        id: `set${name}`,
        type: 'Set variable',
        options: { variableId: `v${name}`, type: 'Custom', isCode: true, expressionToEvaluate: code },
      })),
      { id: 'script', type: 'Code', options: { isExecutedOnClient: false, content: SCRIPT } },
      ...[...Object.keys(CODE), 'Script'].map((name) => say(`say${name}`, `${name}: {{${name}}}`)),
    ]
    const { publicId } = await seedPublishedBot(call, ADMIN_TOKEN, bot([['g', blocks]], { variables }))
    const res = await call('POST', `/v1/bots/${publicId}/startChat`, { token: ADMIN_TOKEN, body: {} })
    assert.equal(res.status, 200, res.text)
    assert.deepEqual(res.body.logs ?? [], [])

    // What V8 says for the same code with the server's zone as the default (this process may be in another).
    const d = new Date(INSTANT)
    const tokyo = (options: Intl.DateTimeFormatOptions = {}) => d.toLocaleString(undefined, { timeZone: SERVER_ZONE, ...options })
    const payload = JSON.stringify({
      data: d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
      hora: d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
    })
    const sorted = ['Óscar', 'ola', 'nube', 'ñandú'].sort(new Intl.Collator('es').compare).join(',')
    assert.deepEqual(res.body.messages.map(textOf), [
      'Greeting: Bom dia',
      `Payload: ${payload}`,
      `Amount: ${(1234.5).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })}`,
      `Local: ${SERVER_ZONE} ${tokyo()} ${tokyo({ hour: 'numeric', hourCycle: 'h23' })}`,
      `Script: ${d.toLocaleDateString('es-MX', { weekday: 'long', timeZone: SERVER_ZONE })} ${sorted}`,
    ])
    // The webhook, spelled out: São Paulo's date and 24-hour time, not the US ones.
    assert.equal(payload, '{"data":"28/11/2026","hora":"06:42:32"}')
  })
})
