// Bots shaped like the ones Typebot's users write and bridge to WhatsApp (n8n, Evolution API): Portuguese and
// Spanish menus answered by number, locale-dependent code (greetings by São Paulo's hour, pt-BR dates and currency,
// es-MX dates and opening hours), a payload posted to an HTTP bridge, dynamic buttons, and the same text sent to two
// consecutive questions as fast as a bridge relays it. Run end to end over the API on both backends, by the server of
// this process and by one started in another time zone (Asia/Tokyo): the answers are the same, and they are what V8
// (Typebot's runtime) computes for the same instant.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { spawnServer } from '../support/process.js'
import { userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const text = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })
const ask = (id: string, variableId: string) => ({ id, type: 'text input', options: { variableId } })
const code = (id: string, variableId: string, expression: string) => ({
  id,
  type: 'Set variable',
  options: { variableId, type: 'Custom', isCode: true, isExecutedOnClient: false, expressionToEvaluate: expression },
})
const equals = (id: string, variableId: string, value: string) => ({
  id,
  logicalOperator: 'AND',
  comparisons: [{ id: `${id}-c`, variableId, comparisonOperator: 'Equal to', value }],
})
const group = (id: string, title: string, blocks: unknown[], x = 0) => ({ id, title, graphCoordinates: { x, y: 0 }, blocks })
const edge = (id: string, from: Record<string, string>, groupId: string) => ({ id, from, to: { groupId } })

const SAO_PAULO = "{ timeZone: 'America/Sao_Paulo' }"

/** A pizzeria's WhatsApp bot, as agencies write them: numbered menus, São Paulo time, a bridge to n8n. */
const pizzaria = (bridgeUrl: string) => ({
  version: '6',
  name: 'Pizzaria Bella (WhatsApp)',
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e-start' }],
  groups: [
    group('g-menu', 'Menu', [
      // The idiom of many real bots: the local time read back from a string formatted in São Paulo's zone.
      code(
        'greet',
        'v-saudacao',
        `const agora = new Date(new Date().toLocaleString('en-US', ${SAO_PAULO}))
const hora = agora.getHours()
return hora >= 5 && hora < 12 ? 'Bom dia' : hora >= 12 && hora < 18 ? 'Boa tarde' : 'Boa noite'`,
      ),
      text('hello', '{{Saudação}}! Bem-vindo à Pizzaria Bella. Digite o número da opção: 1 - Cardápio, 2 - Fazer pedido, 3 - Falar com um atendente'),
      ask('ask-menu', 'v-opcao'),
      {
        id: 'route-menu',
        type: 'Condition',
        items: [
          { id: 'is-1', content: equals('c1', 'v-opcao', '1'), outgoingEdgeId: 'e-cardapio' },
          { id: 'is-2', content: equals('c2', 'v-opcao', '2'), outgoingEdgeId: 'e-pedido' },
        ],
        outgoingEdgeId: 'e-atendente',
      },
    ]),
    group(
      'g-cardapio',
      'Cardápio',
      [
        text('menu', 'Calabresa R$ 49,90 · Margherita R$ 45,90. Digite 1 para fazer o pedido ou 2 para sair.'),
        ask('ask-cardapio', 'v-opcao2'),
        { id: 'route-cardapio', type: 'Condition', items: [{ id: 'c-1', content: equals('c3', 'v-opcao2', '1'), outgoingEdgeId: 'e-pedido2' }] },
        text('bye', 'Até logo!'),
      ],
      400,
    ),
    group(
      'g-pedido',
      'Pedido',
      [
        text('q-nome', 'Qual é o seu nome?'),
        ask('ask-nome', 'v-nome'),
        text('q-recebedor', 'E o nome de quem vai receber a pizza?'),
        ask('ask-recebedor', 'v-recebedor'),
        code('total', 'v-total', "const total = 2 * 49.9\nreturn total.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })"),
        code('data', 'v-data', `return new Date().toLocaleDateString('pt-BR', ${SAO_PAULO})`),
        code('hora', 'v-hora', `return new Date().toLocaleTimeString('pt-BR', ${SAO_PAULO})`),
        {
          id: 'bridge',
          type: 'Webhook',
          options: {
            isCustomBody: true,
            webhook: {
              url: bridgeUrl,
              method: 'POST',
              body: '{"nome":"{{Nome}}","recebedor":"{{Recebedor}}","total":"{{Total}}","data":"{{Data}}","hora":"{{Hora}}"}',
            },
          },
        },
        text('done', 'Pedido de {{Total}} registrado para {{Recebedor}} em {{Data}} às {{Hora}}.'),
      ],
      800,
    ),
    group('g-atendente', 'Atendente', [text('human', 'Um atendente vai falar com você em instantes.')], 1200),
  ],
  edges: [
    edge('e-start', { eventId: 'start' }, 'g-menu'),
    edge('e-cardapio', { blockId: 'route-menu', itemId: 'is-1' }, 'g-cardapio'),
    edge('e-pedido', { blockId: 'route-menu', itemId: 'is-2' }, 'g-pedido'),
    edge('e-atendente', { blockId: 'route-menu' }, 'g-atendente'),
    edge('e-pedido2', { blockId: 'route-cardapio', itemId: 'c-1' }, 'g-pedido'),
  ],
  variables: [
    { id: 'v-saudacao', name: 'Saudação' },
    { id: 'v-opcao', name: 'Opção' },
    { id: 'v-opcao2', name: 'Opção cardápio' },
    { id: 'v-nome', name: 'Nome' },
    { id: 'v-recebedor', name: 'Recebedor' },
    { id: 'v-total', name: 'Total' },
    { id: 'v-data', name: 'Data' },
    { id: 'v-hora', name: 'Hora' },
  ],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})

