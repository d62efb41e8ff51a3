// Messaging channels against loopback stand-ins of Meta's Graph API and Telegram's Bot API, on the test backend:
// verification, signatures, bubbles and inputs, two contacts, start conditions, repeats, stale and malformed payloads.
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { Writable } from 'node:stream'
import { startServicePeer, type ServicePeer } from '../support/servicePeer.js'
import { importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const SECRET = 'channels-test-encryption-secret'
const APP_SECRET = 'meta-app-secret'
const PHONE_ID = '106540352242922'

const text = (id: string, t: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: t }] }] } })
const noTyping = { typingEmulation: { enabled: false } }

/** Hello → name question → choice of three → "Thanks {{Name}}, you chose {{Pick}}" */
const greeter = (extra: Record<string, unknown> = {}) => ({
  version: '6',
  name: 'Greeter',
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e0' }],
  variables: [
    { id: 'vName', name: 'Name' },
    { id: 'vPick', name: 'Pick' },
    { id: 'vContact', name: 'Contact' },
    { id: 'vEnv', name: 'Env' },
    { id: 'vFiles', name: 'Files' },
  ],
  groups: [
    {
      id: 'g1',
      title: 'Start',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 'sc', type: 'Set variable', options: { variableId: 'vContact', type: 'Contact name' } },
        { id: 'se', type: 'Set variable', options: { variableId: 'vEnv', type: 'Environment name' } },
        {
          ...text('b1', 'Hello {{Contact}} on {{Env}}! *What is your name?*'),
          content: { richText: [{ type: 'p', children: [{ text: 'Hello {{Contact}} on {{Env}}! ' }, { text: 'What is your name?', bold: true }] }] },
        },
        { id: 'i1', type: 'text input', options: { variableId: 'vName', attachments: { isEnabled: true, saveVariableId: 'vFiles' } } },
        text('b2', 'Pick one'),
        {
          id: 'i2',
          type: 'choice input',
          items: [
            { id: 'c1', content: 'Red' },
            { id: 'c2', content: 'A very long green option title' },
            { id: 'c3', content: 'Blue' },
            { id: 'c4', content: 'Yellow' },
          ],
          options: { variableId: 'vPick' },
        },
        text('b3', 'Thanks {{Name}}, you chose {{Pick}}'),
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  theme: {},
  settings: { ...noTyping, ...extra },
})

let eventSeq = 0
/** A WhatsApp event with one contact message, as Meta posts it (`at`: when it was sent). */
const whatsAppEvent = (from: string, body: Record<string, unknown>, options: { name?: string; phoneId?: string; at?: number } = {}) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550100', phone_number_id: options.phoneId ?? PHONE_ID },
            contacts: [{ wa_id: from, profile: { name: options.name ?? 'Ana' } }],
            messages: [{ id: `wamid.${++eventSeq}`, from, timestamp: String(Math.floor((options.at ?? Date.now()) / 1000)), ...body }],
          },
        },
      ],
    },
  ],
})

/** A server on the test backend whose log lines are kept (to check no secret reaches them), with an owner. */
const channelServer = async (env: Record<string, string>) => {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const s = await startTestServer({ ENCRYPTION_SECRET: SECRET, LOG_LEVEL: 'debug', ...env }, { logStream })
  return { s, owner: await userWithWorkspace(s), lines }
}

