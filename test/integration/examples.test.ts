// The project's own example bots (examples/*.json, used by the README): each imports through the API, publishes
// and runs to its end. Needs nothing outside the repository.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { autoReply, isWaiting } from '../support/autoReply.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { assertWire } from '../support/wire.js'

const examplesDir = fileURLToPath(new URL('../../examples/', import.meta.url))
const examples = readdirSync(examplesDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, bot: JSON.parse(readFileSync(examplesDir + file, 'utf8')) }))

const MAX_TURNS = 30

const textOf = (message: any): string =>
  (message.content.richText ?? []).map((p: any) => (p.children ?? []).map((c: any) => c.text ?? '').join('')).join('\n')

describe('the example bots', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  // examples/orders-server.mjs stands in for the order API in the README; here the same answers on a free port.
  let orders: Server
  let ordersUrl: string

  before(async () => {
    orders = createServer((req, res) => {
      const n = Number(req.url!.split('/').pop())
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ order: n, status: n % 2 === 0 ? 'shipped' : 'being packed' }))
    })
    await new Promise<void>((done) => orders.listen(0, '127.0.0.1', done))
    ordersUrl = `http://127.0.0.1:${(orders.address() as AddressInfo).port}`
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1' })
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await new Promise((done) => orders.close(done))
  })

  /** The example, its order API address pointed at the local one. */
  const publish = (bot: unknown) =>
    importAndPublish(s, owner.token, owner.workspaceId, JSON.parse(JSON.stringify(bot).replaceAll('http://127.0.0.1:4000', ordersUrl)))
  const send = async (sessionId: string, message: unknown) => {
    const res = await s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: owner.token, body: { message } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body
  }

  test('there are examples', () => {
    assert.ok(examples.some(({ file }) => file === 'lead-capture.json'))
  })

  for (const { file, bot } of examples) {
    test(`${file} runs to its end with no error`, async () => {
      const imported = await publish(bot)
      const res = await s.call('POST', `/v1/bots/${imported.publicId}/startChat`, { token: owner.token, body: {} })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assertWire(res.body, 'start', file)
      const { sessionId, resultId } = res.body
      const errors: unknown[] = []
      let body = res.body
      let attempt = 0
      let lastInputId: string | undefined
      for (let turns = 0; ; turns++) {
        errors.push(...(body.logs ?? []).filter((log: any) => log.status === 'error'))
        if (!isWaiting(body)) break
        assert.ok(turns < MAX_TURNS, `more than ${MAX_TURNS} turns`)
        attempt = body.input?.id && body.input.id === lastInputId ? attempt + 1 : 0
        lastInputId = body.input?.id
        assert.ok(attempt < 4, `every reply to ${lastInputId} was refused`)
        const message = autoReply(body, attempt)
        body = await send(sessionId, message)
        assertWire(body, 'continue', `${file} turn ${turns}`)
      }
      assert.deepEqual(errors, [])
      const result = await s.call('GET', `/v1/bots/${imported.id}/results/${resultId}`, { token: owner.token })
      assert.equal(result.body.result.isCompleted, true)
    })
  }

  test("lead-capture.json: the README's conversation", async () => {
    const bot = examples.find(({ file }) => file === 'lead-capture.json')!.bot
    const imported = await publish(bot)
    const start = await s.call('POST', `/v1/bots/${imported.publicId}/startChat`, { token: owner.token, body: {} })
    assert.match(textOf(start.body.messages[0]), /Welcome/)
    assert.deepEqual(
      start.body.input.items.map((i: any) => i.content),
      ['Hi!'],
    )
    assert.equal((await send(start.body.sessionId, 'Hi!')).input.type, 'text input')
    const email = await send(start.body.sessionId, 'Ada')
    assert.ok(email.messages.some((m: any) => textOf(m).includes('Ada')))
    const refused = await send(start.body.sessionId, 'not an email')
    assert.match(textOf(refused.messages[0]), /does not look like an email/)
    assert.equal(refused.input.id, email.input.id, 'the bot asks again')
    const interests = await send(start.body.sessionId, 'Ada@Example.com')
    assert.equal(interests.lastMessageNewFormat, 'ada@example.com')
    assert.equal(interests.input.options.isMultipleChoice, true)
    assert.equal((await send(start.body.sessionId, 'Garden design, Seasonal care')).input.type, 'text input')
    const bye = await send(start.body.sessionId, 'Nothing else, thanks')
    assert.equal(bye.input, undefined)
    assert.deepEqual(bye.messages.map(textOf), [
      'Thank you, Ada. We noted: Garden design, Seasonal care.',
      'A designer will write to ada@example.com within two working days. Happy gardening!',
    ])
    const result = await s.call('GET', `/v1/bots/${imported.id}/results/${start.body.resultId}`, { token: owner.token })
    assert.deepEqual(result.body.result.variables.map((v: any) => [v.name, v.value]).sort(), [
      ['Email', 'ada@example.com'],
      ['Interests', 'Garden design, Seasonal care'],
      ['Name', 'Ada'],
      ['Notes', 'Nothing else, thanks'],
    ])
  })
})