const MEXICO = "{ timeZone: 'America/Mexico_City' }"

/** A clinic's Spanish bot: days offered as dynamic buttons, opening hours and the date in Mexico City. */
const clinica = () => ({
  version: '6',
  name: 'Clínica Sonrisa',
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e-start' }],
  groups: [
    group('g-cita', 'Cita', [
      code('dias', 'v-dias', "return ['Lunes', 'Martes', 'Miércoles']"),
      text('q-dia', '¿Qué día prefiere para su cita?'),
      { id: 'ask-dia', type: 'choice input', items: [{ id: 'dyn', content: 'Día' }], options: { variableId: 'v-dia', dynamicVariableId: 'v-dias' } },
      code(
        'abierto',
        'v-abierto',
        `const hora = Number(new Intl.DateTimeFormat('es-MX', { hour: 'numeric', hourCycle: 'h23', ...${MEXICO} }).format(new Date()))
return hora >= 8 && hora < 20 ? 'sí' : 'no'`,
      ),
      code('fecha', 'v-fecha', `return new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', ...${MEXICO} }).format(new Date())`),
      text('resumen', 'Cita el {{Día}}. Hoy es {{Fecha}}. ¿Abierto ahora? {{Abierto}}.'),
      // A list the bot never sets (a step its author has not built yet): the block stays as written.
      text('q-horario', '¿A qué hora?'),
      {
        id: 'ask-horario',
        type: 'choice input',
        items: [{ id: 'dyn2', content: 'Hora' }],
        options: { variableId: 'v-horario', dynamicVariableId: 'v-horarios' },
      },
      text('gracias', 'Gracias, le esperamos.'),
    ]),
  ],
  edges: [edge('e-start', { eventId: 'start' }, 'g-cita')],
  variables: [
    { id: 'v-dias', name: 'Días' },
    { id: 'v-dia', name: 'Día' },
    { id: 'v-abierto', name: 'Abierto' },
    { id: 'v-fecha', name: 'Fecha' },
    { id: 'v-horarios', name: 'Horarios' },
    { id: 'v-horario', name: 'Horario' },
  ],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})