/** Stores channel credentials for the owner's workspace; answers their id. */
const addCredentials = async (
  s: TestServer,
  owner: { token: string; workspaceId: string },
  type: string,
  name: string,
  data: Record<string, string>,
) => {
  const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, { token: owner.token, body: { type, name, data } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.credentials.id as string
}

/** Imports a bot, binds it to channel credentials (an import drops such fields, as Typebot's), publishes it. */
const boundBot = async (s: TestServer, owner: { token: string; workspaceId: string }, bot: unknown, binding: Record<string, string>) => {
  const imported = await importBot(s, owner.token, owner.workspaceId, bot)
  const patched = await s.call('PATCH', `/v1/bots/${imported.id}`, { token: owner.token, body: { bot: binding } })
  assert.equal(patched.status, 200, JSON.stringify(patched.body))
  assert.equal((await s.call('POST', `/v1/bots/${imported.id}/publish`, { token: owner.token })).status, 200)
  return imported.id as string
}

const until = async <T>(read: () => T | undefined, what: string, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('WhatsApp (Meta Cloud API)', () => {
  let s: TestServer
  let graph: ServicePeer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let credentialsId: string
  let botId: string
  const sent = () => graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages'))
  const sentTo = (to: string) => sent().filter((r) => r.body.to === to)
  let lines: string[] = []

  before(async () => {
    graph = await startServicePeer((req) => {
      if (req.path === `/v17.0/${PHONE_ID}`) {
        if (req.headers.authorization !== 'Bearer EAAG-system-token') return { status: 400, json: { error: { message: 'Unsupported get request.' } } }
        return { json: { id: PHONE_ID } }
      }
      if (req.path === '/v17.0/media-1') return { json: { url: `${graph.url}/files/media-1`, mime_type: 'image/png', file_size: 4 } }
      if (req.path === '/files/media-1') return { text: 'PNG!', headers: { 'content-type': 'image/png' } }
      if (req.path.endsWith('/messages') && req.body?.to === '5599000000000')
        return { status: 400, json: { error: { message: 'Recipient not allowed', code: 131030 } } }
      return { json: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.x' }] } }
    })
    ;({ s, owner, lines } = await channelServer({ WHATSAPP_CLOUD_API_URL: graph.url }))
    credentialsId = await addCredentials(s, owner, 'whatsApp', '+1 555 0100', {
      systemUserAccessToken: 'EAAG-system-token',
      phoneNumberId: PHONE_ID,
      appSecret: APP_SECRET,
    })
    botId = await boundBot(s, owner, greeter({ whatsApp: { isEnabled: true } }), { whatsAppCredentialsId: credentialsId })
  })
  after(async () => {
    await s?.stop()
    await graph?.close()
  })

  const hook = () => `/api/v1/workspaces/${owner.workspaceId}/whatsapp/${credentialsId}/webhook`
  const post = (payload: unknown, options: { sign?: string | false } = {}) => {
    const raw = JSON.stringify(payload)
    const signature = options.sign === false ? undefined : (options.sign ?? `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`)
    return s.call('POST', hook(), {
      token: null,
      raw,
      headers: { 'content-type': 'application/json', ...(signature && { 'x-hub-signature-256': signature }) },
    })
  }
  const message = whatsAppEvent

  test('verification: a generated token answers the challenge once; a wrong one is 401', async () => {
    const token = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/whatsapp/verificationToken`, { token: owner.token })
    assert.equal(token.status, 200)
    const q = (t: string) => `${hook()}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(t)}&hub.challenge=1158201444`
    const ok = await s.call('GET', q(token.body.verificationToken), { token: null })
    assert.equal(ok.status, 200)
    assert.equal(String(ok.body), '1158201444')
    assert.equal((await s.call('GET', q(token.body.verificationToken), { token: null })).status, 401)
    assert.equal((await s.call('GET', q('wrong'), { token: null })).status, 401)
  })

  test('signatures and malformed payloads', async () => {
    assert.equal((await post(message('5511', { type: 'text', text: { body: 'hi' } }), { sign: `sha256=${'0'.repeat(64)}` })).status, 401)
    assert.equal((await post(message('5511', { type: 'text', text: { body: 'hi' } }), { sign: false })).status, 401)
    const raw = 'not json'
    const sig = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`
    assert.equal(
      (await s.call('POST', hook(), { token: null, raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig } })).status,
      400,
    )
    assert.equal((await post({ object: 'whatsapp_business_account' })).status, 400)
    const none = await s.call('POST', `/api/v1/workspaces/${owner.workspaceId}/whatsapp/nope/webhook`, {
      token: null,
      raw: '{}',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(none.status, 404)
    assert.equal(sent().length, 0)
  })

  test('a conversation: bubbles, the question, buttons of three with the prompt as body, the answer by id, results stored', async () => {
    const from = '5511999990001'
    assert.equal((await post(message(from, { type: 'text', text: { body: 'hi' } }, { name: 'Ana' }))).status, 200)
    const hello = await until(() => sentTo(from)[0], 'the greeting')
    assert.equal(hello.headers.authorization, 'Bearer EAAG-system-token')
    assert.equal(hello.path, `/v21.0/${PHONE_ID}/messages`)
    assert.deepEqual(hello.body, {
      messaging_product: 'whatsapp',
      to: from,
      type: 'text',
      text: { body: 'Hello Ana on whatsapp! *What is your name?*' },
    })
    await post(message(from, { type: 'text', text: { body: 'Bia' } }))
    const buttons = await until(() => (sentTo(from).length >= 3 ? sentTo(from).slice(1) : undefined), 'the buttons')
    assert.equal(buttons[0].body.type, 'interactive')
    assert.equal(buttons[0].body.interactive.body.text, 'Pick one')
    assert.deepEqual(
      buttons[0].body.interactive.action.buttons.map((b: any) => [b.reply.id, b.reply.title]),
      [
        ['c1', 'Red'],
        ['c2', 'A very long green ..'],
        ['c3', 'Blue'],
      ],
    )
    assert.equal(buttons[1].body.interactive.body.text, '―')
    assert.deepEqual(
      buttons[1].body.interactive.action.buttons.map((b: any) => b.reply.id),
      ['c4'],
    )
    await post(
      message(from, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'c2', title: 'A very long green ..' } } }),
    )
    const thanks = await until(() => sentTo(from)[3], 'the thanks')
    assert.equal(thanks.body.text.body, 'Thanks Bia, you chose A very long green option title')
    const results = await s.call('GET', `/v1/bots/${botId}/results?timeFilter=allTime`, { token: owner.token })
    const result = results.body.results.find((r: any) => r.answers.some((a: any) => a.content === 'Bia'))
    assert.ok(result, JSON.stringify(results.body))
    assert.deepEqual(
      result.answers.map((a: any) => a.content),
      ['Bia', 'A very long green option title'],
    )
    assert.equal(result.variables.find((v: any) => v.name === 'Contact')?.value, 'Ana')
    // Counted as chat turns, with the channel as their surface.
    const turns = await s.metrics.registry.getSingleMetricAsString('parley_chat_turns_total')
    assert.match(turns, /parley_chat_turns_total\{surface="whatsapp",kind="start"\} [1-9]/)
    assert.match(turns, /parley_chat_turns_total\{surface="whatsapp",kind="continue"\} [2-9]/)
  })

  test('two contacts keep their own chats; a repeated message is answered once; stale and foreign messages are ignored', async () => {
    const a = '5511999990002'
    const b = '5511999990003'
    const first = message(a, { type: 'text', text: { body: 'hi' } }, { name: 'Caio' })
    await Promise.all([post(first), post(first), post(message(b, { type: 'text', text: { body: 'hi' } }, { name: 'Duda' }))])
    await until(() => (sentTo(a).length && sentTo(b).length ? true : undefined), 'both greetings')
    await post(message(a, { type: 'text', text: { body: 'old' } }, { at: Date.now() - 4 * 60_000 }))
    await post(message(a, { type: 'text', text: { body: 'Caio' } }, { phoneId: '999' }))
    await post(message(b, { type: 'text', text: { body: 'Duda' } }))
    await until(() => (sentTo(b).length >= 2 ? true : undefined), "b's buttons")
    await s.app.conversationRunner.idle()
    assert.equal(sentTo(a).length, 1, JSON.stringify(sentTo(a).map((r) => r.body)))
    assert.match(sentTo(b)[0].body.text.body, /Hello Duda/)
  })

  test('an image sent to a text question is stored as an attachment of the answer', async () => {
    const from = '5511999990004'
    await post(message(from, { type: 'text', text: { body: 'hi' } }))
    await until(() => sentTo(from)[0], 'the greeting')
    await post(message(from, { type: 'image', image: { id: 'media-1', mime_type: 'image/png', caption: 'Me' } }))
    await until(() => sentTo(from)[1], 'the buttons')
    assert.ok(graph.requests.some((r) => r.path === '/v17.0/media-1' && r.headers.authorization === 'Bearer EAAG-system-token'))
    assert.ok(graph.requests.some((r) => r.path === '/files/media-1' && r.headers.authorization === 'Bearer EAAG-system-token'))
    const results = await s.call('GET', `/v1/bots/${botId}/results?timeFilter=allTime`, { token: owner.token })
    const result = results.body.results.find((r: any) => r.answers.some((a: any) => a.content === 'Me'))
    assert.ok(result, JSON.stringify(results.body.results.map((r: any) => r.answers)))
    const [url] = result.answers.find((a: any) => a.content === 'Me').attachedFileUrls
    assert.match(url, /\.png$/)
    const file = await fetch(url)
    assert.equal(file.status, 200)
    assert.equal(await file.text(), 'PNG!')
  })

  test('a message the Graph API refuses is logged on the result', async () => {
    const from = '5599000000000'
    await post(message(from, { type: 'text', text: { body: 'hi' } }))
    await until(() => sentTo(from)[0], 'the attempt')
    await s.app.conversationRunner.idle()
    // The chat has no answer yet, so results listings leave it out: its logs are read where they are stored.
    const logs = await s.store.db.selectFrom('logs').selectAll().execute()
    const refused = logs.find((l) => /WhatsApp refused/.test(l.description))
    assert.ok(refused && /Recipient not allowed/.test(refused.details ?? ''), JSON.stringify(logs))
  })

  test('credentials for a phone number ID their token cannot read are refused (another tenant’s number)', async () => {
    const other = await userWithWorkspace(s, 'Mallory')
    const res = await s.call('POST', `/v1/workspaces/${other.workspaceId}/credentials`, {
      token: other.token,
      body: { type: 'whatsApp', name: 'Not mine', data: { systemUserAccessToken: 'EAAG-other', phoneNumberId: PHONE_ID } },
    })
    assert.equal(res.status, 400)
    assert.match(res.body.message, /Unsupported get request/)
  })

  test('status callbacks are not messages; the /v1 alias and a check that is not a subscription', async () => {
    const before = sent().length
    const statuses = {
      entry: [
        {
          changes: [{ value: { metadata: { phone_number_id: PHONE_ID }, statuses: [{ id: 'wamid.1', status: 'delivered', recipient_id: '5511' }] } }],
        },
      ],
    }
    assert.equal((await post(statuses)).status, 200)
    await s.app.conversationRunner.idle()
    assert.equal(sent().length, before)
    const alias = `/v1/workspaces/${owner.workspaceId}/whatsapp/${credentialsId}/webhook`
    assert.equal((await s.call('GET', `${alias}?hub.mode=unsubscribe&hub.verify_token=x&hub.challenge=1`, { token: null })).status, 400)
    const raw = JSON.stringify(statuses)
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`
    const res = await s.call('POST', alias, { token: null, raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } })
    assert.equal(res.status, 200)
  })

  test('an invalid answer gets the retry text as the buttons’ body', async () => {
    const from = '5511999990009'
    await post(message(from, { type: 'text', text: { body: 'hi' } }))
    await post(message(from, { type: 'text', text: { body: 'Rui' } }))
    await s.app.conversationRunner.idle()
    await post(message(from, { type: 'text', text: { body: 'purple' } }))
    await s.app.conversationRunner.idle()
    const retry = sentTo(from).slice(-2)
    assert.equal(retry[0].body.interactive.body.text, 'Invalid message. Please, try again.')
    assert.deepEqual(
      retry[0].body.interactive.action.buttons.map((b: any) => b.reply.id),
      ['c1', 'c2', 'c3'],
    )
  })

  test('no secret reaches the logs', () => {
    const all = lines.join('\n')
    assert.ok(all.includes('"channel"'), 'the channel logged something')
    for (const secret of ['EAAG-system-token', APP_SECRET]) assert.ok(!all.includes(secret), secret)
  })
})

describe('WhatsApp: which bot answers, and when a chat starts over', () => {
  let s: TestServer
  let graph: ServicePeer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let credentialsId: string
  let lines: string[] = []
  const sentTo = (to: string) => graph.requests.filter((r) => r.path.endsWith('/messages') && r.body?.to === to)
  const say = (id: string, words: string) => ({
    version: '6',
    name: id,
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e0' }],
    variables: [{ id: 'vA', name: 'A' }],
    groups: [
      {
        id: 'g',
        title: 'G',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [text(`${id}-b`, words), { id: `${id}-i`, type: 'text input', options: { variableId: 'vA' } }],
      },
    ],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g' } }],
    theme: {},
  })

  before(async () => {
    graph = await startServicePeer((req) => (req.method === 'GET' ? { json: { id: PHONE_ID } } : { json: { messages: [{ id: 'wamid.out' }] } }))
    ;({ s, owner, lines } = await channelServer({ WHATSAPP_CLOUD_API_URL: graph.url }))
    credentialsId = await addCredentials(s, owner, 'whatsApp', 'Shop', { systemUserAccessToken: 'EAAG-secret-system-token', phoneNumberId: PHONE_ID })
    const bind = { whatsAppCredentialsId: credentialsId }
    const orders = { whatsApp: { isEnabled: true, startCondition: { comparisons: [{ id: 'c', comparisonOperator: 'Contains', value: 'ORDER' }] } } }
    const vip = {
      whatsApp: {
        isEnabled: true,
        startCondition: {
          logicalOperator: 'OR',
          comparisons: [
            { id: 'c1', comparisonOperator: 'Starts with', value: 'vip' },
            { id: 'c2', comparisonOperator: 'Matches regex', value: '^gold\\d+$' },
          ],
        },
      },
    }
    await boundBot(s, owner, { ...say('disabled', 'I am off'), settings: { ...noTyping, whatsApp: { isEnabled: false } } }, bind)
    await boundBot(s, owner, { ...say('orders', 'Order desk'), settings: { ...noTyping, ...orders } }, bind)
    await boundBot(s, owner, { ...say('vip', 'VIP desk'), settings: { ...noTyping, ...vip } }, bind)
    // Scheduled bots (settings.general.opensAt/closesAt): one past its closing time, one inside its window.
    const keyword = (value: string) => ({ isEnabled: true, startCondition: { comparisons: [{ id: 'c', comparisonOperator: 'Contains', value }] } })
    const closedSale = { general: { closesAt: '2020-01-01T00:00:00Z' }, whatsApp: keyword('SALE') }
    await boundBot(s, owner, { ...say('sale', 'Sale desk'), settings: { ...noTyping, ...closedSale } }, bind)
    const openSpring = { general: { opensAt: '2020-01-01T00:00:00Z', closesAt: '2999-01-01T00:00:00Z' }, whatsApp: keyword('SPRING') }
    await boundBot(s, owner, { ...say('spring', 'Spring desk'), settings: { ...noTyping, ...openSpring } }, bind)
    await boundBot(
      s,
      owner,
      { ...say('default', 'Front desk'), settings: { ...noTyping, whatsApp: { isEnabled: true, sessionExpiryTimeout: 1 } } },
      bind,
    )
  })
  after(async () => {
    await s?.stop()
    await graph?.close()
  })

  const hook = () => `/api/v1/workspaces/${owner.workspaceId}/whatsapp/${credentialsId}/webhook`
  const write = (from: string, body: string) =>
    s.call('POST', hook(), {
      token: null,
      headers: { 'content-type': 'application/json' },
      raw: JSON.stringify(whatsAppEvent(from, { type: 'text', text: { body } }, { name: 'Eva' })),
    })
  const firstReply = async (from: string, body: string) => {
    await write(from, body)
    await s.app.conversationRunner.idle()
    return sentTo(from).at(-1)?.body.text.body
  }

  test('the first bot whose start condition takes the message answers, else the one without a condition', async () => {
    assert.equal(await firstReply('5521000000001', 'I want to track my order please'), 'Order desk')
    assert.equal(await firstReply('5521000000002', 'VIP access'), 'VIP desk')
    assert.equal(await firstReply('5521000000003', 'gold42'), 'VIP desk')
    assert.equal(await firstReply('5521000000004', 'hello'), 'Front desk')
  })

  test('a bot outside its scheduled window starts no chat: the message goes to the next bot that takes it', async () => {
    assert.equal(await firstReply('5521000000006', 'big SALE today?'), 'Front desk')
    assert.equal(await firstReply('5521000000007', 'SPRING offer'), 'Spring desk')
  })

  test('a chat quiet for longer than its expiry starts over with the bot the new message chooses', async () => {
    const from = '5521000000005'
    assert.equal(await firstReply(from, 'hello'), 'Front desk')
    const sessionId = `wa-${PHONE_ID}-${from}`
    // Still waiting on the question: the next message is its answer (no new greeting).
    await write(from, 'my answer')
    await s.app.conversationRunner.idle()
    assert.equal(sentTo(from).length, 1)
    assert.equal((await s.store.chats.session(sessionId)) === undefined, true, 'the chat ended with the answer')
    assert.equal(await firstReply(from, 'hello again'), 'Front desk')
    // An hour and a minute later (the bot's expiry is one hour), the order keyword picks the order desk.
    const past = new Date(Date.now() - 61 * 60_000).toISOString()
    await s.store.db.updateTable('chatSessions').set({ updatedAt: past }).where('id', '=', sessionId).execute()
    assert.equal(await firstReply(from, 'order status'), 'Order desk')
  })

  test('no secret reaches the logs', () => {
    const all = lines.join('\n')
    assert.ok(all.length > 0)
    assert.ok(!all.includes('EAAG-secret-system-token'))
  })
})

describe('Telegram (Bot API)', () => {
  let s: TestServer
  let telegram: ServicePeer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let credentialsId: string
  const TOKEN = '7001:AAH-telegram-bot-token'
  const calls = (method: string) => telegram.requests.filter((r) => r.path === `/bot${TOKEN}/${method}`)
  let lines: string[] = []

  before(async () => {
    telegram = await startServicePeer((req) => {
      if (req.path.endsWith('/getMe') && req.path.includes('revoked')) return { status: 401, json: { ok: false, description: 'Unauthorized' } }
      if (req.path.endsWith('/getMe'))
        return { json: { ok: true, result: { id: Number(req.path.split('/')[1].slice(3).split(':')[0]), is_bot: true } } }
      if (req.path.endsWith('/getFile'))
        return { json: { ok: true, result: { file_id: req.body.file_id, file_path: 'photos/file_1.jpg', file_size: 4 } } }
      if (req.path === `/file/bot${TOKEN}/photos/file_1.jpg`) return { text: 'JPG!' }
      if (req.path.endsWith('/setWebhook') && !String(req.body.url).startsWith('http'))
        return { status: 400, json: { ok: false, description: 'Bad Request: bad webhook' } }
      return { json: { ok: true, result: true } }
    })
    ;({ s, owner, lines } = await channelServer({ TELEGRAM_API_URL: telegram.url }))
    credentialsId = await addCredentials(s, owner, 'telegram', '@parley_test_bot', { botToken: TOKEN, secretToken: 'tg-secret_1' })
    await boundBot(s, owner, greeter({ telegram: { isEnabled: true } }), { telegramCredentialsId: credentialsId })
  })
  after(async () => {
    await s?.stop()
    await telegram?.close()
  })

  const hook = () => `/api/v1/workspaces/${owner.workspaceId}/telegram/${credentialsId}/webhook`
  let updateId = 1000
  const update = (body: Record<string, unknown>, secret = 'tg-secret_1', id = ++updateId) =>
    s.call('POST', hook(), {
      token: null,
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      raw: JSON.stringify({ update_id: id, ...body }),
    })
  const from = { id: 42, first_name: 'Gil', last_name: 'Sá' }
  const msg = (fields: Record<string, unknown>) => ({
    message: { message_id: updateId, from, chat: { id: 42, type: 'private' }, date: Math.floor(Date.now() / 1000), ...fields },
  })

  test('credentials need a bot token; setWebhook is done for the user with the secret', async () => {
    const bad = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'telegram', name: 'x', data: { secretToken: 'a' } },
    })
    assert.equal(bad.status, 400)
    // Telegram is asked: a token it refuses is not stored.
    const revoked = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'telegram', name: 'x', data: { botToken: '7001:revoked' } },
    })
    assert.equal(revoked.status, 400)
    assert.match(revoked.body.message, /Unauthorized/)
    const set = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/telegram/${credentialsId}/setWebhook`, { token: owner.token })
    assert.equal(set.status, 200, JSON.stringify(set.body))
    assert.match(set.body.url, new RegExp(`/api/v1/workspaces/${owner.workspaceId}/telegram/${credentialsId}/webhook$`))
    const call = calls('setWebhook').at(-1)!
    assert.equal(call.body.url, set.body.url)
    assert.equal(call.body.secret_token, 'tg-secret_1')
    assert.equal((await s.call('POST', `/v1/workspaces/${owner.workspaceId}/telegram/${credentialsId}/setWebhook`, { token: null })).status, 401)
  })

  test('the secret token is checked; malformed updates are 400', async () => {
    assert.equal((await update(msg({ text: 'hi' }), 'wrong')).status, 401)
    assert.equal(
      (await s.call('POST', hook(), { token: null, headers: { 'x-telegram-bot-api-secret-token': 'tg-secret_1' }, raw: '{"nope":1}' })).status,
      400,
    )
    assert.equal(
      (await s.call('POST', hook(), { token: null, headers: { 'x-telegram-bot-api-secret-token': 'tg-secret_1' }, raw: 'nope' })).status,
      400,
    )
    // Ten minutes old (Telegram kept it while the webhook was down): not answered.
    const stale = { message: { message_id: 1, from, chat: { id: 43 }, date: Math.floor(Date.now() / 1000) - 600, text: 'hi' } }
    assert.equal((await update(stale)).status, 200)
    await s.app.conversationRunner.idle()
    assert.equal(calls('sendMessage').length, 0)
  })

  test('a conversation: HTML text, an inline keyboard under the question, a tapped button continues the chat', async () => {
    const first = await update(msg({ text: 'hi' }))
    assert.equal(first.status, 200)
    const repeatId = updateId
    await update(msg({ text: 'hi' }), undefined, repeatId)
    await s.app.conversationRunner.idle()
    const hello = calls('sendMessage')
    assert.equal(hello.length, 1, 'a repeated update_id is ignored')
    assert.equal(hello[0].body.chat_id, 42)
    assert.equal(hello[0].body.parse_mode, 'HTML')
    assert.equal(hello[0].body.text, 'Hello Gil Sá on telegram! <b>What is your name?</b>')
    await update(msg({ text: 'Gil' }))
    await s.app.conversationRunner.idle()
    const question = calls('sendMessage')[1]
    assert.equal(question.body.text, 'Pick one')
    assert.deepEqual(
      question.body.reply_markup.inline_keyboard.map((row: any[]) => row.map((b) => [b.text, b.callback_data])),
      [[['Red', 'c1']], [['A very long green option title', 'c2']], [['Blue', 'c3']], [['Yellow', 'c4']]],
    )
    await update({
      callback_query: {
        id: 'cb-1',
        from,
        data: 'c3',
        message: { message_id: 9, chat: { id: 42 }, date: Math.floor(Date.now() / 1000) - 600, reply_markup: question.body.reply_markup },
      },
    })
    await s.app.conversationRunner.idle()
    assert.equal(calls('answerCallbackQuery').at(-1)?.body.callback_query_id, 'cb-1')
    assert.equal(calls('sendMessage')[2].body.text, 'Thanks Gil, you chose Blue')
  })

  test('a photo sent to a text question that takes attachments is fetched through getFile and stored', async () => {
    await update(msg({ text: 'hi again' }))
    await s.app.conversationRunner.idle()
    const before = calls('sendMessage').length
    await update(
      msg({
        photo: [
          { file_id: 'small', file_size: 1 },
          { file_id: 'large', file_size: 4 },
        ],
        caption: 'Me',
      }),
    )
    await s.app.conversationRunner.idle()
    assert.equal(calls('getFile').at(-1)?.body.file_id, 'large')
    assert.ok(telegram.requests.some((r) => r.path === `/file/bot${TOKEN}/photos/file_1.jpg`))
    assert.equal(calls('sendMessage')[before]?.body.text, 'Pick one')
    const stored = await s.store.db.selectFrom('answers').select(['content', 'attachedFileUrls']).where('content', '=', 'Me').execute()
    assert.equal(stored.length, 1)
    assert.match(String(stored[0].attachedFileUrls), /photo-\d+\.jpg/)
  })

  test('no secret reaches the logs', () => {
    const all = lines.join('\n')
    assert.ok(all.length > 0)
    assert.ok(!all.includes('AAH-telegram-bot-token'))
    assert.ok(!all.includes('tg-secret_1'))
  })
})

