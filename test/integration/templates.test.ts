// The template gallery over HTTP: the list and one template, a preview chat by slug that creates no bot (continued
// with the normal continueChat, driven by its starter only), and "use": every template becomes a bot that publishes
// and runs its main path, the AI one with the credentials given at creation against a local OpenAI-compatible
// server and the order lookup against a local shop API.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { json, type Peer, startPeer } from '../support/peer.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const textOf = (message: any): string =>
  (message.content?.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')

/** Each template's main path: the replies a visitor sends, and what the last answer says. */
const mainPaths: Record<string, { replies: string[]; last: RegExp; ends?: false }> = {
  'lead-capture': { replies: ['Ada', 'ada@example.com', 'A website'], last: /Thanks, Ada! We will write to ada@example\.com soon\./ },
  'customer-feedback': { replies: ['9', 'Fast answers'], last: /Thanks for your feedback \(9\/10\)/ },
  faq: { replies: ['Shipping', 'No, thanks'], last: /Have a great day!/ },
  quiz: { replies: ["Let's go", 'Mercury', 'Eight', 'Oxygen'], last: /Good effort!/ },
  'support-triage': {
    replies: ['Billing', 'I was charged twice', 'Urgent: work is blocked', '+33612345678'],
    last: /Your Billing request is with our team \(Urgent: work is blocked\)/,
  },
  booking: {
    replies: ['First consultation (30 min)', '2026-12-03', '11:00', 'Ada', 'ada@example.com'],
    last: /Thanks, Ada! First consultation \(30 min\) on 03\/12\/2026 at 11:00: we will confirm it at ada@example\.com\./,
  },
  'nps-survey': { replies: ['6', 'Too slow'], last: /Your answer \(6\/10\) goes straight to our team/ },
  'ai-faq': { replies: ['When are you open?'], last: /We are open 9 to 6\./, ends: false },
  'order-status': { replies: ['A-1043', 'That is all'], last: /Thanks for shopping with us!/ },
  'newsletter-signup': {
    replies: ['ada@example.com', 'New products, Special offers', 'Yes, sign me up'],
    last: /The next issue goes to ada@example\.com/,
  },
  'event-registration': {
    replies: ['Morning (10:00–12:00)', 'Ada Lovelace', 'ada@example.com', '2'],
    last: /See you at the Morning \(10:00–12:00\) session, Ada Lovelace!/,
  },
}

describe('template gallery', () => {
  let s: TestServer
  let llm: OpenAiServer
  let shop: Peer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    llm = await startOpenAiServer({ content: 'We are open 9 to 6.' })
    shop = await startPeer(({ path }, res) =>
      path === '/api/orders/A-1043'
        ? json(res, 200, { status: 'shipped', estimatedDelivery: '2026-12-02' })
        : json(res, 404, { error: 'No such order' }),
    )
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await llm.close()
    await shop.close()
  })

  /** Answers the replies one by one on a session; the last answer. */
  const chatThrough = async (sessionId: string, replies: string[], token = owner.token) => {
    let last: any
    for (const reply of replies) {
      const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token, body: { message: reply } })
      assert.equal(res.status, 200, `${reply}: ${JSON.stringify(res.body)}`)
      last = res.body
    }
    return last
  }
  const botCount = async () =>
    Number(
      (
        await s.store.db
          .selectFrom('bots')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  test('the list names at least ten templates by slug, with categories and the credentials their blocks need', async () => {
    const res = await s.call('GET', '/v1/templates', { token: owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const slugs = res.body.templates.map((t: any) => t.slug)
    assert.ok(slugs.length >= 10)
    assert.deepEqual(new Set(slugs), new Set(Object.keys(mainPaths)), 'every template has a main path in this test')
    const ai = res.body.templates.find((t: any) => t.slug === 'ai-faq')
    assert.deepEqual(ai.credentials, [{ blockId: 'ai-model', blockType: 'openai', type: 'openai' }])
    assert.equal(ai.category, 'support')
    assert.deepEqual(res.body.templates.find((t: any) => t.slug === 'quiz').credentials, [])
    const starters = await s.call('GET', '/v1/starters', { token: owner.token })
    assert.deepEqual(
      starters.body.starters.map((t: any) => t.id),
      slugs,
      'the former starters list names the same templates',
    )
  })

  test('one template with its bot document; an unknown slug is 404; anonymous callers get 401', async () => {
    const res = await s.call('GET', '/v1/templates/order-status', { token: owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.template.name, 'Order status')
    assert.equal(res.body.template.bot.version, '6')
    assert.ok(res.body.template.bot.groups.some((g: any) => g.blocks.some((b: any) => b.type === 'Webhook')))
    assert.equal((await s.call('GET', '/v1/templates/no-such-template', { token: owner.token })).status, 404)
    assert.equal((await s.call('POST', '/v1/templates/no-such-template/preview/startChat', { token: owner.token, body: {} })).status, 404)
    assert.equal((await s.call('GET', '/v1/templates')).status, 401)
    assert.equal((await s.call('POST', '/v1/templates/quiz/preview/startChat', { body: {} })).status, 401)
  })

  test('preview: a chat with the template that creates no bot, continued by its starter only', async () => {
    const bots = await botCount()
    const start = await s.call('POST', '/v1/templates/lead-capture/preview/startChat', { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    assert.equal(start.body.resultId, undefined, 'a preview stores no result')
    assert.match(textOf(start.body.messages[0]), /Leave us a few details/)
    assert.equal(start.body.input.type, 'text input')
    const stranger = await userWithWorkspace(s, 'Stranger')
    const theirs = await s.call('POST', `/v1/sessions/${start.body.sessionId}/continueChat`, { token: stranger.token, body: { message: 'Eve' } })
    assert.equal(theirs.status, 404, 'another user cannot drive the preview')
    const last = await chatThrough(start.body.sessionId, mainPaths['lead-capture'].replies)
    assert.match(textOf(last.messages.at(-1)), mainPaths['lead-capture'].last)
    assert.equal(last.input, undefined)
    assert.equal(await botCount(), bots, 'no bot was created')
    assert.equal(
      Number(
        (
          await s.store.db
            .selectFrom('results')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      0,
    )
  })

  test("Typebot's path for a template preview answers in Typebot's shape, continued on Typebot's continueChat", async () => {
    const start = await s.call('POST', '/api/v1/templates/customer-feedback/preview/startChat', { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    assert.equal(start.body.typebot.id, 'template:customer-feedback')
    assert.equal(start.body.input.type, 'rating input')
    const next = await s.call('POST', `/api/v1/sessions/${start.body.sessionId}/continueChat`, { token: owner.token, body: { message: '10' } })
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.match(textOf(next.body.messages[0]), /Wonderful, thank you!/)
    assert.equal((await s.call('POST', '/api/v1/templates/nope/preview/startChat', { token: owner.token, body: {} })).status, 404)
  })

  test('preview of a template that needs credentials says so in its logs, and the block logs the missing key', async () => {
    const before = llm.requests.length
    const start = await s.call('POST', '/v1/templates/ai-faq/preview/startChat', { token: owner.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    assert.match(start.body.logs[0].description, /ai-model \(openai\) needs openai credentials: this preview runs it without any/)
    const turn = await chatThrough(start.body.sessionId, ['Hello?'])
    assert.match(turn.logs?.[0]?.description ?? '', /Credentials not provided/)
    assert.equal(turn.input.type, 'text input', 'the chat goes on')
    assert.equal(llm.requests.length, before, 'no model was called')
  })

  test('a preview token made for a template starts that template only', async () => {
    const made = await s.call('POST', '/v1/templates/quiz/preview/token', { token: owner.token })
    assert.equal(made.status, 200, JSON.stringify(made.body))
    assert.match(made.body.frameUrl, /\/preview\/frame$/)
    const other = await s.call('POST', '/v1/templates/faq/preview/startChat', { token: made.body.token, body: {} })
    assert.equal(other.status, 404)
    assert.equal((await s.call('GET', '/v1/templates', { token: made.body.token })).status, 401, 'the token reaches no other API')
    const start = await s.call('POST', '/v1/templates/quiz/preview/startChat', { token: made.body.token, body: {} })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const last = await chatThrough(start.body.sessionId, mainPaths.quiz.replies, made.body.token)
    assert.match(textOf(last.messages.at(-2)), /You scored 2 out of 3\./)
    assert.equal((await s.call('POST', '/v1/templates/nope/preview/token', { token: owner.token })).status, 404)
  })

  test('use: every template becomes a bot that publishes and runs its main path live', async () => {
    const credentials = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'openai', name: 'Local model', data: { apiKey: 'sk-test-templates', baseUrl: llm.baseUrl } },
    })
    assert.equal(credentials.status, 200, JSON.stringify(credentials.body))
    const credentialsId = credentials.body.credentials.id
    for (const [slug, path] of Object.entries(mainPaths)) {
      const created = await s.call('POST', '/v1/bots', {
        token: owner.token,
        body: { workspaceId: owner.workspaceId, templateSlug: slug, ...(slug === 'ai-faq' && { credentials: { 'ai-model': credentialsId } }) },
      })
      assert.equal(created.status, 200, `${slug}: ${JSON.stringify(created.body)}`)
      assert.deepEqual(created.body.checks, [], `${slug} passes the checks`)
      const published = await s.call('POST', `/v1/bots/${created.body.bot.id}/publish`, { token: owner.token })
      assert.equal(published.status, 200, `${slug}: ${JSON.stringify(published.body)}`)
      const prefilledVariables = slug === 'order-status' ? { 'Orders API': `${shop.origin}/api` } : undefined
      const start = await s.call('POST', `/v1/bots/${created.body.bot.publicId}/startChat`, { token: owner.token, body: { prefilledVariables } })
      assert.equal(start.status, 200, `${slug}: ${JSON.stringify(start.body)}`)
      assert.ok(start.body.input, `${slug} waits for the visitor first`)
      const before = llm.requests.length
      const last = await chatThrough(start.body.sessionId, path.replies)
      const shown = last.messages.map(textOf).join('\n')
      assert.match(shown, path.last, `${slug}: ${shown}`)
      if (path.ends === false) assert.ok(last.input, `${slug} goes on`)
      else assert.equal(last.input, undefined, `${slug} ended`)
      if (slug === 'ai-faq') {
        assert.equal(llm.requests.length, before + 1)
        assert.equal(llm.requests[before].headers.authorization, 'Bearer sk-test-templates')
        assert.deepEqual(llm.requests[before].body.messages.at(-1), { role: 'user', content: 'When are you open?' })
        assert.equal(llm.requests[before].body.messages[0].role, 'system')
      }
    }
    assert.ok(
      shop.requests.some((r) => r.path === '/api/orders/A-1043'),
      'the order was looked up in the shop API',
    )
  })

  test("a template's preview takes no prefilled variables: its HTTP request goes where the template says, not where the caller points it", async () => {
    const before = shop.requests.length
    const start = await s.call('POST', '/v1/templates/order-status/preview/startChat', {
      token: owner.token,
      body: { prefilledVariables: { 'Orders API': `${shop.origin}/api` } },
    })
    assert.equal(start.status, 200, JSON.stringify(start.body))
    await chatThrough(start.body.sessionId, mainPaths['order-status'].replies)
    assert.equal(shop.requests.length, before, 'the caller-given address was never fetched')
  })

  test('use: the created bot keeps the credentials chosen; wrong or foreign credentials are refused', async () => {
    const mine = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'openai', name: 'Mine', data: { apiKey: 'sk-mine', baseUrl: llm.baseUrl } },
    })
    const created = await s.call('POST', '/v1/bots', {
      token: owner.token,
      body: {
        workspaceId: owner.workspaceId,
        templateSlug: 'ai-faq',
        credentials: { 'ai-model': mine.body.credentials.id },
        bot: { name: 'Help desk' },
      },
    })
    assert.equal(created.status, 200, JSON.stringify(created.body))
    assert.equal(created.body.bot.name, 'Help desk')
    const block = created.body.bot.groups.flatMap((g: any) => g.blocks).find((b: any) => b.id === 'ai-model')
    assert.equal(block.options.credentialsId, mine.body.credentials.id)

    const stranger = await userWithWorkspace(s, 'Other')
    const theirs = await s.call('POST', `/v1/workspaces/${stranger.workspaceId}/credentials`, {
      token: stranger.token,
      body: { type: 'openai', name: 'Theirs', data: { apiKey: 'sk-theirs', baseUrl: llm.baseUrl } },
    })
    const smtp = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { type: 'smtp', name: 'Mail', data: { host: '127.0.0.1', username: 'bot', password: 'secret', from: 'Bot <bot@example.com>' } },
    })
    assert.equal(smtp.status, 200, JSON.stringify(smtp.body))
    for (const [credentials, why] of [
      [{ 'ai-model': theirs.body.credentials.id }, /needs openai credentials of this workspace/],
      [{ 'ai-model': smtp.body.credentials.id }, /needs openai credentials of this workspace/],
      [{ 'ai-say': mine.body.credentials.id }, /no block "ai-say" that reads credentials/],
    ] as const) {
      const res = await s.call('POST', '/v1/bots', {
        token: owner.token,
        body: { workspaceId: owner.workspaceId, templateSlug: 'ai-faq', credentials },
      })
      assert.equal(res.status, 400, JSON.stringify(res.body))
      assert.match(res.body.message, why)
    }
    const alone = await s.call('POST', '/v1/bots', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, credentials: { 'ai-model': mine.body.credentials.id } },
    })
    assert.equal(alone.status, 400, 'credentials without a template')
    const unknown = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, templateSlug: 'nope' } })
    assert.equal(unknown.status, 404)
    const legacy = await s.call('POST', '/v1/bots', { token: owner.token, body: { workspaceId: owner.workspaceId, starterId: 'faq' } })
    assert.equal(legacy.status, 200, 'starterId still creates from a template')
    assert.equal(legacy.body.bot.name, 'FAQ')
  })
})
