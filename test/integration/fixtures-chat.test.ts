// Every fixture bot, published and run over HTTP by a scripted user until the conversation ends.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { autoReply, isWaiting } from '../support/autoReply.js'
import { describeWithFixtures, listFixtures } from '../support/fixtures.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { type StripeServer, startStripeServer } from '../support/stripeServer.js'
import { assertWire } from '../support/wire.js'

const MAX_TURNS = 80
/** Bots with no end: every path leads back to a menu (the scripted user stops after a while). */
const ENDLESS = new Set(['templates/customer-support.json'])
const ENDLESS_TURNS = 30

describeWithFixtures('every fixture bot runs to its end over the API', () => {
  let s: TestServer
  let llm: OpenAiServer
  let stripe: StripeServer
  let stripeCredentialsId: string
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  const fixtures = listFixtures()
  /** LLM blocks (legacy OpenAI, openai, mistral) get workspace credentials pointing at a local compatible API. */
  const llmCredentials = new Map<string, string>()
  /** Original fixture id → the id the service gave the imported copy (links between fixtures are remapped). */
  const importedIds = new Map<string, string>()
  const publicIds = new Map<string, string>()

  before(async () => {
    llm = await startOpenAiServer({ content: '{"answer": "Hello from the model"}' })
    s = await startTestServer({ ENCRYPTION_SECRET: 'fixture-secret-0123456789', HTTP_REQUEST_ALLOWLIST: '127.0.0.1' })
    owner = await userWithWorkspace(s)
    for (const type of ['openai', 'mistral']) {
      const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
        token: owner.token,
        body: { type, name: `local ${type}`, data: { apiKey: 'test-key', baseUrl: llm.baseUrl } },
      })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      llmCredentials.set(type, res.body.credentials.id)
    }
    // Payment inputs get credentials pointing at a local Stripe API.
    stripe = await startStripeServer(['sk_live_fixture'])
    const stripeCredentials = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: {
        type: 'stripe',
        name: 'local stripe',
        data: { liveSecretKey: 'sk_live_fixture', livePublicKey: 'pk_live_fixture', baseUrl: stripe.baseUrl },
      },
    })
    stripeCredentialsId = stripeCredentials.body.credentials.id
    for (const { name, bot } of fixtures) {
      const res = await s.call('POST', '/v1/bots/import', { token: owner.token, body: { workspaceId: owner.workspaceId, bot } })
      assert.equal(res.status, 200, `${name}: ${JSON.stringify(res.body)}`)
      if (bot.id) importedIds.set(bot.id, res.body.bot.id)
      publicIds.set(name, res.body.bot.publicId)
      publicIds.set(`id:${name}`, res.body.bot.id)
    }
    for (const { name } of fixtures) {
      const id = publicIds.get(`id:${name}`)!
      const bot = (await s.call('GET', `/v1/bots/${id}`, { token: owner.token })).body.bot
      const groups = JSON.parse(JSON.stringify(bot.groups), (key, value) =>
        key === 'typebotId' && typeof value === 'string' && importedIds.has(value) ? importedIds.get(value) : value,
      )
      for (const block of groups.flatMap((g: any) => g.blocks)) {
        const provider = block.type === 'OpenAI' ? 'openai' : block.type
        if (llmCredentials.has(provider) && block.options) block.options.credentialsId = llmCredentials.get(provider)
        if (block.type === 'payment input') block.options = { ...block.options, credentialsId: stripeCredentialsId }
      }
      await s.call('PATCH', `/v1/bots/${id}`, { token: owner.token, body: { bot: { groups } } })
      assert.equal((await s.call('POST', `/v1/bots/${id}/publish`, { token: owner.token })).status, 200)
    }
  })
  after(async () => {
    await s.stop()
    await llm.close()
    await stripe.close()
  })

  for (const { name } of fixtures) {
    test(name, async () => {
      let res = await s.call('POST', `/v1/bots/${publicIds.get(name)}/startChat`, { token: owner.token, body: {} })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assertWire(res.body, 'start', name)
      const { sessionId, resultId } = res.body
      const unsupported: string[] = []
      let turns = 0
      let attempt = 0
      let lastInputId: string | undefined
      const visits = new Map<string, number>()
      for (;;) {
        for (const log of res.body.logs ?? []) {
          if (/not supported|Credentials not provided/.test(log.description)) unsupported.push(log.description)
        }
        if (!isWaiting(res.body) || (ENDLESS.has(name) && turns >= ENDLESS_TURNS)) break
        assert.ok(++turns <= MAX_TURNS, `${name}: more than ${MAX_TURNS} turns`)
        const inputId = res.body.input?.id
        attempt = inputId && inputId === lastInputId ? attempt + 1 : 0
        if (inputId && attempt === 0) visits.set(inputId, (visits.get(inputId) ?? -1) + 1)
        lastInputId = inputId
        assert.ok(attempt < 4, `${name}: every reply to ${inputId} was refused: ${JSON.stringify(res.body.messages)}`)
        // The scripted user pays what a payment input asks for, as Stripe's form would before the client reports it.
        const secret = res.body.input?.runtimeOptions?.paymentIntentSecret
        if (typeof secret === 'string') stripe.setStatus(secret.split('_secret_')[0], 'succeeded')
        const message = autoReply(res.body, attempt, inputId ? visits.get(inputId) : 0)
        res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message } })
        assert.equal(res.status, 200, `${name} turn ${turns}: ${JSON.stringify(res.body)}`)
        assertWire(res.body, 'continue', `${name} turn ${turns}`)
      }
      assert.deepEqual(unsupported, [], 'every block kind is handled')
      const result = await s.call('GET', `/v1/bots/${publicIds.get(`id:${name}`)}/results/${resultId}`, { token: owner.token })
      if (ENDLESS.has(name)) return
      assert.equal(result.body.result.isCompleted, true, 'the result is completed')
      assert.equal((await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message: 'more?' } })).status, 404)
    })
  }

  test('LLM blocks reached the local model', () => {
    assert.ok(llm.requests.length > 0)
  })

  test('payment inputs were paid through the local Stripe API', () => {
    assert.ok([...stripe.intents.values()].some((intent) => intent.status === 'succeeded'))
    assert.ok(
      stripe.requests.some((r) => r.method === 'GET'),
      'reported payments were checked',
    )
  })
})