describe('WhatsApp: every input kind, actions, and a webhook block resumed by its call', () => {
  let s: TestServer
  let graph: ServicePeer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let credentialsId: string
  let botId: string
  const sentTo = (to: string) => graph.requests.filter((r) => r.path.endsWith('/messages') && r.body?.to === to).map((r) => r.body)
  const blocks = [
    { id: 'img', type: 'image', content: { url: 'https://cdn.example.com/cat.png' } },
    { id: 'gif', type: 'image', content: { url: 'https://cdn.example.com/dance.gif' } },
    { id: 'vid', type: 'video', content: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
    { id: 'aud', type: 'audio', content: { url: 'https://cdn.example.com/hello.mp3' } },
    { id: 'emb', type: 'embed', content: { url: 'https://maps.example.com/shop' } },
    { id: 'red', type: 'Redirect', options: { url: 'https://example.com/terms' } },
    { id: 'wait', type: 'Wait', options: { secondsToWaitFor: '0' } },
    {
      id: 'pics',
      type: 'picture choice input',
      items: [
        { id: 'p1', title: 'Cat', description: 'Small', pictureSrc: 'https://cdn.example.com/cat.png' },
        { id: 'p2', title: 'Dog', pictureSrc: 'https://cdn.example.com/dog.png' },
      ],
      options: { variableId: 'vA' },
    },
    text('extras', 'Which extras?'),
    {
      id: 'multi',
      type: 'choice input',
      items: [
        { id: 'x1', content: 'Milk' },
        { id: 'x2', content: 'Sugar' },
        { id: 'x3', content: 'Ice' },
      ],
      options: { isMultipleChoice: true, variableId: 'vD' },
    },
    { id: 'phone', type: 'Set variable', options: { variableId: 'vE', type: 'Phone number' } },
    {
      id: 'cards',
      type: 'cards',
      items: [
        {
          id: 'k1',
          title: 'Plan',
          description: 'Monthly',
          imageUrl: 'https://cdn.example.com/plan.png',
          paths: [
            { id: 'path1', text: 'Buy' },
            { id: 'path2', text: 'Later' },
          ],
        },
      ],
    },
    text('ask', 'Send your ID card'),
    { id: 'file', type: 'file input', options: { variableId: 'vB' } },
    text('hold', 'Checking…'),
    { id: 'hook', type: 'webhook', options: { responseVariableMapping: [{ id: 'm', variableId: 'vC', bodyPath: 'data.status' }] } },
    text('done', 'Status: {{C}}, file {{B}}, picked {{A}} with {{D}}, phone {{E}}'),
  ]
  const flow = {
    version: '6',
    name: 'Kinds',
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e0' }],
    variables: [
      { id: 'vA', name: 'A' },
      { id: 'vB', name: 'B' },
      { id: 'vC', name: 'C' },
      { id: 'vD', name: 'D' },
      { id: 'vE', name: 'E' },
    ],
    groups: [{ id: 'g', title: 'G', graphCoordinates: { x: 0, y: 0 }, blocks }],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g' } },
      { id: 'ec', from: { blockId: 'cards', itemId: 'k1', pathId: 'path1' }, to: { groupId: 'g', blockId: 'ask' } },
    ],
    theme: {},
    settings: { ...noTyping, whatsApp: { isEnabled: true } },
  }

  before(async () => {
    graph = await startServicePeer((req) => {
      if (req.path === `/v17.0/${PHONE_ID}`) return { json: { id: PHONE_ID } }
      if (req.path === '/v17.0/doc-1') return { json: { url: `${graph.url}/files/doc-1`, mime_type: 'application/pdf' } }
      if (req.path === '/files/doc-1') return { text: '%PDF-1.4 test', headers: { 'content-type': 'application/pdf' } }
      return { json: { messages: [{ id: 'wamid.out' }] } }
    })
    ;({ s, owner } = await channelServer({ WHATSAPP_CLOUD_API_URL: graph.url }))
    credentialsId = await addCredentials(s, owner, 'whatsApp', 'Kinds', { systemUserAccessToken: 'EAAG-kinds', phoneNumberId: PHONE_ID })
    botId = await boundBot(s, owner, flow, { whatsAppCredentialsId: credentialsId })
  })
  after(async () => {
    await s?.stop()
    await graph?.close()
  })

  const write = async (from: string, body: Record<string, unknown>) => {
    const res = await s.call('POST', `/api/v1/workspaces/${owner.workspaceId}/whatsapp/${credentialsId}/webhook`, {
      token: null,
      headers: { 'content-type': 'application/json' },
      raw: JSON.stringify(whatsAppEvent(from, body, { name: 'Ivo' })),
    })
    assert.equal(res.status, 200)
    await s.app.conversationRunner.idle()
  }

  test('media by link, GIFs left out, a video link, a redirect as a link, picture buttons with the Select label, cards with their paths', async () => {
    const from = '5531000000001'
    await write(from, { type: 'text', text: { body: 'start' } })
    const out = sentTo(from)
    assert.deepEqual(out[0], { messaging_product: 'whatsapp', to: from, type: 'image', image: { link: 'https://cdn.example.com/cat.png' } })
    assert.equal(out[1].type, 'text')
    assert.equal(out[1].text.body, 'https://www.youtube.com/embed/dQw4w9WgXcQ')
    assert.deepEqual(out[2], { messaging_product: 'whatsapp', to: from, type: 'audio', audio: { link: 'https://cdn.example.com/hello.mp3' } })
    assert.deepEqual(out[3].text, { body: 'https://maps.example.com/shop', preview_url: true })
    assert.deepEqual(out[4].text, { body: 'https://example.com/terms', preview_url: true })
    const pictures = out.slice(5)
    assert.equal(pictures.length, 2)
    assert.deepEqual(pictures[0].interactive.header, { type: 'image', image: { link: 'https://cdn.example.com/cat.png' } })
    assert.equal(pictures[0].interactive.body.text, '*Cat*\n\nSmall')
    assert.deepEqual(pictures[0].interactive.action.buttons, [{ type: 'reply', reply: { id: 'p1', title: 'Select' } }])
    const logs = await s.store.db.selectFrom('logs').select(['description']).execute()
    assert.ok(
      logs.some((l) => /GIF/.test(l.description)),
      JSON.stringify(logs),
    )

    await write(from, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'p2', title: 'Select' } } })
    // A multiple choice: one text, the question then the numbered items; answered with numbers.
    assert.deepEqual(sentTo(from).at(-1).text, { body: 'Which extras?\n\n1. Milk\n2. Sugar\n3. Ice' })
    await write(from, { type: 'text', text: { body: '1 and 3' } })
    const card = sentTo(from).at(-1)
    assert.equal(card.interactive.body.text, '*Plan*\n\nMonthly')
    assert.deepEqual(
      card.interactive.action.buttons.map((b: any) => [b.reply.id, b.reply.title]),
      [
        ['path1', 'Buy'],
        ['path2', 'Later'],
      ],
    )
  })

  test('a document sent to a file input is stored; a webhook call resumes the chat and its answer is sent', async () => {
    const from = '5531000000001'
    await write(from, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'path1', title: 'Buy' } } })
    assert.equal(sentTo(from).at(-1).text.body, 'Send your ID card')
    await write(from, { type: 'document', document: { id: 'doc-1', filename: 'id.pdf', mime_type: 'application/pdf' } })
    assert.equal(sentTo(from).at(-1).text.body, 'Checking…')
    // While the webhook block waits for its call, what the contact writes is not taken (Typebot's rule).
    const waiting = sentTo(from).length
    await write(from, { type: 'text', text: { body: 'are you there?' } })
    assert.equal(sentTo(from).length, waiting)
    const results = await s.call('GET', `/v1/bots/${botId}/results?timeFilter=allTime`, { token: owner.token })
    const result = results.body.results[0]
    const fileUrl = result.answers.find((a: any) => a.blockId === 'file').content
    assert.match(fileUrl, /id\.pdf$/)
    const delivered = await s.call('POST', `/v1/bots/${botId}/blocks/hook/results/${result.id}/executeWebhook`, {
      token: owner.token,
      body: { status: 'approved' },
    })
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body))
    await until(() => (sentTo(from).at(-1).text?.body.startsWith('Status') ? true : undefined), 'the resumed answer')
    assert.equal(sentTo(from).at(-1).text.body, `Status: approved, file ${fileUrl}, picked Dog with Milk, Ice, phone ${from}`)
  })
})