const textOf = (message: any): string =>
  (message?.content?.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')
const said = (turn: any): string[] => (turn.messages ?? []).map(textOf)

/** What V8 says at the instants around a turn: the answer must be one of them (a turn may straddle a second). */
const around = (before: number, after: number, format: (d: Date) => string) => new Set([format(new Date(before)), format(new Date(after))])

/** The greeting the pizzeria's code computes, as V8 computes it. */
const greetingAt = (d: Date) => {
  const hora = new Date(d.toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' })).getHours()
  return hora >= 5 && hora < 12 ? 'Bom dia' : hora >= 12 && hora < 18 ? 'Boa tarde' : 'Boa noite'
}

type Api = { url: string; call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }> }

/** The two servers the bots run on: this process's, and one in Asia/Tokyo. */
const servers: { name: string; start: () => Promise<{ api: Api; token: string; workspaceId: string; stop: () => Promise<void> }> }[] = [
  {
    name: "this process's server",
    async start() {
      const s: TestServer = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', PUBLIC_CHAT: 'true' })
      const owner = await userWithWorkspace(s)
      const call: Api['call'] = (method, path, body) => s.call(method, path, { token: owner.token, body })
      return { api: { url: s.url, call }, token: owner.token, workspaceId: owner.workspaceId, stop: () => s.stop() }
    },
  },
  {
    name: 'a server in Asia/Tokyo',
    async start() {
      // Its own database next to this one's (SQLite file or PostgreSQL database of the test's own), as `parley serve` runs.
      const s: TestServer = await startTestServer()
      const owner = await userWithWorkspace(s)
      await s.close()
      const files = await mkdtemp(join(tmpdir(), 'parley-tokyo-files-'))
      const spawned = await spawnServer({
        DATABASE_URL: s.database.url,
        FILES_DIR: files,
        TZ: 'Asia/Tokyo',
        HTTP_REQUEST_ALLOWLIST: '127.0.0.1',
        PUBLIC_CHAT: 'true',
      })
      const call: Api['call'] = async (method, path, body) => {
        const res = await fetch(spawned.url + path, {
          method,
          headers: { authorization: `Bearer ${owner.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        const text = await res.text()
        return { status: res.status, body: text ? JSON.parse(text) : undefined }
      }
      return {
        api: { url: spawned.url, call },
        token: owner.token,
        workspaceId: owner.workspaceId,
        stop: async () => {
          await spawned.stop()
          await s.database.drop()
          await rm(files, { recursive: true, force: true })
        },
      }
    },
  },
]

for (const where of servers)
  describe(`real-world bots on ${where.name}`, () => {
    let running: Awaited<ReturnType<(typeof servers)[number]['start']>>
    let bridge: Server
    let bridgeUrl: string
    const posted: unknown[] = []
    before(async () => {
      bridge = createServer((req, res) => {
        let body = ''
        req.on('data', (c) => (body += c))
        req.on('end', () => {
          posted.push(JSON.parse(body))
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
        })
      })
      await new Promise<void>((done) => bridge.listen(0, '127.0.0.1', done))
      bridgeUrl = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/webhook/pedido`
      running = await where.start()
    })
    after(async () => {
      await running?.stop()
      await new Promise((done) => bridge.close(done))
    })

    const publish = async (bot: unknown) => {
      const imported = await running.api.call('POST', '/v1/bots/import', { workspaceId: running.workspaceId, bot })
      assert.equal(imported.status, 200, JSON.stringify(imported.body))
      assert.equal((await running.api.call('POST', `/v1/bots/${imported.body.bot.id}/publish`)).status, 200)
      return imported.body.bot as { id: string; publicId: string }
    }
    /** A reply as a bridge relays it: at once, on the Typebot-compatible API WhatsApp bridges call. */
    const reply = async (sessionId: string, message: string) => {
      const res = await running.api.call('POST', `/api/v1/sessions/${sessionId}/continueChat`, { message })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return res.body
    }

    test('a Brazilian pizzeria: São Paulo greeting, "1" to two menus in a row, one name twice, pt-BR money, date and time to the bridge', async () => {
      const bot = await publish(pizzaria(bridgeUrl))
      const before = Date.now()
      const started = await running.api.call('POST', `/api/v1/typebots/${bot.publicId}/startChat`, {})
      assert.equal(started.status, 200, JSON.stringify(started.body))
      const greeting = said(started.body)[0].split('!')[0]
      assert.ok(around(before, Date.now(), greetingAt).has(greeting), `"${greeting}" at ${new Date().toISOString()}`)
      const sessionId = started.body.sessionId

      // "1" (the menu), then "1" again to the next menu as soon as it shows: two answers, each to its own question.
      assert.deepEqual(said(await reply(sessionId, '1')), ['Calabresa R$ 49,90 · Margherita R$ 45,90. Digite 1 para fazer o pedido ou 2 para sair.'])
      assert.deepEqual(said(await reply(sessionId, '1')), ['Qual é o seu nome?'])
      assert.deepEqual(said(await reply(sessionId, 'Ana')), ['E o nome de quem vai receber a pizza?'])
      const sentAt = Date.now()
      const last = await reply(sessionId, 'Ana')
      const doneAt = Date.now()

      const total = (2 * 49.9).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
      const dates = around(sentAt, doneAt, (d) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }))
      const times = around(sentAt, doneAt, (d) => d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' }))
      assert.equal(posted.length, 1, 'one post to the bridge')
      const payload = posted[0] as Record<string, string>
      assert.equal(payload.nome, 'Ana')
      assert.equal(payload.recebedor, 'Ana')
      assert.equal(payload.total, total)
      assert.ok(dates.has(payload.data), `data ${payload.data} (V8: ${[...dates]})`)
      assert.ok(times.has(payload.hora), `hora ${payload.hora} (V8: ${[...times]})`)
      assert.deepEqual(said(last), [`Pedido de ${total} registrado para Ana em ${payload.data} às ${payload.hora}.`])
    })

    test('a Mexican clinic: days as dynamic buttons, Mexico City date and hours, a list never set keeps its block', async () => {
      const bot = await publish(clinica())
      const started = await running.api.call('POST', `/api/v1/typebots/${bot.publicId}/startChat`, {})
      assert.equal(started.status, 200, JSON.stringify(started.body))
      assert.deepEqual(
        started.body.input.items.map((i: { content: string }) => i.content),
        ['Lunes', 'Martes', 'Miércoles'],
      )
      const at = Date.now()
      const next = await reply(started.body.sessionId, 'Martes')
      const fecha = around(at, Date.now(), (d) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', timeZone: 'America/Mexico_City' }).format(d))
      const abierto = around(at, Date.now(), (d) => {
        const hora = Number(new Intl.DateTimeFormat('es-MX', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/Mexico_City' }).format(d))
        return hora >= 8 && hora < 20 ? 'sí' : 'no'
      })
      const [resumen, pregunta] = said(next)
      const match = /^Cita el Martes\. Hoy es (.+)\. ¿Abierto ahora\? (sí|no)\.$/.exec(resumen)
      assert.ok(match, resumen)
      assert.ok(fecha.has(match[1]), `${match[1]} (V8: ${[...fecha]})`)
      assert.ok(abierto.has(match[2]), `${match[2]} (V8: ${[...abierto]})`)
      assert.equal(pregunta, '¿A qué hora?')
      // The unset list: the block's own button, which its answer passes.
      const offered = next.input.items.map((i: { content: string }) => i.content)
      assert.equal(offered.length, 1, JSON.stringify(offered))
      assert.deepEqual(said(await reply(started.body.sessionId, offered[0])), ['Gracias, le esperamos.'])
    })
  })
