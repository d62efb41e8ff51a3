// Parley's web chat widget in Chromium, on what runs in the browser: a set-variable expression, a paced wait and an
// HTTP request executed by the page, a script that throws (reported with clientLogs), a completion streamed from a
// local OpenAI-compatible server, and a wait-for-webhook answered through the result's WebSocket room.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

/** A wait begun before the page opens covers the whole conversation, not one step (10 s) of it. */
const CONVERSATION_MS = 30_000

const fast = { typingEmulation: { enabled: false } }
const answer = 'Blue light is scattered the most by the air.'
const pdf = Buffer.from('%PDF-1.4\n% a small test document\n%%EOF\n')
const textInput = (id: string, variableId: string) => ({ id, type: 'text input', options: { variableId } })

describe('Parley web chat widget in Chromium: client-side actions', { concurrency: true }, () => {
  const env = useWebChatEnvironment({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'web-chat-test-secret-0123456789' })
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  const inline = (publicId: string) =>
    sitePage(`<parley-standard bot="${publicId}" api-host="${env.server.url}" style="height:560px"></parley-standard>`)
  const results = async (botId: string) => (await env.server.call('GET', `/v1/bots/${botId}/results`, { token: env.owner.token })).body.results
  let llm: OpenAiServer
  let credentialsId: string
  before(async () => {
    llm = await startOpenAiServer({ content: answer })
    const res = await env.server.call('POST', `/v1/workspaces/${env.owner.workspaceId}/credentials`, {
      token: env.owner.token,
      body: { type: 'openai', name: 'Local model', data: { apiKey: 'sk-web-chat', baseUrl: llm.baseUrl } },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    credentialsId = res.body.credentials.id
  })
  after(() => llm?.close())

  test('set variable, wait and HTTP request run in the page and send their results back', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Computing.'),
              { id: 'sv', type: 'Set variable', options: { variableId: 'vAnswer', isExecutedOnClient: true, expressionToEvaluate: '6 * 7' } },
              { id: 'wait', type: 'Wait', options: { secondsToWaitFor: '0.3' } },
              {
                id: 'http',
                type: 'Webhook',
                options: {
                  isExecutedOnClient: true,
                  webhook: { url: `${env.site.origin}/data.json`, method: 'GET' },
                  responseVariableMapping: [
                    { id: 'm1', variableId: 'vPlan', bodyPath: 'data.plan' },
                    { id: 'm2', variableId: 'vCode', bodyPath: 'statusCode' },
                  ],
                },
              },
              say('show', '{{Answer}} {{Plan}} {{Code}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vAnswer', name: 'Answer' },
            { id: 'vPlan', name: 'Plan' },
            { id: 'vCode', name: 'Code' },
          ],
          settings: fast,
        },
      ),
    )
    const chat = await env.open(t, inline(imported.publicId))
    await chat.waitForBubble('42 pro 200')
    assert.deepEqual(await chat.hostBubbles(), ['Computing.', '42 pro 200'])
  })

  test('a script that throws is reported with clientLogs, and the chat goes on', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Before the script.'),
              { id: 'code', type: 'Code', options: { name: 'Broken', content: "throw new Error('broken on purpose')", isExecutedOnClient: true } },
              say('after', 'After the script. Your name?'),
              textInput('ask', 'vName'),
              say('bye', 'Bye {{Name}}.'),
            ],
          ],
        ],
        { variables: [{ id: 'vName', name: 'Name' }], settings: fast },
      ),
    )
    const context = await env.context(t)
    const reported = context.waitForEvent('response', { predicate: (res) => res.url().endsWith('/clientLogs'), timeout: CONVERSATION_MS })
    const chat = await env.openIn(context, env.site.page(inline(imported.publicId)))
    await chat.waitForBubble('After the script. Your name?')
    assert.equal((await reported).status(), 200)
    await chat.answer('Ada')
    await chat.waitForBubble('Bye Ada.')
    const [result] = await results(imported.id)
    const logs = await env.server.call('GET', `/v1/bots/${imported.id}/results/${result.id}/logs`, { token: env.owner.token })
    assert.deepEqual(
      logs.body.logs.map(({ status, description, context }: any) => ({ status, description, context })),
      [{ status: 'error', description: 'broken on purpose', context: 'While executing script' }],
    )
  })

  // The legacy OpenAI block asks with `streamOpenAiChatCompletion`, the plugin block with `stream`: both stream.
  const completionBlocks = () => ({
    'OpenAI plugin block': {
      id: 'ai',
      type: 'openai',
      options: {
        action: 'Create chat completion',
        credentialsId,
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: '{{Question}}' }],
        responseMapping: [{ item: 'Message content', variableId: 'vAnswer' }],
      },
    },
    'legacy OpenAI block': {
      id: 'ai',
      type: 'OpenAI',
      options: {
        task: 'Create chat completion',
        credentialsId,
        model: 'gpt-4o-mini',
        messages: [{ id: 'm1', role: 'user', content: '{{Question}}' }],
        responseMapping: [{ id: 'r1', valueToExtract: 'Message content', variableId: 'vAnswer' }],
      },
    },
  })

  for (const name of ['OpenAI plugin block', 'legacy OpenAI block'] as const)
    test(`a completion streams into a bubble, then the flow goes on with its text (${name})`, async (t) => {
      const imported = await publish(
        bot(
          [
            [
              'g',
              [
                say('hi', 'Ask me anything.'),
                textInput('ask', 'vQuestion'),
                completionBlocks()[name],
                say('answer', '{{Answer}}'),
                say('after', 'Kept: {{Answer}}'),
              ],
            ],
          ],
          {
            variables: [
              { id: 'vQuestion', name: 'Question' },
              { id: 'vAnswer', name: 'Answer' },
            ],
            settings: fast,
          },
        ),
      )
      const context = await env.context(t)
      const streamed = context.waitForEvent('response', {
        predicate: (res) => /\/api\/v2\/sessions\/[^/]+\/streamMessage$/.test(res.url()),
        timeout: CONVERSATION_MS,
      })
      const chat = await env.openIn(context, env.site.page(inline(imported.publicId)))
      await chat.waitForBubble('Ask me anything.')
      await chat.answer('Why is the sky blue?')
      await chat.waitForBubble(`Kept: ${answer}`)
      assert.equal((await streamed).status(), 200)
      assert.deepEqual(await chat.hostBubbles(), ['Ask me anything.', answer, `Kept: ${answer}`])
    })

  test('wait for webhook: the payload delivered to the result room is the reply', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Your name?'),
              textInput('ask', 'vName'),
              { id: 'hook', type: 'webhook', options: { responseVariableMapping: [{ id: 'm1', variableId: 'vPayload', bodyPath: 'data.value' }] } },
              say('done', '{{Name}} got {{Payload}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vName', name: 'Name' },
            { id: 'vPayload', name: 'Payload' },
          ],
          settings: fast,
        },
      ),
    )
    const context = await env.context(t)
    const chat = await env.openIn(context, env.site.page(inline(imported.publicId)))
    const socket = chat.page.waitForEvent('websocket', (ws) => ws.url().includes('/parties/main/'))
    await chat.waitForBubble('Your name?')
    await chat.answer('Ada')
    await socket
    const [result] = await results(imported.id)
    // Delivered until the socket has heard it (a delivery before the socket is open reaches nobody).
    const done = chat.page.locator('.p-host-bubble', { hasText: 'Ada got 7' })
    for (let i = 0; i < 20 && (await done.count()) === 0; i++) {
      await env.server.call('POST', `/v1/bots/${imported.id}/blocks/hook/results/${result.id}/executeWebhook`, {
        token: env.owner.token,
        body: { value: 7 },
      })
      await done.waitFor({ timeout: 500 }).catch(() => undefined)
    }
    await chat.waitForBubble('Ada got 7')
  })
  test('text with attachments: files upload with progress, then go with the text; the file is served back', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Describe the problem; attach a screenshot if you can.'),
              { id: 'ask', type: 'text input', options: { variableId: 'vText', attachments: { isEnabled: true, saveVariableId: 'vFiles' } } },
              say('bye', 'Got: {{Text}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vText', name: 'Text' },
            { id: 'vFiles', name: 'Files' },
          ],
          settings: fast,
        },
      ),
    )
    const context = await env.context(t)
    const chat = await env.openIn(context, env.site.page(inline(imported.publicId)))
    await chat.waitForBubble('Describe the problem')
    const uploaded = context.waitForEvent('response', (res) => res.request().method() === 'PUT')
    await chat.page.locator('.p-input input[type=file]').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf })
    assert.equal((await uploaded).status() < 300, true)
    await chat.page.getByRole('button', { name: 'Remove report.pdf' }).waitFor()
    await chat.page.locator('.p-input input[type=text]').fill('It crashes')
    await chat.page.getByRole('button', { name: 'Send' }).click()
    await chat.waitForBubble('Got: It crashes')
    assert.deepEqual(await chat.guestBubbles(), ['It crashes\n📎 report.pdf'])
    const [result] = await results(imported.id)
    const fileUrl = JSON.stringify(result).match(/https?:[^"]+report\.pdf/)?.[0]
    assert.ok(fileUrl, JSON.stringify(result))
    const served = await fetch(fileUrl)
    assert.equal(Buffer.from(await served.arrayBuffer()).equals(pdf), true)
  })
  test('a voice clip: recorded with the microphone, uploaded, and the answer', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Tell us in your own voice.'),
              { id: 'ask', type: 'text input', options: { variableId: 'vText', audioClip: { isEnabled: true, saveVariableId: 'vClip' } } },
              say('bye', 'Thanks for the clip.'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vText', name: 'Text' },
            { id: 'vClip', name: 'Clip' },
          ],
          settings: fast,
        },
      ),
    )
    const context = await env.context(t)
    const chat = await env.openIn(context, env.site.page(inline(imported.publicId)))
    await chat.waitForBubble('Tell us in your own voice.')
    await chat.page.getByRole('button', { name: 'Record a voice message' }).click()
    await chat.page.getByRole('status').filter({ hasText: 'Recording' }).waitFor()
    await chat.page.waitForTimeout(600)
    const uploaded = context.waitForEvent('response', (res) => res.request().method() === 'PUT')
    await chat.page.getByRole('button', { name: 'Send' }).click()
    assert.equal((await uploaded).status() < 300, true)
    await chat.waitForBubble('Thanks for the clip.')
    assert.deepEqual(await chat.guestBubbles(), ['🎤 Voice message'])
    const [result] = await results(imported.id)
    assert.match(JSON.stringify(result), /rec-ask-\d+\.(webm|mp4)/)
  })
  test('a custom embed (Cal.com booking): its init function renders in the bubble, its wait function answers', async (t) => {
    // A stand-in for Cal's embed script, served by the site: it shows one booking button and reports the booking.
    env.site.asset(
      '/embed/embed.js',
      `(function () {
  var cal = window.Cal, handlers = []
  var run = function (args) {
    var a = [].slice.call(args)
    if (a[0] === 'inline') {
      var b = document.createElement('button')
      b.textContent = 'Book ' + a[1].calLink
      b.onclick = function () { handlers.forEach(function (h) { h.callback({ detail: { data: { date: '2030-03-02T10:00:00Z' } } }) }) }
      a[1].elementOrSelector.appendChild(b)
    }
    if (a[0] === 'on') handlers.push(a[1])
    if (a[0] === 'off') handlers = handlers.filter(function (h) { return h.callback !== a[1].callback })
  }
  ;(cal.q || []).forEach(run)
  cal.q = { push: run }
})()`,
      'text/javascript',
    )
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Pick a time.'),
              {
                id: 'cal',
                type: 'cal-com',
                options: { action: 'Book event', baseUrl: env.site.origin, link: 'ada/intro', saveBookedDateInVariableId: 'vDate' },
              },
              say('bye', 'Booked for {{Date}}.'),
            ],
          ],
        ],
        { variables: [{ id: 'vDate', name: 'Date' }], settings: fast },
      ),
    )
    const chat = await env.open(t, inline(imported.publicId))
    await chat.page.getByRole('button', { name: 'Book ada/intro' }).click()
    await chat.waitForBubble('Booked for 2030-03-02T10:00:00Z.')
  })

  test("start props install the bot's head code and trackers on the page; a Chatwoot block loads the bot's Chatwoot and opens it", async (t) => {
    // A stand-in Chatwoot instance on loopback: its SDK makes a fake widget and, a moment later, says it is ready.
    const chatwoot = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(`window.chatwootSDK = { run: function (o) {
  window.$chatwoot = { opened: false, token: o.websiteToken, setUser: function (id) { this.user = id }, setCustomAttributes: function (a) { this.attributes = a }, toggle: function (s) { this.opened = s === 'open' } };
  setTimeout(function () { window.dispatchEvent(new Event('chatwoot:ready')) }, 10);
} }`),
    )
    await new Promise<void>((resolve) => chatwoot.listen(0, '127.0.0.1', resolve))
    t.after(() => new Promise((resolve) => chatwoot.close(resolve)))
    const chatwootUrl = `http://127.0.0.1:${(chatwoot.address() as AddressInfo).port}`
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Tracking you politely.'),
              { id: 'ga', type: 'Google Analytics', options: { trackingId: 'G-TEST123', action: 'chat_started' } },
              {
                id: 'cw',
                type: 'Chatwoot',
                options: { task: 'Show widget', baseUrl: chatwootUrl, websiteToken: 'tok-1', user: { email: 'ada@example.com' } },
              },
              say('bye', 'An agent will take over.'),
            ],
          ],
        ],
        { settings: { ...fast, metadata: { customHeadCode: '<meta name="parley-test" content="head"><script>window.headCodeRan = true</script>' } } },
      ),
    )
    const chat = await env.open(t, inline(imported.publicId))
    await chat.waitForBubble('An agent will take over.')
    await chat.page.waitForFunction(() => (globalThis as any).$chatwoot?.opened === true)
    const page = await chat.page.evaluate(() => {
      const w = globalThis as any
      return {
        headCodeRan: w.headCodeRan === true,
        meta: w.document.querySelector('meta[name="parley-test"]')?.getAttribute('content'),
        gtagScript: !!w.document.querySelector('script[src*="googletagmanager.com/gtag/js?id=G-TEST123"]'),
        config: w.dataLayer?.some((entry: any) => entry[0] === 'config' && entry[1] === 'G-TEST123'),
        event: w.dataLayer?.some((entry: any) => entry[0] === 'event' && entry[1] === 'chat_started'),
        chatwoot: { token: w.$chatwoot.token, user: w.$chatwoot.user },
      }
    })
    assert.deepEqual(page, {
      headCodeRan: true,
      meta: 'head',
      gtagScript: true,
      config: true,
      event: true,
      chatwoot: { token: 'tok-1', user: 'ada@example.com' },
    })
  })
})
