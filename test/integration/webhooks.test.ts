// Outgoing webhooks against a local receiver on loopback that checks the signature of every request: a whole
// conversation's events, a receiver that is down, slow or failing, redelivery, the test ping, what turns write (and
// do not), access, and (PostgreSQL) two servers on one database delivering each event once. An idle dispatcher (no
// subscription anywhere) does not query the queue, yet delivers what another server queued within a few polls.
import assert from 'node:assert/strict'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { createWebhookDispatcher } from '../../src/app/webhookDispatcher.js'
import type { HttpRequest } from '../../src/engine/types.js'
import { openStore } from '../../src/store/index.js'
import { backend } from '../support/database.js'
import { addMember, importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const ENV = {
  ENCRYPTION_SECRET: 'webhooks-test-secret-0123456789',
  HTTP_REQUEST_ALLOWLIST: '127.0.0.1',
  PARLEY_WEBHOOK_POLL_MS: '50',
  PARLEY_WEBHOOK_RETRY_BASE_MS: '100',
  PARLEY_WEBHOOK_MAX_ATTEMPTS: '4',
  // Generous for a loaded machine; the slow receiver answers well beyond it.
  PARLEY_WEBHOOK_TIMEOUT_MS: '1000',
}

const twoQuestions = () => ({
  version: '6',
  groups: [
    {
      id: 'g1',
      title: 'Questions',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 'b0', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi' }] }] } },
        { id: 'q1', type: 'text input', options: { variableId: 'v1' } },
        { id: 'q2', type: 'number input', options: { variableId: 'v2' } },
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [
    { id: 'v1', name: 'Name' },
    { id: 'v2', name: 'Age' },
  ],
  theme: {},
  settings: {},
})

type Received = { headers: IncomingHttpHeaders; body: string; json: any; verified: boolean }

/** A webhook receiver: answers by `mode`, and checks every request's signature with `secret` (5-minute tolerance). */
const receiver = async (port = 0) => {
  const state = {
    secret: '',
    mode: 'ok' as 'ok' | 'fail' | 'slowOnce' | 'hang' | 'huge',
    received: [] as Received[],
    /** Requests open at once now, and at most so far. */
    open: 0,
    mostOpen: 0,
    server: undefined as Server | undefined,
    port,
  }
  const verify = (header: string, body: string) => {
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')))
    const t = Number(parts.t)
    if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false
    const expected = Buffer.from(createHmac('sha256', state.secret).update(`${t}.${body}`).digest('hex'))
    const given = Buffer.from(String(parts.v1))
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
  const listen = () =>
    new Promise<void>((resolve) => {
      const server = createServer((req, res) => {
        state.mostOpen = Math.max(state.mostOpen, ++state.open)
        res.on('close', () => state.open--)
        let body = ''
        req.on('data', (c) => {
          body += c
        })
        req.on('end', () => {
          state.received.push({ headers: req.headers, body, json: JSON.parse(body), verified: verify(String(req.headers['parley-signature']), body) })
          if (state.mode === 'fail') {
            res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'database unavailable' }))
          } else if (state.mode === 'slowOnce') {
            state.mode = 'ok'
            setTimeout(() => res.writeHead(200).end('late'), 3000)
          } else if (state.mode === 'huge') {
            res.writeHead(200).end(Buffer.alloc(20 * 1024 * 1024, 'a'))
          } else if (state.mode !== 'hang') res.writeHead(200).end('ok')
        })
      })
      server.listen(state.port, '127.0.0.1', () => {
        state.port = (server.address() as AddressInfo).port
        state.server = server
        resolve()
      })
    })
  const close = () =>
    new Promise<void>((resolve) => {
      if (!state.server) return resolve()
      state.server.closeAllConnections()
      state.server.close(() => resolve())
      state.server = undefined
    })
  await listen()
  return { state, listen, close, url: () => `http://127.0.0.1:${state.port}/hook` }
}

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 8000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe(`webhooks (${backend})`, () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    s = await startTestServer(ENV)
    owner = await userWithWorkspace(s)
  })
  after(() => s.stop())

  /** A published bot of the owner's workspace with a webhook on it pointing at `url`. */
  const setUp = async (url: string, events = ['result.started', 'answer.created', 'result.completed']) => {
    const bot = await importAndPublish(s, owner.token, owner.workspaceId, twoQuestions())
    const res = await s.call('POST', '/v1/webhooks', { token: owner.token, body: { workspaceId: owner.workspaceId, botId: bot.id, url, events } })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    return { bot, webhook: res.body.webhook, secret: res.body.secret as string }
  }
  const converse = async (bot: Record<string, any>, answers = ['Ada', '36']) => {
    const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    for (const message of answers) {
      const res = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
    }
  }
  const deliveries = async (webhookId: string) => {
    const res = await s.call('GET', `/v1/webhooks/${webhookId}/deliveries?limit=100`, { token: owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.deliveries as any[]
  }

  test('a whole conversation: result.started, answer.created × 2, result.completed, signed, with labels and variables', async () => {
    const r = await receiver()
    after(r.close)
    const { bot, webhook, secret } = await setUp(r.url())
    r.state.secret = secret
    await converse(bot)
    await waitFor('4 events', () => r.state.received.length >= 4)
    // Deliveries are concurrent, so they may arrive in any order (docs/webhooks.md): sorted here.
    const rank = ['result.started', 'answer.created', 'result.completed']
    const got = r.state.received.toSorted(
      (a, b) =>
        rank.indexOf(a.json.type) - rank.indexOf(b.json.type) || String(a.json.data.answer?.blockId).localeCompare(b.json.data.answer?.blockId),
    )
    assert.equal(got.length, 4)
    assert.ok(
      got.every((g) => g.verified),
      'every request carries a valid signature',
    )
    assert.deepEqual(
      got.map((g) => g.json.type),
      ['result.started', 'answer.created', 'answer.created', 'result.completed'],
    )
    for (const g of got) {
      assert.equal(g.headers['parley-event-id'], g.json.id)
      assert.equal(g.headers['parley-event-type'], g.json.type)
      assert.equal(g.headers['content-type'], 'application/json')
      assert.equal(g.json.botId, bot.id)
      assert.equal(g.json.workspaceId, owner.workspaceId)
    }
    assert.equal(new Set(got.map((g) => g.json.resultId)).size, 1)
    assert.deepEqual(got[1].json.data.answer, { blockId: 'q1', label: 'Name', value: 'Ada' })
    assert.deepEqual(got[2].json.data.answer, { blockId: 'q2', label: 'Age', value: '36' })
    assert.equal(got[1].json.data.variables.Name, 'Ada')
    const completed = got[3].json.data
    assert.deepEqual(completed.answers, [
      { label: 'Name', value: 'Ada' },
      { label: 'Age', value: '36' },
    ])
    assert.equal(completed.variables.Name, 'Ada')
    assert.equal(String(completed.variables.Age), '36')
    const log = await waitFor('delivered log', async () => {
      const list = await deliveries(webhook.id)
      return list.length === 4 && list.every((d) => d.status === 'delivered') && list
    })
    assert.ok(log.every((d) => d.lastStatusCode === 200 && d.attempts === 1 && d.responseExcerpt === 'ok'))
  })

  test('a receiver that is down, then up: delivered after retries, with the same event id', async () => {
    const r = await receiver()
    await r.close() // the port is now closed
    const { bot, webhook, secret } = await setUp(r.url(), ['result.completed'])
    r.state.secret = secret
    await converse(bot)
    const [failing] = await waitFor('a failed attempt', async () => {
      const list = await deliveries(webhook.id)
      return list.length === 1 && list[0].attempts >= 1 && list[0].lastError && list
    })
    assert.equal(failing.eventType, 'result.completed')
    assert.notEqual(failing.status, 'delivered')
    await r.listen()
    after(r.close)
    await waitFor('delivery', async () => (await deliveries(webhook.id))[0].status === 'delivered')
    const [done] = await deliveries(webhook.id)
    assert.ok(done.attempts >= 2, `attempts: ${done.attempts}`)
    assert.equal(r.state.received.length, 1)
    assert.equal(r.state.received[0].headers['parley-event-id'], failing.eventId)
    assert.ok(r.state.received[0].verified)
  })

  test('a receiver answering 500: retried, the log shows the status and the answer; after the last attempt, failed', async () => {
    const r = await receiver()
    after(r.close)
    r.state.mode = 'fail'
    const { bot, webhook, secret } = await setUp(r.url(), ['result.completed'])
    r.state.secret = secret
    await converse(bot)
    const [failed] = await waitFor('failed', async () => {
      const list = await deliveries(webhook.id)
      return list[0]?.status === 'failed' && list
    })
    assert.equal(failed.attempts, 4)
    assert.equal(failed.lastStatusCode, 500)
    assert.equal(failed.responseExcerpt, '{"error":"database unavailable"}')
    assert.equal(r.state.received.length, 4)
    assert.equal(new Set(r.state.received.map((g) => g.headers['parley-event-id'])).size, 1, 'one event id on every attempt')
    assert.ok(r.state.received.every((g) => g.verified))

    // Manual redelivery: same event id, delivered once the receiver is healthy.
    r.state.mode = 'ok'
    const again = await s.call('POST', `/v1/webhooks/${webhook.id}/deliveries/${failed.id}/redeliver`, { token: owner.token })
    assert.equal(again.status, 202)
    await waitFor('redelivered', async () => (await deliveries(webhook.id))[0].status === 'delivered')
    assert.equal(r.state.received.length, 5)
    assert.equal(r.state.received[4].headers['parley-event-id'], failed.eventId)
    const [done] = await deliveries(webhook.id)
    assert.equal(done.attempts, 1)
    assert.equal(done.lastStatusCode, 200)
  })

  test('a slow receiver (beyond the timeout) is retried', async () => {
    const r = await receiver()
    after(r.close)
    r.state.mode = 'slowOnce'
    const { bot, webhook, secret } = await setUp(r.url(), ['result.completed'])
    r.state.secret = secret
    await converse(bot)
    await waitFor('delivered', async () => (await deliveries(webhook.id))[0]?.status === 'delivered')
    const [done] = await deliveries(webhook.id)
    assert.equal(done.attempts, 2)
    assert.equal(r.state.received.length, 2)
    assert.equal(r.state.received[0].headers['parley-event-id'], r.state.received[1].headers['parley-event-id'])
  })

  test('the test route sends a signed ping to that webhook only', async () => {
    const r = await receiver()
    after(r.close)
    const { webhook, secret } = await setUp(r.url(), ['result.completed'])
    r.state.secret = secret
    const res = await s.call('POST', `/v1/webhooks/${webhook.id}/test`, { token: owner.token })
    assert.equal(res.status, 202)
    await waitFor('ping', () => r.state.received.length === 1)
    const [ping] = r.state.received
    assert.ok(ping.verified)
    assert.equal(ping.json.type, 'ping')
    assert.equal(ping.json.id, res.body.eventId)
    assert.deepEqual(ping.json.data, { webhookId: webhook.id })

    // A rotated secret signs what comes next.
    const rotated = await s.call('POST', `/v1/webhooks/${webhook.id}/rotateSecret`, { token: owner.token })
    assert.equal(rotated.status, 200)
    assert.notEqual(rotated.body.secret, secret)
    r.state.secret = rotated.body.secret
    await s.call('POST', `/v1/webhooks/${webhook.id}/test`, { token: owner.token })
    await waitFor('second ping', () => r.state.received.length === 2)
    assert.ok(r.state.received[1].verified)
  })

  test('a slow receiver with a long queue holds two slots at most: another webhook is delivered at once', async () => {
    const slow = await receiver()
    after(slow.close)
    slow.state.mode = 'hang'
    const a = await setUp(slow.url(), ['result.completed'])
    // More than every slot of the dispatcher, queued before B's event (the test route is rate-limited).
    for (let i = 0; i < 100; i++)
      await s.store.webhooks.addDirect({ ...a.webhook, enabled: true }, 'ping', (id) => JSON.stringify({ id, type: 'ping' }))
    await waitFor('A in flight', () => slow.state.received.length >= 2)
    const fast = await receiver()
    after(fast.close)
    const b = await setUp(fast.url(), ['result.completed'])
    fast.state.secret = b.secret
    await s.call('POST', `/v1/webhooks/${b.webhook.id}/test`, { token: owner.token })
    // Behind A's queue, B would wait for A's hundred requests to time out one batch after another: B comes before
    // A's queue is through (on a busy machine A's one-second timeouts may pass a few times first).
    let aWhenB = 0
    await waitFor('B delivered', () => {
      aWhenB = slow.state.received.length
      return fast.state.received.length === 1
    })
    assert.ok(aWhenB < 100, `A had ${aWhenB} requests before B was delivered`)
    assert.ok(slow.state.mostOpen <= 2, `A had ${slow.state.mostOpen} requests at once`)
    assert.equal((await s.call('DELETE', `/v1/webhooks/${a.webhook.id}`, { token: owner.token })).status, 200)
  })

  test('the test route allows 10 pings a minute per webhook', async () => {
    const { webhook } = await setUp('http://127.0.0.1:9/hook', ['result.completed'])
    for (let i = 0; i < 10; i++) assert.equal((await s.call('POST', `/v1/webhooks/${webhook.id}/test`, { token: owner.token })).status, 202)
    const refused = await s.call('POST', `/v1/webhooks/${webhook.id}/test`, { token: owner.token })
    assert.equal(refused.status, 429)
    assert.equal(refused.body.code, 'too_many_requests')
    assert.match(refused.body.message, /10 test pings per minute/)
    assert.equal((await s.call('DELETE', `/v1/webhooks/${webhook.id}`, { token: owner.token })).status, 200)
  })

  test('a receiver answering 200 with a 20 MB body: delivered once, its excerpt kept', async () => {
    const r = await receiver()
    after(r.close)
    r.state.mode = 'huge'
    const { webhook, secret } = await setUp(r.url(), ['result.completed'])
    r.state.secret = secret
    await s.call('POST', `/v1/webhooks/${webhook.id}/test`, { token: owner.token })
    const [done] = await waitFor('settled', async () => {
      const list = await deliveries(webhook.id)
      return list[0]?.lastAttemptAt && list[0].status !== 'delivering' && list
    })
    assert.equal(done.status, 'delivered', JSON.stringify(done.lastError))
    assert.equal(done.attempts, 1)
    assert.equal(done.lastStatusCode, 200)
    assert.equal(done.responseExcerpt, 'a'.repeat(1024))
    assert.equal(r.state.received.length, 1)
  })

  test('redelivery is refused while the delivery is being sent', async () => {
    const r = await receiver()
    after(r.close)
    r.state.mode = 'hang'
    const { webhook, secret } = await setUp(r.url(), ['result.completed'])
    r.state.secret = secret
    await s.call('POST', `/v1/webhooks/${webhook.id}/test`, { token: owner.token })
    const [sending] = await waitFor('delivering', async () => {
      const list = await deliveries(webhook.id)
      return list[0]?.status === 'delivering' && list
    })
    const refused = await s.call('POST', `/v1/webhooks/${webhook.id}/deliveries/${sending.id}/redeliver`, { token: owner.token })
    assert.equal(refused.status, 409)
    assert.equal(refused.body.code, 'conflict')
    assert.equal(refused.body.message, 'This delivery is being sent right now; try again once it is settled.')
    // Once settled (the attempt timed out, the retry went through), redelivery is accepted.
    r.state.mode = 'ok'
    await waitFor('delivered', async () => (await deliveries(webhook.id))[0].status === 'delivered')
    const again = await s.call('POST', `/v1/webhooks/${webhook.id}/deliveries/${sending.id}/redeliver`, { token: owner.token })
    assert.equal(again.status, 202)
    await waitFor('delivered again', () => r.state.received.length === 3)
  })

  test('turns write no event without a subscription that wants it, and previews never', async () => {
    const other = await userWithWorkspace(s, 'Quiet')
    const bot = await importAndPublish(s, other.token, other.workspaceId, twoQuestions())
    const count = async () =>
      Number(
        (
          await s.store.db
            .selectFrom('webhookEvents')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      )
    const before = await count()
    const start = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: other.token, body: {} })
    await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: other.token, body: { message: 'Ada' } })
    assert.equal(await count(), before, 'no subscription: nothing written')

    // A workspace-wide subscription to result.completed only: answering writes nothing, previews nothing at all.
    const sub = await s.call('POST', '/v1/webhooks', {
      token: other.token,
      body: { workspaceId: other.workspaceId, url: 'http://127.0.0.1:9/never', events: ['result.completed'] },
    })
    assert.equal(sub.status, 201)
    const start2 = await s.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: other.token, body: {} })
    await s.call('POST', `/v1/sessions/${start2.body.sessionId}/continueChat`, { token: other.token, body: { message: 'Ada' } })
    assert.equal(await count(), before, 'unwanted types: nothing written')
    const preview = await s.call('POST', `/v1/bots/${bot.id}/preview/startChat`, { token: other.token, body: {} })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    for (const message of ['Ada', '36'])
      await s.call('POST', `/v1/sessions/${preview.body.sessionId}/continueChat`, { token: other.token, body: { message } })
    assert.equal(await count(), before, 'previews: nothing written')
    // The live chat completing is wanted.
    await s.call('POST', `/v1/sessions/${start2.body.sessionId}/continueChat`, { token: other.token, body: { message: '36' } })
    assert.equal(await count(), before + 1)
  })

  test('access: writers manage, guests get 403, other workspaces 404; limits on URLs and counts', async () => {
    const { webhook } = await setUp('http://127.0.0.1:9/hook', ['result.completed'])
    const stranger = await userWithWorkspace(s, 'Stranger')
    const guest = await s.user('Guest', `guest-${Math.random().toString(36).slice(2)}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    const paths: [string, string][] = [
      ['GET', `/v1/webhooks/${webhook.id}`],
      ['PATCH', `/v1/webhooks/${webhook.id}`],
      ['DELETE', `/v1/webhooks/${webhook.id}`],
      ['POST', `/v1/webhooks/${webhook.id}/rotateSecret`],
      ['POST', `/v1/webhooks/${webhook.id}/test`],
      ['GET', `/v1/webhooks/${webhook.id}/deliveries`],
      ['POST', `/v1/webhooks/${webhook.id}/deliveries/d00000000000000000000000/redeliver`],
      ['GET', `/v1/webhooks?workspaceId=${owner.workspaceId}`],
    ]
    for (const [method, path] of paths) {
      const body = method === 'PATCH' ? { enabled: false } : undefined
      assert.equal((await s.call(method, path, { token: stranger.token, body })).status, 404, `${method} ${path} (stranger)`)
      assert.equal((await s.call(method, path, { token: guest.token, body })).status, 403, `${method} ${path} (guest)`)
    }
    // A bot of another workspace cannot be subscribed to.
    const foreign = await importAndPublish(s, stranger.token, stranger.workspaceId, twoQuestions())
    const create = (body: Record<string, unknown>, token = owner.token) =>
      s.call('POST', '/v1/webhooks', {
        token,
        body: { workspaceId: owner.workspaceId, url: 'https://example.com/h', events: ['result.completed'], ...body },
      })
    assert.equal((await create({ botId: foreign.id })).status, 404)
    assert.equal((await create({}, stranger.token)).status, 404)
    assert.equal((await create({ url: 'ftp://example.com/h' })).status, 400)
    assert.equal((await create({ url: `https://example.com/${'a'.repeat(2048)}` })).status, 400)
    assert.equal((await create({ events: ['result.deleted'] })).status, 400)

    const listed = await s.call('GET', `/v1/webhooks?workspaceId=${owner.workspaceId}`, { token: owner.token })
    assert.ok(listed.body.webhooks.some((w: any) => w.id === webhook.id))
    assert.ok(listed.body.webhooks.every((w: any) => !('secret' in w)))
    const patched = await s.call('PATCH', `/v1/webhooks/${webhook.id}`, { token: owner.token, body: { enabled: false, description: 'paused' } })
    assert.equal(patched.status, 200)
    assert.equal(patched.body.webhook.enabled, false)

    const fresh = await userWithWorkspace(s, 'Many')
    for (let i = 0; i < 50; i++) {
      const res = await s.call('POST', '/v1/webhooks', {
        token: fresh.token,
        body: { workspaceId: fresh.workspaceId, url: `https://example.com/${i}`, events: ['result.completed'] },
      })
      assert.equal(res.status, 201)
    }
    const refused = await s.call('POST', '/v1/webhooks', {
      token: fresh.token,
      body: { workspaceId: fresh.workspaceId, url: 'https://example.com/51', events: ['result.completed'] },
    })
    assert.equal(refused.status, 400)
    assert.match(refused.body.message, /at most 50/)
    assert.equal((await s.call('DELETE', `/v1/webhooks/${webhook.id}`, { token: owner.token })).status, 200)
    assert.equal((await s.call('GET', `/v1/webhooks/${webhook.id}`, { token: owner.token })).status, 404)
  })

  test('without ENCRYPTION_SECRET, creating a webhook is refused with a clear message', async () => {
    const bare = await startTestServer({ DATABASE_URL: s.database.url, HTTP_REQUEST_ALLOWLIST: '127.0.0.1' })
    try {
      const res = await bare.call('POST', '/v1/webhooks', {
        token: owner.token,
        body: { workspaceId: owner.workspaceId, url: 'https://example.com/h', events: ['result.completed'] },
      })
      assert.equal(res.status, 400)
      assert.equal(res.body.code, 'encryption_not_configured')
      assert.match(res.body.message, /ENCRYPTION_SECRET/)
    } finally {
      await bare.close()
    }
  })

  test('two servers on one database deliver each event exactly once', { skip: backend !== 'postgres' && 'PostgreSQL only' }, async () => {
    const second = await startTestServer({ ...ENV, DATABASE_URL: s.database.url })
    try {
      const r = await receiver()
      after(r.close)
      const { bot, secret } = await setUp(r.url())
      r.state.secret = secret
      // Chats on both servers, so both write events and both dispatchers work.
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const server = i % 2 ? second : s
          const start = await server.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
          for (const message of ['Ada', '36'])
            await server.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message } })
        }),
      )
      await waitFor('24 events', () => r.state.received.length >= 24)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const ids = r.state.received.map((g) => g.json.id)
      assert.equal(ids.length, 24)
      assert.equal(new Set(ids).size, 24, 'no event delivered twice')
      assert.ok(r.state.received.every((g) => g.verified))
    } finally {
      await second.close()
    }
  })

  test('an idle dispatcher only checks for work; a ping queued by another server wakes it, then it is idle again', async () => {
    // `other` creates and pings through the API but delivers nothing; the dispatcher under test runs on a store of
    // its own on the same (fresh) database, which reports every statement it issues.
    const other = await startTestServer(ENV, { dispatchWebhooks: false })
    const statements: string[] = []
    const store = await openStore(other.database.url, { encryptionSecret: ENV.ENCRYPTION_SECRET, migrate: false, onQuery: (q) => statements.push(q) })
    const sent: HttpRequest[] = []
    const errors: unknown[] = []
    let status = 204
    const dispatcher = createWebhookDispatcher({
      store,
      http: async (req) => {
        sent.push(req)
        return { ok: true, status, headers: {}, text: '' }
      },
      // Retries a minute away: a failed delivery waits far beyond the next checks.
      settings: { pollMs: 10, timeoutMs: 1000, retryBaseMs: 60_000, maxAttempts: 2, retentionDays: 30 },
      onError: (err) => errors.push(err),
    })
    try {
      dispatcher.start()
      const isCheck = (q: string) => /^select exists/.test(q)
      const checks = () => statements.filter(isCheck).length
      /** The statements from the next check on, once `n` more checks were made: only checks while idle. */
      const idleStatements = async (n: number) => {
        const from = checks() + 1
        await waitFor(`${n} checks`, () => checks() >= from + n - 1)
        let seen = 0
        return statements.slice(statements.findIndex((q) => isCheck(q) && ++seen === from))
      }
      // The first round also runs the retention sweep: count from the second check on.
      await waitFor('a first check', () => checks() >= 1)
      const idle = await idleStatements(3)
      assert.ok(idle.length >= 3)
      assert.ok(idle.every(isCheck), 'nothing but the check while idle')
      assert.doesNotMatch(idle[0], /update|insert|delete/)

      const owner = await userWithWorkspace(other)
      const created = await other.call('POST', '/v1/webhooks', {
        token: owner.token,
        body: { workspaceId: owner.workspaceId, url: 'http://127.0.0.1:9/hook', events: ['result.completed'] },
      })
      assert.equal(created.status, 201)
      assert.equal((await other.call('POST', `/v1/webhooks/${created.body.webhook.id}/test`, { token: owner.token })).status, 202)
      await waitFor('the ping sent by the idle dispatcher', () => sent.length === 1, 3000)
      assert.equal(sent[0].purpose, 'webhook')
      assert.equal(JSON.parse(String(sent[0].body)).type, 'ping')
      assert.ok(
        statements.some((q) => /^update "webhookDeliveries"/.test(q)),
        'the queue is polled once there is work',
      )

      // Settled, the queue is empty again: idle, although the webhook exists.
      const log = () => other.call('GET', `/v1/webhooks/${created.body.webhook.id}/deliveries`, { token: owner.token })
      await waitFor('the delivery settled', async () => (await log()).body.deliveries[0]?.status === 'delivered')
      assert.ok((await idleStatements(2)).every(isCheck), 'nothing but the check once the queue is empty')

      // A delivery whose retry is due long after the next check: idle meanwhile too.
      status = 500
      assert.equal((await other.call('POST', `/v1/webhooks/${created.body.webhook.id}/test`, { token: owner.token })).status, 202)
      await waitFor('the second ping tried', () => sent.length === 2, 3000)
      await waitFor(
        'its retry scheduled',
        async () => (await log()).body.deliveries[0]?.attempts === 1 && (await log()).body.deliveries[0]?.status === 'pending',
      )
      assert.ok((await idleStatements(2)).every(isCheck), 'nothing but the check while the only retry is a minute away')
      assert.deepEqual(errors, [])
    } finally {
      await dispatcher.stop()
      await store.close()
      await other.stop()
    }
  })

  test('a webhook created on one server is delivered by another that was idle', async () => {
    // A fresh database: the delivering server starts with no subscription at all, so it starts idle.
    const delivering = await startTestServer(ENV)
    const creating = await startTestServer({ ...ENV, DATABASE_URL: delivering.database.url }, { dispatchWebhooks: false })
    const r = await receiver()
    try {
      const owner = await userWithWorkspace(creating)
      const bot = await importAndPublish(creating, owner.token, owner.workspaceId, twoQuestions())
      const res = await creating.call('POST', '/v1/webhooks', {
        token: owner.token,
        body: { workspaceId: owner.workspaceId, botId: bot.id, url: r.url(), events: ['result.completed'] },
      })
      assert.equal(res.status, 201)
      r.state.secret = res.body.secret
      // The conversation too runs on the server that does not deliver: only the idle one's checks can find it.
      const start = await creating.call('POST', `/v1/bots/${bot.publicId}/startChat`, { token: owner.token, body: {} })
      for (const message of ['Ada', '36'])
        assert.equal(
          (await creating.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message } })).status,
          200,
        )
      await waitFor('result.completed', () => r.state.received.length === 1, 3000)
      assert.equal(r.state.received[0].json.type, 'result.completed')
      assert.ok(r.state.received[0].verified)
    } finally {
      await r.close()
      await creating.close()
      await delivering.stop()
    }
  })
})
